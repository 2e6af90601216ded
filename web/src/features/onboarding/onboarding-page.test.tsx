import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ONBOARDING_LISTS,
  SESSION_KEYS,
  type MandatoryCheckResult,
  type OnboardingModuleCode,
  type OnboardingProfile,
  type OnboardingProgress,
  type PartnerInfo,
} from '@pp/contract';
import { registerNavigator } from '../../api/navigation.ts';
import { href } from '../../routing/routes.ts';
import { session } from '../../session/session.ts';
import { fakeToken, signedIn } from '../../test/session.ts';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import OnboardingPage from './OnboardingPage.tsx';

const MODULES: { moduleCode: OnboardingModuleCode; moduleName: string }[] = [
  { moduleCode: 'GEN', moduleName: 'General' },
  { moduleCode: 'STA', moduleName: 'Statutory' },
  { moduleCode: 'PTN', moduleName: 'Partnership' },
];
const INFO = {
  partnerId: 7,
  organizationName: 'Verma Steel',
  countryDetail: { countryCode: 100, countryName: 'India' },
} as PartnerInfo;
/** A profile just begun: nothing filled in yet. */
const PROFILE: OnboardingProfile = {
  profile: {
    companyCode: 1,
    categoryCode: 'SUP',
    categoryName: 'Supplier',
    organizationName: 'Verma Steel',
    partnerNumber: 'P0000007',
    international: false,
    status: 'Edit',
    requestNumber: null,
    submittedAt: null,
  },
  general: null,
  address: null,
  statutory: null,
  vat: null,
  lists: Object.fromEntries(Object.keys(ONBOARDING_LISTS).map((name) => [name, []])) as unknown as OnboardingProfile['lists'],
  financial: { years: [], performance: [], strength: [], others: [], statements: [] },
  questions: [],
  acceptance: null,
  tdsDeclaration: null,
  files: [],
};
const PROGRESS: OnboardingProgress = {
  overall: 40,
  modules: [
    { moduleCode: 'GEN', moduleName: 'General', percentage: 80, satisfied: 8, total: 10 },
    { moduleCode: 'STA', moduleName: 'Statutory', percentage: 0, satisfied: 0, total: 4 },
    { moduleCode: 'PTN', moduleName: 'Partnership', percentage: 0, satisfied: 0, total: 0 },
  ],
};
const PAN_MISSING: MandatoryCheckResult = {
  complete: false,
  missing: [
    { moduleCode: 'STA', path: 'statutory.pan', label: 'field.statutory.pan', text: null, row: null, message: 'PAN is required' },
  ],
};

/** The onboarding server of one profile; its mandatory-fields check finds what `fields` says, once `checked` settles. */
function serve(fields: MandatoryCheckResult, checked: Promise<void> = Promise.resolve()) {
  const posted: string[] = [];
  const complete = { complete: true, missing: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      if (init?.method === 'POST') {
        posted.push(path);
        if (path === '/api/partner/info/category')
          return new Response(
            JSON.stringify({
              response: 'User Category Audit Recorded',
              failureMessage: null,
              accessToken: fakeToken({ role: 'PARTNER', userStatus: 'Edit' }),
            }),
          );
        return envelope({
          requestNumber: 'ONB-1-2026-000123',
          userStatus: 'View',
          accessToken: fakeToken({ role: 'PARTNER', userStatus: 'View' }),
        });
      }
      if (path === '/api/partner/info') return envelope(INFO);
      if (path === '/api/onboard-module') return envelope(MODULES);
      if (path.startsWith('/api/partner-summaries/general-retrieval/')) return envelope(PROFILE);
      if (path.startsWith('/api/onboard-questions/')) return envelope(PROGRESS);
      if (path.endsWith('/verify-mandatory')) return checked.then(() => envelope(fields));
      if (path.startsWith('/api/verify-mandatory-questions/') || path.startsWith('/api/Verify-Mandatory-Static-Questions/'))
        return envelope(complete);
      // The module's reference lists: empty here.
      return envelope([]);
    }),
  );
  return posted;
}

function renderPage(at = href('onboardingDetails')) {
  signedIn({ role: 'PARTNER', userStatus: 'Edit' });
  session.setCompany(1, 'Meridian Engineering & Construction', 'SUP');
  const navigate = vi.fn();
  registerNavigator(navigate);
  renderInApp(<OnboardingPage />, { at });
  return navigate;
}

const submitButton = () => screen.getByRole('button', { name: 'Submit for approval' });

afterEach(() => {
  registerNavigator(null);
  vi.unstubAllGlobals();
});

describe('Onboarding details', () => {
  it("shows each module's share done, and on Submit of an incomplete profile lists what is missing and sends nothing", async () => {
    const posted = serve(PAN_MISSING);
    renderPage();
    // Until the profile is there the page says so, marked busy: not content yet.
    expect(await screen.findByText('Loading your profile…')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Onboarding details' })).toBeInTheDocument();
    expect(await screen.findByTestId('overall-progress')).toHaveTextContent('40% complete');
    const modules = screen.getByRole('navigation', { name: 'Modules' });
    expect(within(modules).getByTestId('progress-GEN')).toHaveTextContent('80%');
    expect(within(modules).getByTestId('progress-STA')).toHaveTextContent('0%');
    // Nothing mandatory in it: not "100 % done" before the partner has opened it.
    expect(within(modules).getByTestId('progress-PTN')).toHaveTextContent('Optional');
    // The module being filled in follows the page's frame.
    expect(await screen.findByRole('heading', { level: 2, name: 'General details' })).toBeInTheDocument();

    expect(await screen.findByText('Still missing (1)')).toBeInTheDocument();
    await userEvent.click(submitButton());
    expect(screen.getByText('The profile cannot be submitted yet: fill in what is listed below.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'What is still missing' })).getByRole('listitem')).toHaveTextContent(
      'Statutory details: PAN is missing',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.click(within(modules).getByRole('button', { name: /Statutory details/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Statutory details' })).toBeInTheDocument();
    expect(within(modules).getByRole('button', { name: /Statutory details/ })).toHaveAttribute('aria-current', 'page');
  });

  it('works on the company and business an OnProgress entry names, switching the session to them once', async () => {
    const posted = serve(PAN_MISSING);
    const company = 'Meridian Infrastructure Projects';
    renderPage(`${href('onboardingDetails')}?onboardStatus=OnProgress&companyCode=8&categoryCode=INF-SUP&companyName=${company}`);
    await vi.waitFor(() =>
      expect(session.get()).toMatchObject({ companyCode: 8, categoryCode: 'INF-SUP', companyName: company }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'General details' })).toBeInTheDocument();
    expect(posted).toEqual(['/api/partner/info/category']);
  });

  it('lets Submit be pressed only once the checks have come: a press before them was lost', async () => {
    let arrive = () => {};
    serve({ complete: true, missing: [] }, new Promise<void>((resolve) => (arrive = resolve)));
    renderPage();
    await screen.findByRole('heading', { level: 2, name: 'General details' });
    expect(submitButton()).toBeDisabled();
    arrive();
    await vi.waitFor(() => expect(submitButton()).toBeEnabled());
    await userEvent.click(submitButton());
    expect(await screen.findByRole('dialog', { name: 'Submit the profile for approval?' })).toBeInTheDocument();
  });

  it('asks before submitting a complete profile, then submits it and opens the read-only preview', async () => {
    const posted = serve({ complete: true, missing: [] });
    const navigate = renderPage();
    await screen.findByRole('heading', { level: 2, name: 'General details' });
    await userEvent.click(submitButton());
    const confirm = await screen.findByRole('dialog', { name: 'Submit the profile for approval?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(posted).toEqual([]);

    await userEvent.click(submitButton());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ok' }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(href('onboardingDetailPreview'), { replace: true }));
    expect(posted).toEqual(['/api/partnerportal/workflow/onboard-module/submit/category/SUP/company-code/1']);
    // The new token carries the new status: the guards now let the partner only view.
    expect(session.get().userStatus).toBe('View');
    expect(sessionStorage.getItem(SESSION_KEYS.token)).not.toBeNull();
  });
});
