import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import RegistrationPage from './RegistrationPage.tsx';

const COUNTRIES = [
  { countryCode: 100, countryName: 'India', isoCode: 'IN', isdCode: '+91' },
  { countryCode: 784, countryName: 'United Arab Emirates', isoCode: 'AE', isdCode: '+971' },
];
const CARDS: Record<string, { identityCard: string; longDesc: string; pattern: string; example: string }[]> = {
  '100': [
    {
      identityCard: 'PAN',
      longDesc: 'Permanent Account Number (PAN)',
      pattern: '^[A-Z]{5}[0-9]{4}[A-Z]$',
      example: 'ABCDE1234F',
    },
  ],
  '784': [{ identityCard: 'TRN', longDesc: 'Tax Registration Number (TRN)', pattern: '^\\d{15}$', example: '100123456700003' }],
};
const TREE: Record<string, { categoryCode: string; categoryName: string }[]> = {
  SUP: [{ categoryCode: 'STL', categoryName: 'Structural Steel' }],
  CON: [{ categoryCode: 'CIV', categoryName: 'Civil Works' }],
  STL: [{ categoryCode: 'TMT', categoryName: 'TMT Bars' }],
  CIV: [{ categoryCode: 'PIL', categoryName: 'Piling' }],
};

/**
 * The registration look-ups: countries and their identifiers, the group's companies and their
 * category tree, and the uniqueness checks — a PAN and a username already taken are refused.
 * Each path asked is recorded, in order.
 */
function serve() {
  const asked: string[] = [];
  const available = (ok: boolean, message: string) => envelope({ available: ok, message });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = new URL(url, 'http://x');
      const path = apiPath(url);
      const q = (name: string) => address.searchParams.get(name) ?? '';
      asked.push(`${path}${address.search}`);
      if (path === '/api/country/registration') return envelope(COUNTRIES);
      if (path === '/api/country-identity-card/country-code') return envelope(CARDS[q('countryCode')] ?? []);
      if (path === '/api/identity-card/validate/identity-card/long-desc')
        return q('identityCard') === 'AAAPL1234C' ? available(false, 'PAN already registered') : available(true, 'PAN is valid.');
      if (path.startsWith('/api/partner/validate/') || path.startsWith('/api/control-parameter/email/'))
        return available(true, 'Available');
      if (path === '/api/company')
        return envelope([{ companyCode: 1, companyName: 'Meridian Engineering & Construction', longDesc: null }]);
      if (path === '/api/business-category/primary-business/company-code/1')
        return envelope([
          { categoryCode: 'SUP', categoryName: 'Supplier' },
          { categoryCode: 'CON', categoryName: 'Contractor' },
        ]);
      if (path.startsWith('/api/business-category/')) return envelope(TREE[q('categoryCode')] ?? []);
      if (path.startsWith('/api/user/verify/'))
        return path.endsWith('/asha') ? available(false, 'Username already taken') : available(true, 'Username Available');
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return asked;
}

function renderPage() {
  renderInApp(<RegistrationPage />);
}

// Keys without a pause between them: the test types a whole form.
const user = userEvent.setup({ delay: null });
const next = () => user.click(screen.getByRole('button', { name: 'Next' }));
const step = (name: string) => screen.findByRole('heading', { level: 2, name });

afterEach(() => vi.unstubAllGlobals());

describe('the registration steps', () => {
  it("checks an identifier typed and left before the country's identifier kind had come, once it comes", async () => {
    serve();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    let release!: () => void;
    const cardsHeld = new Promise<void>((resolve) => (release = resolve));
    // The app asks with the address as text.
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (apiPath(url as string) === '/api/country-identity-card/country-code') await cardsHeld;
      return answer(url, init);
    });
    renderPage();
    await step('KYP details');
    await user.type(screen.getByLabelText(/^National identifier/), 'AAAPV1234C');
    await user.tab();
    release();
    expect(await screen.findByText('PAN is valid.')).toBeInTheDocument();
  });

  it('asks a check again when the connection failed, and says so under the field when it fails every time', async () => {
    serve();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    let failures = 1;
    const isCheck = (url: unknown) => apiPath(url as string) === '/api/identity-card/validate/identity-card/long-desc';
    const checks = () => vi.mocked(fetch).mock.calls.filter(([url]) => isCheck(url)).length;
    vi.mocked(fetch).mockImplementation(async (url, init) => {
      if (isCheck(url) && failures > 0) {
        failures -= 1;
        throw new TypeError('Failed to fetch');
      }
      return answer(url, init);
    });
    renderPage();
    await step('KYP details');
    expect(await screen.findByText('For example ABCDE1234F')).toBeInTheDocument();
    const pan = screen.getByLabelText(/^Permanent Account Number \(PAN\)/);
    await user.type(pan, 'AAAPV1234C');
    await user.tab();
    expect(await screen.findByText('PAN is valid.')).toBeInTheDocument();
    expect(checks()).toBe(2);

    failures = 3;
    await user.clear(pan);
    await user.type(pan, 'AAAPW1234C');
    await user.tab();
    expect(
      await screen.findByText('We could not check this just now. It is checked again when you go on.', undefined, {
        timeout: 3000,
      }),
    ).toBeInTheDocument();
    expect(checks()).toBe(5);
    // Going on asks again: the server answers now, and the step goes on.
    await next();
    await step('Contact details');
    expect(checks()).toBe(6);
  });

  it("names the country's identifier, refuses one already registered on its field, and goes on with a new one", async () => {
    serve();
    renderPage();
    await step('KYP details');
    expect(await screen.findByText('For example ABCDE1234F')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Country/), 'United Arab Emirates');
    expect(await screen.findByLabelText(/^Tax Registration Number \(TRN\)/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Country/), 'India');
    const pan = await screen.findByLabelText(/^Permanent Account Number \(PAN\)/);
    await user.type(pan, 'aaapl1234c');
    expect(pan).toHaveValue('AAAPL1234C');
    await user.tab();
    expect(await screen.findByText('PAN already registered')).toBeInTheDocument();
    await next();
    expect(screen.getByRole('heading', { level: 2, name: 'KYP details' })).toBeInTheDocument();

    await user.clear(pan);
    await user.type(pan, 'AAAPV1234C');
    await next();
    await step('Contact details');
    // The mobile number's prefix is the chosen country's.
    expect(screen.getByText('+91')).toBeInTheDocument();
  });

  it('chains business, category and sub-category, clearing what is below a changed choice; the username is checked as it is typed', async () => {
    const asked = serve();
    renderPage();
    await step('KYP details');
    await user.type(await screen.findByLabelText(/^Permanent Account Number/), 'AAAPV1234C');
    await next();
    await step('Contact details');
    await user.type(screen.getByLabelText(/^Coordination person name/), 'Asha Verma');
    await user.type(screen.getByLabelText(/^Mobile number/), '9876543210');
    await user.type(screen.getByLabelText(/^E-mail/), 'asha@vermasteel.in');
    await user.type(screen.getByLabelText(/^Organisation name/), 'Verma Steel');
    await user.type(screen.getByLabelText(/^Designation/), 'Director');
    await next();

    await step('Business profile');
    await screen.findByRole('option', { name: 'Meridian Engineering & Construction' });
    await user.selectOptions(
      screen.getByLabelText(/^Partner for/),
      screen.getByRole('option', { name: 'Meridian Engineering & Construction' }),
    );
    await within(screen.getByLabelText(/^Primary business/)).findByRole('option', { name: 'Supplier' });
    await user.selectOptions(screen.getByLabelText(/^Primary business/), 'Supplier');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Structural Steel' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Primary category/), 'Structural Steel');
    await waitFor(() => expect(screen.getByRole('option', { name: 'TMT Bars' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Primary sub-category/), 'TMT Bars');
    // Another business: its categories, and nothing chosen below it.
    await user.selectOptions(screen.getByLabelText(/^Primary business/), 'Contractor');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Civil Works' })).toBeInTheDocument());
    expect(screen.getByLabelText(/^Primary category/)).toHaveValue('');
    expect(screen.getByLabelText(/^Primary sub-category/)).toHaveValue('');
    expect(screen.queryByRole('option', { name: 'Structural Steel' })).not.toBeInTheDocument();
    await next();
    expect(await screen.findAllByText('This field is required')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 2, name: 'Business profile' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Primary category/), 'Civil Works');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Piling' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText(/^Primary sub-category/), 'Piling');
    await next();

    await step('Credentials');
    await user.type(screen.getByLabelText(/^Username/), 'asha');
    expect(await screen.findByText('Username already taken')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Username/), '_verma');
    expect(await screen.findByText('Username Available')).toBeInTheDocument();
    // Asked once the typing stopped, not once per key.
    expect(asked.filter((p) => p.startsWith('/api/user/verify/'))).toEqual([
      '/api/user/verify/asha',
      '/api/user/verify/asha_verma',
    ]);
  });
});
