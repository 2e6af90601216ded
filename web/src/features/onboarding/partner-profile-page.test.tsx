import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CODE_OF_CONDUCT_VERSION, type PartnerInfo, type QuickLinks } from '@pp/contract';
import { session } from '../../session/session.ts';
import { signedIn } from '../../test/session.ts';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import PartnerProfilePage from './PartnerProfilePage.tsx';

const INFO = {
  partnerId: 7,
  organizationName: 'Verma Steel',
  partnerNumber: 'P0000007',
  email: 'asha@vermasteel.in',
  countryDetail: { countryCode: 100, countryName: 'India' },
} as PartnerInfo;

const LINKS: QuickLinks = {
  profile: {
    organizationName: 'Verma Steel',
    partnerNumber: 'P0000007',
    companyCode: 1,
    categoryCode: 'SUP',
    categoryName: 'Supplier',
    status: 'Approved',
    requestNumber: 'ONB-1-2026-000123',
    submittedAt: '2026-11-20T10:00:00.000Z',
  },
  // The city named in the street line too, as people often write it: said once.
  address: {
    line1: '14 Industrial Estate, Bhosari',
    line2: 'Pune',
    countryCode: 100,
    stateId: 21,
    cityId: 2101,
    postalCode: '411026',
    cityName: 'Pune',
    stateName: 'Maharashtra',
    countryName: 'India',
  },
  gstins: [
    {
      id: 1,
      gstin: '27AAACV1234F1Z5',
      registrationType: 'REG',
      certificateFileId: null,
      activatedAt: '2026-11-21T10:00:00.000Z',
      stateName: 'Maharashtra',
      active: true,
    },
    {
      id: 2,
      gstin: '29AAACV1234F1Z1',
      registrationType: 'REG',
      certificateFileId: null,
      activatedAt: null,
      stateName: 'Karnataka',
      active: false,
    },
  ],
  taxContacts: [],
  tdsDeclaration: null,
  gstNotification: null,
  codeOfConduct: { version: CODE_OF_CONDUCT_VERSION, acceptedAt: null, acceptedVersion: '2025-04' },
  bankDraft: null,
  financeDraft: null,
  financialYear: '2026-27',
  currencyUnit: null,
};

/** The quick links as the server keeps them: accepting the code and notifying GST change what it answers next. */
function serve() {
  const links = structuredClone(LINKS);
  const sent: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : undefined;
      if (body) sent.push({ path, body });
      if (path === '/api/partner/info') return envelope(INFO);
      if (path === '/api/partner-profile/quicklink') return envelope(links);
      if (path === '/api/partner-profile/code-of-conduct/review') {
        links.codeOfConduct = { version: CODE_OF_CONDUCT_VERSION, acceptedAt: '2026-11-26T10:00:00.000Z', acceptedVersion: null };
        return envelope(links.codeOfConduct);
      }
      if (path === '/api/partner-profile/gst-notification') {
        links.gstNotification = { ...(body as QuickLinks['gstNotification'] & object), submittedAt: '2026-11-26T10:05:00.000Z' };
        return envelope(links.gstNotification);
      }
      // Reference lists of the draft forms, and the whole profile (shown by its own test): not here.
      if (init?.method === undefined || init.method === 'GET')
        return path.includes('general-retrieval') ? envelope(null, 404) : envelope([]);
      return envelope(null, 404);
    }),
  );
  return sent;
}

function renderPage() {
  signedIn({ role: 'PARTNER', userStatus: 'Approved' });
  session.setCompany(1, 'Meridian Engineering & Construction', 'SUP');
  renderInApp(<PartnerProfilePage />);
}

const card = (name: string) => screen.findByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('Profile quick links', () => {
  it('says the registered address once per part, and which GSTINs the group activated', async () => {
    serve();
    renderPage();
    expect(await card('Registered address')).toHaveTextContent('14 Industrial Estate, Bhosari, Pune, Maharashtra 411026, India');
    expect(screen.getByText(/Supplier · Approved · ONB-1-2026-000123/)).toBeInTheDocument();
    const rows = within(await card('GSTINs')).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('27AAACV1234F1Z5MaharashtraActive');
    expect(rows[1]).toHaveTextContent('29AAACV1234F1Z1KarnatakaNot yet activated');
    expect(await card('Tax contact (accounts and finance)')).toHaveTextContent('None given.');
    expect(await card('TDS declaration')).toHaveTextContent('Not declared yet: it is made with the onboarding profile.');
  });

  it('accepts the new code of conduct the partner accepted an older version of', async () => {
    const sent = serve();
    renderPage();
    const conduct = await card(`Supplier code of conduct (${CODE_OF_CONDUCT_VERSION})`);
    expect(conduct).toHaveTextContent('You accepted version 2025-04; the code has changed since.');
    await userEvent.click(within(conduct).getByRole('button', { name: 'I accept the code of conduct' }));
    expect(await within(conduct).findByRole('status')).toHaveTextContent(/^Accepted on /);
    expect(within(conduct).queryByRole('button')).not.toBeInTheDocument();
    expect(sent).toEqual([
      { path: '/api/partner-profile/code-of-conduct/review', body: { version: CODE_OF_CONDUCT_VERSION, accepted: true } },
    ]);
  });

  it("submits this year's GST notification with what is ticked, and offers to submit it again", async () => {
    const sent = serve();
    renderPage();
    const gst = await card('GST notification 2026-27');
    await userEvent.click(within(gst).getByLabelText('E-invoicing applies to our invoices this year'));
    await userEvent.click(within(gst).getByRole('button', { name: 'Submit notification' }));
    // The card starts again from what the server now holds.
    await screen.findByText(/^Submitted /);
    const saved = await card('GST notification 2026-27');
    expect(within(saved).getByRole('status')).toHaveTextContent(/^Submitted /);
    expect(within(saved).getByLabelText('E-invoicing applies to our invoices this year')).toBeChecked();
    expect(within(saved).getByLabelText('We are registered under the GST composition scheme')).not.toBeChecked();
    expect(within(saved).getByRole('button', { name: 'Submit again' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        path: '/api/partner-profile/gst-notification',
        body: { financialYear: '2026-27', eInvoicing: true, compositionScheme: false },
      },
    ]);
  });
});
