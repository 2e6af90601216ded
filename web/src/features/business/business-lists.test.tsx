import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, Order } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, pageOf, renderInApp } from '../../test/render.tsx';
import { rupees } from '../../lib/money.ts';
import InvoicePage from './InvoicePage.tsx';
import OrderSummaryPage from './OrderSummaryPage.tsx';

const order = (n: number, over: Partial<Order> = {}): Order => ({
  orderNumber: `PO-1-${1000 + n}`,
  orderType: 'PO',
  orderDate: '2026-10-01',
  deliveryDate: null,
  description: `Structural steel lot ${n}`,
  projectName: n === 1 ? 'Metro Line 3' : null,
  categoryCode: 'SUP',
  categoryName: 'Supplier',
  currency: 'INR',
  amount: 125_000 * n,
  status: 'OPEN',
  invoiced: 50_000,
  received: 25_000,
  ...over,
});
const invoice = (n: number, over: Partial<Invoice> = {}): Invoice => ({
  invoiceNumber: `INV-${2000 + n}`,
  orderNumber: `PO-1-${1000 + n}`,
  invoiceDate: '2026-10-05',
  dueDate: '2026-11-04',
  amount: 100_000,
  taxAmount: 18_000,
  total: 118_000,
  received: 18_000,
  outstanding: 100_000,
  status: 'ACCEPTED',
  paymentState: 'PART_PAID',
  overdue: n === 1,
  lastPaidOn: n === 1 ? '2026-10-20' : null,
  ...over,
});

/** The partner's orders (a POST with page and size in the body) and invoices (a GET), filtered as the server does. */
function serve(orders: Order[], invoices: Invoice[]) {
  const orderBodies: Record<string, unknown>[] = [];
  const invoiceQueries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      if (path === '/api/partner/order-summary') {
        const body = JSON.parse(init!.body as string) as { page: number; size: number; searchTerm?: string; status?: string };
        orderBodies.push(body);
        const items = orders
          .filter((o) => !body.status || o.status === body.status)
          .filter((o) => !body.searchTerm || o.description.toLowerCase().includes(body.searchTerm.toLowerCase()));
        const page = items.slice((body.page - 1) * body.size, body.page * body.size);
        return envelope({
          items: page,
          total: items.length,
          totalCapped: false,
          pageNo: body.page,
          pageSize: body.size,
          nextCursor: null,
        });
      }
      if (path === '/api/partner-invoice') {
        const query = new URL(url, 'http://x').searchParams;
        invoiceQueries.push(query);
        const items = invoices.filter((i) => !query.get('paymentState') || i.paymentState === query.get('paymentState'));
        return envelope(pageOf(items));
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { orderBodies, invoiceQueries };
}

afterEach(() => vi.unstubAllGlobals());

describe('Order Summary', () => {
  it('lists the orders with what was invoiced and received, pages them and filters by status on the server', async () => {
    const orders = Array.from({ length: 22 }, (_, i) => order(i + 1, i === 21 ? { status: 'CLOSED' } : {}));
    const { orderBodies } = serve(orders, []);
    signedIn();
    renderInApp(<OrderSummaryPage />, { at: '/partnersummary' });
    const table = await screen.findByRole('table', { name: 'Order Summary' });
    const first = (await within(table).findByText('Structural steel lot 1')).closest('tr')!;
    expect(first).toHaveTextContent('Metro Line 3');
    expect(first).toHaveTextContent('Purchase order');
    expect(first).toHaveTextContent(rupees(125_000));
    expect(first).toHaveTextContent(rupees(50_000));
    expect(screen.getByText('22 orders')).toBeVisible();
    expect(orderBodies[0]).toEqual({ page: 1, size: 20 });

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Structural steel lot 21')).toBeVisible();
    expect(orderBodies.at(-1)).toEqual({ page: 2, size: 20 });

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'CLOSED');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(orderBodies.at(-1)).toEqual({ page: 1, size: 20, status: 'CLOSED' });
  });

  it('tells no orders yet from no orders matching', async () => {
    serve([], []);
    signedIn();
    renderInApp(<OrderSummaryPage />, { at: '/partnersummary' });
    expect(await screen.findByText('No orders yet.')).toBeVisible();
    await userEvent.type(screen.getByRole('searchbox'), 'cement');
    expect(await screen.findByText('No orders match.')).toBeVisible();
  });
});

describe('Invoices', () => {
  it('shows each invoice with its total, what was received and is outstanding, overdue ones marked', async () => {
    const { invoiceQueries } = serve([], [invoice(1), invoice(2, { status: 'SUBMITTED', paymentState: 'UNPAID', received: 0 })]);
    signedIn();
    renderInApp(<InvoicePage />, { at: '/partnerinvoice' });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const first = (await within(table).findByText('INV-2001')).closest('tr')!;
    expect(first).toHaveTextContent(rupees(118_000));
    expect(first).toHaveTextContent('Overdue');
    expect(first).toHaveTextContent('Part paid');
    expect(within(first).getByText(/last paid/)).toBeVisible();
    const second = within(table).getByText('INV-2002').closest('tr')!;
    expect(second).toHaveTextContent('Awaiting acceptance');
    expect(second).not.toHaveTextContent('Overdue');
    // Amounts line up on the right, their headers too.
    expect(within(table).getByRole('columnheader', { name: 'Total (with tax)' })).toHaveClass('text-end');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'UNPAID');
    await waitFor(() => expect(within(table).queryByText('INV-2001')).toBeNull());
    expect(invoiceQueries.at(-1)!.get('paymentState')).toBe('UNPAID');
  });

  it('says so when there is no invoice', async () => {
    serve([], []);
    signedIn();
    renderInApp(<InvoicePage />, { at: '/partnerinvoice' });
    expect(await screen.findByText('No invoices.')).toBeVisible();
  });
});
