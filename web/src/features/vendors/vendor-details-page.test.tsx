import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VendorDetail, VendorItem, WorkflowStatus } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, ONE_COMPANY, renderInApp } from '../../test/render.tsx';
import VendorDetailsPage from './VendorDetailsPage.tsx';

const VENDOR: VendorItem = {
  partnerNumber: 'P0000042',
  organizationName: 'Deshpande Steel Pvt Ltd',
  countryName: 'India',
  email: 'accounts@deshpande.example',
  mobileNumber: '9876543210',
  accountStatus: 'ACTIVE',
  companyCodes: [1],
  registeredAt: '2026-01-15T10:00:00.000Z',
};
const DETAIL: VendorDetail = {
  ...VENDOR,
  coordinationPerson: 'Asha Deshpande',
  website: null,
  classificationCode: null,
  fleetCardTag: false,
  graceDays: 0,
  companies: [
    { companyCode: 1, companyName: 'Group Company One', categoryCode: 'SUP', categoryName: 'Supplier', isDefault: true },
  ],
  profiles: [
    {
      companyCode: 1,
      categoryCode: 'SUP',
      status: 'Approved',
      requestNumber: 'ONB-1-2026-000042',
      flow: 'ONBOARDING',
      state: 'APPROVED',
      rekycAllowed: true,
      bankDraft: null,
      financeDraft: null,
    },
  ],
  identifiers: [{ kind: 'PAN', value: 'AAACD1234E' }],
  drafts: { bank: false, finance: false },
};

/** The vendor master: a search that says what it read the term as, one partner's master data, and a re-KYC started. */
function serve() {
  const searches: URLSearchParams[] = [];
  const sent: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      const query = new URL(url, 'http://x').searchParams;
      if (path === '/api/company') return envelope(ONE_COMPANY);
      if (path === '/api/partner-mgmt/search') {
        searches.push(query);
        const term = query.get('searchTerm') ?? '';
        const pan = /^[A-Z]{5}\d{4}[A-Z]$/.test(term);
        const items = !term || pan || VENDOR.organizationName.toLowerCase().includes(term.toLowerCase()) ? [VENDOR] : [];
        return envelope({
          items,
          total: items.length,
          totalCapped: false,
          pageNo: 1,
          pageSize: 20,
          nextCursor: null,
          matchedAs: term ? (pan ? 'pan' : 'name') : null,
        });
      }
      if (path === `/api/partner-mgmt/partner/${VENDOR.partnerNumber}`) return envelope(DETAIL);
      if (path === '/api/rekyc/initiate') {
        const body = JSON.parse(init!.body as string) as Record<string, unknown>;
        sent.push(body);
        const status: WorkflowStatus = {
          requestNumber: 'RKY-1-2026-000001',
          flow: 'REKYC',
          state: 'REKYC_DUE',
          desk: null,
          userStatus: 'Edit',
          actions: [],
          companyCode: 1,
          title: VENDOR.organizationName,
          submittedAt: '2026-11-22T10:00:00.000Z',
          updatedAt: '2026-11-22T10:00:00.000Z',
          lastRemarks: null,
        };
        return envelope(status);
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { searches, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('Vendor Details', () => {
  it('searches the partners on the server and says what it read the term as', async () => {
    const { searches } = serve();
    signedIn({ role: 'FINANCE', userStatus: 'Approved' });
    renderInApp(<VendorDetailsPage />, { at: '/VendorDetails' });
    const table = await screen.findByRole('table', { name: 'Partners' });
    expect(await within(table).findByText('Deshpande Steel Pvt Ltd')).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox'), 'AAACD1234E');
    expect(await screen.findByText('Searched as a PAN.')).toBeVisible();
    expect(searches.at(-1)!.get('searchTerm')).toBe('AAACD1234E');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No partners match.')).toBeVisible();
  });

  it('opens a partner’s master data, its numbers and profiles, and starts a re-KYC after a confirmation', async () => {
    const { sent } = serve();
    signedIn({ role: 'FINANCE', userStatus: 'Approved' });
    renderInApp(<VendorDetailsPage />, { at: '/VendorDetails' });
    await userEvent.click(await screen.findByRole('button', { name: 'P0000042' }));
    expect(await screen.findByText('Asha Deshpande')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Numbers registered' })).getByText('AAACD1234E')).toBeVisible();
    const profiles = screen.getByRole('table', { name: 'Profiles and requests' });
    expect(within(profiles).getByRole('link', { name: 'ONB-1-2026-000042' })).toHaveAttribute(
      'href',
      '/summarypage?requestNumber=ONB-1-2026-000042',
    );

    await userEvent.type(within(profiles).getByLabelText('Remarks for the partner (why a re-KYC)'), 'PAN records changed');
    await userEvent.click(within(profiles).getByRole('button', { name: 'Start a re-KYC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a re-KYC?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('Re-KYC RKY-1-2026-000001 started: the partner has been told.')).toBeVisible();
    await waitFor(() =>
      expect(sent).toEqual([{ partnerNumber: 'P0000042', companyCode: 1, categoryCode: 'SUP', remarks: 'PAN records changed' }]),
    );
  });
});
