import { beforeAll, describe, expect, it } from 'vitest';
import { api, type Invoice, type Order } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, okResponse as ok, setupFeatureTest, signIn } from '@pp/testing';

const { db, app } = await setupFeatureTest({ at: new Date('2026-11-24T10:00:00Z') });

const date = (d: string) => new Date(`${d}T00:00:00Z`);
let orderSeq = 0;

/** An order of the partner with invoices (net amount, 18 % tax) and their payments. */
async function order(
  partnerId: number,
  o: {
    date: string;
    amount: number;
    status?: string;
    companyCode?: number;
    categoryCode?: string;
    description?: string;
    type?: string;
  },
  invoices: { date: string; amount: number; status?: string; due?: string; paid?: [string, number][] }[] = [],
) {
  orderSeq += 1;
  const companyCode = o.companyCode ?? 1;
  const created = await db.partnerOrder.create({
    data: {
      orderNumber: `45${String(partnerId).padStart(6, '0')}${String(orderSeq).padStart(4, '0')}`,
      orderType: o.type ?? 'PO',
      partnerId,
      companyCode,
      categoryCode: o.categoryCode ?? 'SUP-STL-TMT',
      description: o.description ?? 'Supply of TMT bars',
      projectName: 'Pune Ring Road Package 4',
      orderDate: date(o.date),
      amount: o.amount,
      status: o.status ?? 'OPEN',
    },
  });
  for (const [n, i] of invoices.entries()) {
    const invoice = await db.partnerInvoice.create({
      data: {
        invoiceNumber: `INV/${created.orderNumber}/${n + 1}`,
        partnerId,
        orderId: created.id,
        companyCode,
        invoiceDate: date(i.date),
        dueDate: date(i.due ?? i.date),
        amount: i.amount,
        taxAmount: i.amount * 0.18,
        status: i.status ?? 'ACCEPTED',
      },
    });
    for (const [paidOn, amount] of i.paid ?? [])
      await db.partnerPayment.create({
        data: { invoiceId: invoice.id, partnerId, companyCode, paidOn: date(paidOn), amount, reference: `UTR${orderSeq}${n}` },
      });
  }
  return created;
}

async function partnerWithBusiness() {
  const user = await createPartnerUser(db);
  const id = user.partner.id;
  // September: one order of 100,000 billed in full (118,000 with tax), paid 118,000 in October.
  await order(id, { date: '2026-09-10', amount: 100_000, status: 'DELIVERED' }, [
    { date: '2026-09-20', amount: 100_000, due: '2026-11-04', paid: [['2026-10-15', 118_000]] },
  ]);
  // October: an order of 200,000 in electrical equipment, half billed (118,000), 50,000 paid, overdue.
  await order(
    id,
    { date: '2026-10-05', amount: 200_000, status: 'IN_PROGRESS', categoryCode: 'SUP-ELE-CBL', description: 'Supply of cables' },
    [
      { date: '2026-10-10', amount: 100_000, due: '2026-11-20', paid: [['2026-11-02', 50_000]] },
      { date: '2026-11-01', amount: 10_000, status: 'SUBMITTED', due: '2026-12-16' },
      { date: '2026-11-03', amount: 5_000, status: 'REJECTED', due: '2026-12-18' },
    ],
  );
  // November: a work order of 50,000, nothing billed; and one cancelled.
  await order(id, { date: '2026-11-12', amount: 50_000, type: 'WO', description: 'Execution of civil works' });
  await order(id, { date: '2026-11-13', amount: 7_000, status: 'CANCELLED' });
  // Long ago (outside the default twelve months): billed 11,800, never paid.
  await order(id, { date: '2025-01-15', amount: 10_000, status: 'CLOSED' }, [
    { date: '2025-01-20', amount: 10_000, due: '2025-03-06' },
  ]);
  // The same partner in the other group company, and another partner: neither counts.
  await order(id, { date: '2026-10-01', amount: 999_999, companyCode: 8, categoryCode: 'INF-SUP-AGG-RMC' });
  const other = await createPartnerUser(db);
  await order(other.partner.id, { date: '2026-10-01', amount: 888_888 }, [
    { date: '2026-10-02', amount: 888_888, paid: [['2026-10-03', 1]] },
  ]);
  const { auth } = await signIn(app, user.username);
  return { ...user, auth };
}

let headers: Record<string, string>;
beforeAll(async () => {
  headers = (await partnerWithBusiness()).auth;
});

describe('the dashboard charts', () => {
  it('orders: by month over the last twelve months (empty months too) and by status, of the session’s company only', async () => {
    const chart = await ok(callApi(app, api.business.ordersChart, { headers }));
    expect(chart.range).toEqual({ from: '2025-12-01', to: '2026-11-24' });
    expect(chart.byMonth).toHaveLength(12);
    expect(chart.byMonth[0]).toEqual({ month: '2025-12', orders: 0, value: 0 });
    expect(chart.byMonth.slice(-3)).toEqual([
      { month: '2026-09', orders: 1, value: 100_000 },
      { month: '2026-10', orders: 1, value: 200_000 },
      { month: '2026-11', orders: 2, value: 57_000 },
    ]);
    expect(chart.byStatus).toEqual([
      { status: 'IN_PROGRESS', orders: 1, value: 200_000 },
      { status: 'DELIVERED', orders: 1, value: 100_000 },
      { status: 'OPEN', orders: 1, value: 50_000 },
      { status: 'CANCELLED', orders: 1, value: 7_000 },
    ]);
    const older = await ok(callApi(app, api.business.ordersChart, { headers, query: { from: '2025-01-01', to: '2025-01-31' } }));
    expect(older.byMonth).toEqual([{ month: '2025-01', orders: 1, value: 10_000 }]);
  });

  it('invoice summary: by status and payment, with what the group owes and what is overdue', async () => {
    const summary = await ok(callApi(app, api.business.invoiceSummary, { headers }));
    expect(summary.byStatus).toEqual([
      { status: 'ACCEPTED', paymentState: 'PAID', invoices: 1, amount: 118_000 },
      { status: 'ACCEPTED', paymentState: 'PART_PAID', invoices: 1, amount: 118_000 },
      { status: 'REJECTED', paymentState: 'UNPAID', invoices: 1, amount: 5_900 },
      { status: 'SUBMITTED', paymentState: 'UNPAID', invoices: 1, amount: 11_800 },
    ]);
    // Accepted 236,000, paid 168,000; the part-paid one was due on 20 November.
    expect(summary.totals).toEqual({ invoiced: 236_000, received: 168_000, outstanding: 68_000, overdue: 68_000 });
  });

  it('received vs outstanding: per month, outstanding counting what was owed before the range', async () => {
    const chart = await ok(
      callApi(app, api.business.receivedVsOutstanding, { headers, query: { from: '2026-09-01', to: '2026-11-30' } }),
    );
    expect(chart.byMonth).toEqual([
      // 11,800 unpaid since January 2025, plus September's 118,000.
      { month: '2026-09', invoiced: 118_000, received: 0, outstanding: 129_800 },
      { month: '2026-10', invoiced: 118_000, received: 118_000, outstanding: 129_800 },
      { month: '2026-11', invoiced: 0, received: 50_000, outstanding: 79_800 },
    ]);
  });

  it('top categories: by order value, as many as asked', async () => {
    const chart = await ok(callApi(app, api.business.topCategories, { headers, query: { limit: '1' } }));
    expect(chart.categories).toEqual([
      { categoryCode: 'SUP-ELE-CBL', categoryName: 'Cables and Wires', orders: 1, value: 200_000 },
    ]);
    const all = await ok(callApi(app, api.business.topCategories, { headers }));
    expect(all.categories.map((c: { categoryCode: string }) => c.categoryCode)).toEqual(['SUP-ELE-CBL', 'SUP-STL-TMT']);
  });

  it('refuses a bad range or limit naming the field, a caller without a token, and staff', async () => {
    for (const [query, field] of [
      [{ from: '2026-01-01' }, 'to'],
      [{ from: '2026-02-01', to: '2026-01-01' }, 'to'],
      [{ from: '2020-01-01', to: '2026-01-01' }, 'to'],
      [{ from: '2026-13-01', to: '2026-12-01' }, 'from'],
    ] as const) {
      const res = await callApi(app, api.business.receivedVsOutstanding, { headers, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field}: `));
    }
    const limit = await callApi(app, api.business.topCategories, { headers, query: { limit: '11' } });
    expect(limit.error().failureMessage).toMatch(/^limit: /);
    expect((await callApi(app, api.business.ordersChart)).statusCode).toBe(401);
    const staff = await signIn(app, (await createStaffUser(db, 'BUYER')).username);
    expect((await callApi(app, api.business.invoiceSummary, { headers: staff.auth })).statusCode).toBe(403);
  });
});

describe('POST /api/partner/order-summary', () => {
  const summary = async (body: Record<string, unknown>) => {
    const res = await callApi(app, api.business.orderSummary, { headers, body });
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    // The statement writes the answer's JSON and the server sends it unchecked: it must be what the
    // contract's schema reads (no key more or less, each of its type).
    expect(res.json()).toStrictEqual(api.business.orderSummary.response.parse(res.json()));
    return res.json().response;
  };

  it('pages the session company’s orders newest first, with what was invoiced (accepted) and received', async () => {
    const first = await summary({ page: 1, size: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((o: Order) => o.orderDate)).toEqual(['2026-11-13', '2026-11-12']);
    const second = await summary({ page: 2, size: 2 });
    expect(second.items.map((o: Order) => o.orderDate)).toEqual(['2026-10-05', '2026-09-10']);
    expect(second.items[0]).toMatchObject({
      orderType: 'PO',
      categoryName: 'Cables and Wires',
      amount: 200_000,
      status: 'IN_PROGRESS',
      invoiced: 118_000,
      received: 50_000,
      currency: 'INR',
      deliveryDate: null,
    });
    // The cursor of page 1 leads to the same rows as page 2.
    const following = await summary({ size: 2, after: first.nextCursor });
    expect(following.items).toEqual(second.items);
    const last = await summary({ page: 3, size: 2 });
    expect(last.items).toHaveLength(1);
    expect(last.nextCursor).toBeNull();
  });

  it('searches the order number from its start and the description, and filters by status and type', async () => {
    const all = await summary({});
    const number = all.items[2]!.orderNumber;
    expect((await summary({ searchTerm: number.slice(0, 9) })).items.length).toBeGreaterThanOrEqual(1);
    expect((await summary({ searchTerm: number })).items.map((o: Order) => o.orderNumber)).toEqual([number]);
    expect((await summary({ searchTerm: 'CABLES' })).items.map((o: Order) => o.description)).toEqual(['Supply of cables']);
    expect((await summary({ status: 'CANCELLED' })).total).toBe(1);
    expect((await summary({ orderType: 'WO' })).items.map((o: Order) => o.description)).toEqual(['Execution of civil works']);
    expect((await summary({ searchTerm: 'nothing like this' })).total).toBe(0);
    // LIKE's wildcards are letters to look for, not patterns.
    expect((await summary({ searchTerm: '%' })).total).toBe(0);
    expect((await summary({ searchTerm: 'of_cables' })).total).toBe(0);
  });

  it('refuses bad paging naming the field', async () => {
    for (const [body, field] of [
      [{ size: 0 }, 'size'],
      [{ size: 101 }, 'size'],
      [{ page: 'one' }, 'page'],
      [{ status: 'LOST' }, 'status'],
      [{ after: 'bm90IGpzb24' }, 'after'],
      // JSON strings, but not a day and an id this list answered.
      [{ after: Buffer.from('"garbage"').toString('base64url') }, 'after'],
      [{ after: Buffer.from('"2026-02-31|4"').toString('base64url') }, 'after'],
      [{ after: Buffer.from('"0000-01-01|4"').toString('base64url') }, 'after'],
      [{ sort: 'amount' }, ''],
    ] as const) {
      const res = await callApi(app, api.business.orderSummary, { headers, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field}`));
    }
    expect((await callApi(app, api.business.orderSummary, { body: {} })).statusCode).toBe(401);
  });
});

describe('GET /api/partner-invoice', () => {
  it('pages the invoices newest first with payments, and filters by status, payment and number', async () => {
    const list = async (query: Record<string, string>) =>
      (await ok(callApi(app, api.business.invoices, { headers, query }))) as { items: Invoice[]; total: number };
    const all = await list({});
    expect(all.total).toBe(5);
    expect(all.items.map((i) => i.invoiceDate)).toEqual(['2026-11-03', '2026-11-01', '2026-10-10', '2026-09-20', '2025-01-20']);
    expect(all.items[2]).toMatchObject({
      amount: 100_000,
      taxAmount: 18_000,
      total: 118_000,
      received: 50_000,
      outstanding: 68_000,
      status: 'ACCEPTED',
      paymentState: 'PART_PAID',
      overdue: true,
      lastPaidOn: '2026-11-02',
    });
    expect(all.items[0]).toMatchObject({ status: 'REJECTED', outstanding: 0, overdue: false });
    expect((await list({ paymentState: 'PAID' })).items.map((i) => i.invoiceDate)).toEqual(['2026-09-20']);
    expect((await list({ status: 'SUBMITTED' })).total).toBe(1);
    const number = all.items[3]!.invoiceNumber;
    expect((await list({ searchTerm: number.toLowerCase() })).items.map((i) => i.invoiceNumber)).toEqual([number]);
    const firstTwo = await callApi(app, api.business.invoices, { headers, query: { pageSize: '2' } });
    const next = await list({ pageSize: '2', after: firstTwo.json().response.nextCursor! });
    expect(next.items.map((i) => i.invoiceDate)).toEqual(['2026-10-10', '2026-09-20']);
  });

  it('refuses bad filters naming the field', async () => {
    const res = await callApi(app, api.business.invoices, { headers, query: { paymentState: 'SOMETIMES' } });
    expect(res.statusCode).toBe(400);
    expect(res.error().failureMessage).toMatch(/^paymentState: /);
    const cursor = await callApi(app, api.business.invoices, {
      headers,
      query: { after: Buffer.from('"2026-13-01|1"').toString('base64url') },
    });
    expect(cursor.statusCode).toBe(400);
    expect(cursor.error().failureMessage).toMatch(/^after: /);
  });
});
