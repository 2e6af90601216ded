import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WORKFLOW_STATE_NAMES, type Customer } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, ONE_COMPANY, pageOf, renderInApp } from '../../test/render.tsx';
import CustomerRegistrationPage from './CustomerRegistrationPage.tsx';

type Listed = Omit<Customer, 'branches' | 'banks' | 'address'>;
const customer = (n: number, name: string, state: Listed['state']): Listed => ({
  customerNumber: `C10000${n}`,
  requestNumber: `CUS-1-2026-00000${n}`,
  companyCode: 1,
  name,
  pan: n === 1 ? 'AAACK1234F' : null,
  gstin: null,
  email: `customer${n}@example.com`,
  mobileNumber: '9876543210',
  state,
  desk: null,
  createdAt: '2026-11-10T10:00:00.000Z',
});
const CUSTOMERS = [customer(1, 'Konkan Metro Rail Ltd', 'DRAFT'), customer(2, 'Pune Smart City Ltd', 'APPROVED')];

/** The customer list, searched by name or number as the server does; a request's own reads refused (not under test). */
function serve(customers: Listed[] = CUSTOMERS) {
  const lists: URLSearchParams[] = [];
  const sent: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      const query = new URL(url, 'http://x').searchParams;
      if ((init?.method ?? 'GET') !== 'GET') sent.push(path);
      if (path === '/api/company') return envelope(ONE_COMPANY);
      if (path === '/api/customer/getList') {
        lists.push(query);
        const term = (query.get('searchTerm') ?? '').toLowerCase();
        const items = customers.filter((c) => !term || `${c.name} ${c.customerNumber}`.toLowerCase().includes(term));
        return envelope(pageOf(items));
      }
      return envelope([]);
    }),
  );
  return { lists, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('Customer Registration', () => {
  it("lists the group's customers with where each stands, and searches them on the server", async () => {
    const { lists } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<CustomerRegistrationPage />, { at: '/CustomerRegistration' });
    const table = await screen.findByRole('table', { name: 'Customers' });
    const first = (await within(table).findByText('Konkan Metro Rail Ltd')).closest('tr')!;
    expect(first).toHaveTextContent('AAACK1234F');
    expect(first).toHaveTextContent(WORKFLOW_STATE_NAMES.en.DRAFT);
    expect(screen.getByText('2 customers')).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox'), 'pune');
    await waitFor(() => expect(within(table).queryByText('Konkan Metro Rail Ltd')).toBeNull());
    expect(lists.at(-1)!.get('searchTerm')).toBe('pune');
    await userEvent.type(screen.getByRole('searchbox'), ' nowhere');
    expect(await screen.findByText('No customer matches the search.')).toBeVisible();
  });

  it('says so when no customer is registered yet', async () => {
    serve([]);
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<CustomerRegistrationPage />, { at: '/CustomerRegistration' });
    expect(await screen.findByText('No customer is registered yet.')).toBeVisible();
  });

  it('opens the registration form, and refuses an empty one beside its fields without calling the server', async () => {
    const { sent } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<CustomerRegistrationPage />, { at: '/CustomerRegistration?CompanyCode=1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Register a customer' }));
    expect(await screen.findByRole('button', { name: 'Close the registration form' })).toHaveAttribute('aria-expanded', 'true');
    const form = await screen.findByRole('region', { name: 'Register a customer' });
    await userEvent.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findAllByText(/required|enter|must/i)).not.toHaveLength(0);
    expect(sent).toEqual([]);
  });

  it("says when no customer has the number the group's link names", async () => {
    serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<CustomerRegistrationPage />, { at: '/CustomerRegistration?DocumentNo=C999999' });
    expect(await screen.findByText('No customer has the number C999999.')).toBeVisible();
  });

  it('refuses an address whose request number is not one', async () => {
    serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<CustomerRegistrationPage />, { at: '/CustomerRegistration?RefId=nonsense' });
    expect(await screen.findByText('That is not a request number (like ONB-1-2026-000123).')).toBeVisible();
  });
});
