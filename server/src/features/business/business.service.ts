import {
  DASHBOARD_DEFAULT_MONTHS,
  type DateRangeQuery,
  type Invoice,
  type InvoiceListQuery,
  type InvoiceSummary,
  type OrderSummaryBody,
  type OrdersChart,
  type Paged,
  type ReceivedVsOutstanding,
  type TopCategories,
  type TopCategoriesQuery,
} from '@pp/contract';
import { Prisma, likeContaining, likeStartingWith, prepared, queryRows, type Db } from '@pp/db';
import { dayIdKey, keysetPage, parseDayIdKey, writtenPageOf, type WrittenRows } from '../../lib/paging.ts';

/** Whose business: the partner, in the session's group company (all of them when it has none). */
export interface Scope {
  partnerId: number;
  companyCode: number | null;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The chart's range: as asked, or the last twelve months up to today (from the 1st of the first). */
export function chartRange(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (DASHBOARD_DEFAULT_MONTHS - 1), 1));
  return { from: isoDay(start), to: isoDay(now) };
}

/** The rows of one table that belong to the scope (the alias names the table in the query). */
function inScope(alias: string, scope: Scope) {
  const table = Prisma.raw(`"${alias}"`);
  return scope.companyCode === null
    ? Prisma.sql`${table}."partnerId" = ${scope.partnerId}`
    : Prisma.sql`${table}."partnerId" = ${scope.partnerId} AND ${table}."companyCode" = ${scope.companyCode}`;
}

/** Payment state of an invoice from what was paid of its total. */
const PAYMENT_STATE = Prisma.sql`CASE WHEN paid >= total THEN 'PAID' WHEN paid > 0 THEN 'PART_PAID' ELSE 'UNPAID' END`;

/** The scope's invoices with their totals and what was paid of each (every payment so far). */
function invoicesWithPayments(scope: Scope) {
  return Prisma.sql`
    SELECT i.id, i."invoiceNumber", i."orderId", i."invoiceDate", i."dueDate", i.status,
           i.amount, i."taxAmount", (i.amount + i."taxAmount") AS total,
           COALESCE(p.paid, 0) AS paid, p."lastPaidOn"
    FROM "PartnerInvoice" i
    LEFT JOIN LATERAL (
      SELECT SUM(amount) AS paid, MAX("paidOn") AS "lastPaidOn" FROM "PartnerPayment" WHERE "invoiceId" = i.id
    ) p ON true
    WHERE ${inScope('i', scope)}`;
}

export async function ordersChart(db: Db, scope: Scope, query: DateRangeQuery, now: Date): Promise<OrdersChart> {
  const range = chartRange(query, now);
  const window = Prisma.sql`o."orderDate" BETWEEN ${range.from}::date AND ${range.to}::date`;
  const [byMonth, byStatus] = await Promise.all([
    db.$queryRaw<{ month: string; orders: number; value: number }[]>`
      WITH o AS (
        SELECT to_char(o."orderDate", 'YYYY-MM') AS month, COUNT(*)::int AS orders, SUM(o.amount)::float8 AS value
        FROM "PartnerOrder" o WHERE ${inScope('o', scope)} AND ${window} GROUP BY 1
      )
      SELECT to_char(g, 'YYYY-MM') AS month, COALESCE(o.orders, 0) AS orders, COALESCE(o.value, 0) AS value
      FROM generate_series(date_trunc('month', ${range.from}::date), ${range.to}::date, interval '1 month') g
      LEFT JOIN o ON o.month = to_char(g, 'YYYY-MM')
      ORDER BY 1`,
    db.$queryRaw<{ status: OrdersChart['byStatus'][number]['status']; orders: number; value: number }[]>`
      SELECT o.status, COUNT(*)::int AS orders, SUM(o.amount)::float8 AS value
      FROM "PartnerOrder" o WHERE ${inScope('o', scope)} AND ${window}
      GROUP BY 1 ORDER BY 3 DESC`,
  ]);
  return { range, byMonth, byStatus };
}

export async function invoiceSummary(db: Db, scope: Scope, query: DateRangeQuery, now: Date): Promise<InvoiceSummary> {
  const range = chartRange(query, now);
  const today = isoDay(now);
  const rows = await db.$queryRaw<
    {
      status: InvoiceSummary['byStatus'][number]['status'];
      paymentState: InvoiceSummary['byStatus'][number]['paymentState'];
      invoices: number;
      amount: number;
      paid: number;
      overdue: number;
    }[]
  >`
    WITH inv AS (${invoicesWithPayments(scope)} AND i."invoiceDate" BETWEEN ${range.from}::date AND ${range.to}::date)
    SELECT status, ${PAYMENT_STATE} AS "paymentState", COUNT(*)::int AS invoices, SUM(total)::float8 AS amount,
           SUM(paid)::float8 AS paid,
           SUM(CASE WHEN "dueDate" < ${today}::date THEN total - paid ELSE 0 END)::float8 AS overdue
    FROM inv GROUP BY 1, 2 ORDER BY 1, 2`;
  // What the group owes: invoices it accepted, less what it paid of them.
  const accepted = rows.filter((r) => r.status === 'ACCEPTED');
  const invoiced = accepted.reduce((sum, r) => sum + r.amount, 0);
  const received = accepted.reduce((sum, r) => sum + r.paid, 0);
  const overdue = accepted.reduce((sum, r) => sum + r.overdue, 0);
  return {
    range,
    byStatus: rows.map(({ status, paymentState, invoices, amount }) => ({ status, paymentState, invoices, amount })),
    totals: { invoiced, received, outstanding: invoiced - received, overdue },
  };
}

export async function receivedVsOutstanding(
  db: Db,
  scope: Scope,
  query: DateRangeQuery,
  now: Date,
): Promise<ReceivedVsOutstanding> {
  const range = chartRange(query, now);
  // Outstanding at a month's end counts everything before the range too: accepted invoices dated
  // up to then, less payments made up to then.
  const byMonth = await db.$queryRaw<ReceivedVsOutstanding['byMonth']>`
    WITH inv AS (
      SELECT date_trunc('month', i."invoiceDate")::date AS m, SUM(i.amount + i."taxAmount") AS v
      FROM "PartnerInvoice" i
      WHERE ${inScope('i', scope)} AND i.status = 'ACCEPTED' AND i."invoiceDate" <= ${range.to}::date GROUP BY 1
    ), pay AS (
      SELECT date_trunc('month', p."paidOn")::date AS m, SUM(p.amount) AS v
      FROM "PartnerPayment" p WHERE ${inScope('p', scope)} AND p."paidOn" <= ${range.to}::date GROUP BY 1
    ), months AS (
      SELECT g::date AS m FROM generate_series(date_trunc('month', ${range.from}::date), ${range.to}::date, interval '1 month') g
    )
    SELECT to_char(months.m, 'YYYY-MM') AS month,
           COALESCE((SELECT v FROM inv WHERE inv.m = months.m), 0)::float8 AS invoiced,
           COALESCE((SELECT v FROM pay WHERE pay.m = months.m), 0)::float8 AS received,
           (COALESCE((SELECT SUM(v) FROM inv WHERE inv.m <= months.m), 0)
             - COALESCE((SELECT SUM(v) FROM pay WHERE pay.m <= months.m), 0))::float8 AS outstanding
    FROM months ORDER BY 1`;
  return { range, byMonth };
}

export async function topCategories(db: Db, scope: Scope, query: TopCategoriesQuery, now: Date): Promise<TopCategories> {
  const range = chartRange(query, now);
  const categories = await db.$queryRaw<TopCategories['categories']>`
    SELECT o."categoryCode", c."categoryName", COUNT(*)::int AS orders, SUM(o.amount)::float8 AS value
    FROM "PartnerOrder" o JOIN "BusinessCategory" c ON c."categoryCode" = o."categoryCode"
    WHERE ${inScope('o', scope)} AND o."orderDate" BETWEEN ${range.from}::date AND ${range.to}::date
    GROUP BY 1, 2 ORDER BY 4 DESC, 1 LIMIT ${query.limit}`;
  return { range, categories };
}

/**
 * The orders page in one prepared statement: the scope's orders as filtered, the page after the
 * cursor (or skipped to), each with its category's name and what was invoiced and received of it
 * (accepted invoices), and the total. Optional filters are NULL when not asked. The rows come back
 * as the answer's JSON text, keyed and ordered as the contract's Order: the server sends them as
 * they are.
 */
const ORDER_PAGE = prepared<WrittenRows>(`
  WITH matched AS (
    SELECT o.id, o."orderNumber", o."orderType", o."orderDate", o."deliveryDate", o.description, o."projectName",
           o."categoryCode", o.currency, o.amount, o.status
    FROM "PartnerOrder" o
    WHERE o."partnerId" = $1
      AND ($2::int IS NULL OR o."companyCode" = $2)
      AND ($3::text IS NULL OR o.status = $3)
      AND ($4::text IS NULL OR o."orderType" = $4)
      AND ($5::text IS NULL OR o."orderNumber" LIKE $5 OR o.description ILIKE $6 OR o."projectName" ILIKE $6)
  ), page AS (
    SELECT * FROM matched m
    WHERE $7::date IS NULL OR (m."orderDate", m.id) < ($7::date, $8::int)
    ORDER BY m."orderDate" DESC, m.id DESC OFFSET $9 LIMIT $10
  )
  SELECT (SELECT count(*) FROM matched)::int AS total,
    (SELECT count(*) FROM page)::int AS count,
    (SELECT to_char(p."orderDate", 'YYYY-MM-DD') || '|' || p.id FROM page p ORDER BY p."orderDate", p.id LIMIT 1) AS "lastKey",
    COALESCE((
      SELECT json_agg(json_build_object(
        'orderNumber', p."orderNumber", 'orderType', p."orderType", 'orderDate', p."orderDate",
        'deliveryDate', p."deliveryDate", 'description', p.description, 'projectName', p."projectName",
        'categoryCode', p."categoryCode", 'categoryName', c."categoryName", 'currency', p.currency,
        'amount', p.amount, 'status', p.status,
        'invoiced', COALESCE(s.invoiced, 0), 'received', COALESCE(s.received, 0)
      ) ORDER BY p."orderDate" DESC, p.id DESC)
      FROM page p
      JOIN "BusinessCategory" c ON c."categoryCode" = p."categoryCode"
      LEFT JOIN LATERAL (
        SELECT SUM(i.amount + i."taxAmount")::float8 AS invoiced, SUM(pay.paid)::float8 AS received
        FROM "PartnerInvoice" i
        LEFT JOIN LATERAL (SELECT SUM(amount) AS paid FROM "PartnerPayment" WHERE "invoiceId" = i.id) pay ON true
        WHERE i."orderId" = p.id AND i.status = 'ACCEPTED'
      ) s ON true
    ), '[]'::json)::text AS items`);

/** The orders page as JSON text, written by the statement (see writtenPageOf). */
export async function orderSummary(db: Db, scope: Scope, body: OrderSummaryBody): Promise<string> {
  const term = body.searchTerm || null;
  return writtenPageOf<string>(
    { pageNo: body.page, pageSize: body.size, after: body.after },
    async ({ after, skip, take }) => {
      const key = parseDayIdKey(after);
      const [row] = await queryRows<WrittenRows>(db, ORDER_PAGE, [
        scope.partnerId,
        scope.companyCode,
        body.status ?? null,
        body.orderType ?? null,
        term && likeStartingWith(term.toUpperCase()),
        term && likeContaining(term),
        key?.day ?? null,
        key?.id ?? null,
        skip,
        take,
      ]);
      return row!;
    },
    'text',
  );
}

interface InvoiceRow {
  id: number;
  invoiceNumber: string;
  orderNumber: string;
  invoiceDate: Date;
  dueDate: Date;
  status: Invoice['status'];
  amount: number;
  taxAmount: number;
  total: number;
  paid: number;
  lastPaidOn: Date | null;
  paymentState: Invoice['paymentState'];
}

export async function listInvoices(db: Db, scope: Scope, query: InvoiceListQuery, now: Date): Promise<Paged<Invoice>> {
  const term = query.searchTerm || undefined;
  const filters = Prisma.join(
    [
      Prisma.sql`true`,
      ...(query.status ? [Prisma.sql`status = ${query.status}`] : []),
      ...(query.paymentState ? [Prisma.sql`"paymentState" = ${query.paymentState}`] : []),
      // Invoice or order number, from its start (the partner types what is printed on the paper).
      ...(term ? [Prisma.sql`("invoiceNumber" ILIKE ${`${term}%`} OR "orderNumber" LIKE ${`${term.toUpperCase()}%`})`] : []),
    ],
    ' AND ',
  );
  const listed = Prisma.sql`
    WITH inv AS (${invoicesWithPayments(scope)}),
    rows AS (
      SELECT inv.id, inv."invoiceNumber", o."orderNumber", inv."invoiceDate", inv."dueDate", inv.status,
             inv.amount::float8 AS amount, inv."taxAmount"::float8 AS "taxAmount", inv.total::float8 AS total,
             inv.paid::float8 AS paid, inv."lastPaidOn", ${PAYMENT_STATE} AS "paymentState"
      FROM inv JOIN "PartnerOrder" o ON o.id = inv."orderId"
    )
    SELECT * FROM rows WHERE ${filters}`;
  const page = await keysetPage<InvoiceRow, string>(query, {
    total: async () => (await db.$queryRaw<{ n: number }[]>`SELECT COUNT(*)::int AS n FROM (${listed}) x`)[0]!.n,
    rows: ({ after, skip, take }) => {
      const key = parseDayIdKey(after);
      const bound = key ? Prisma.sql`WHERE ("invoiceDate", id) < (${key.day}::date, ${key.id})` : Prisma.empty;
      return db.$queryRaw<InvoiceRow[]>`
        SELECT * FROM (${listed}) x ${bound} ORDER BY "invoiceDate" DESC, id DESC OFFSET ${skip} LIMIT ${take}`;
    },
    keyOf: (i) => dayIdKey(isoDay(i.invoiceDate), i.id),
    keyKind: 'text',
  });
  const today = isoDay(now);
  return {
    ...page,
    items: page.items.map((i) => ({
      invoiceNumber: i.invoiceNumber,
      orderNumber: i.orderNumber,
      invoiceDate: isoDay(i.invoiceDate),
      dueDate: isoDay(i.dueDate),
      amount: i.amount,
      taxAmount: i.taxAmount,
      total: i.total,
      received: i.paid,
      outstanding: i.status === 'REJECTED' ? 0 : Math.max(0, i.total - i.paid),
      status: i.status,
      paymentState: i.paymentState,
      overdue: i.status === 'ACCEPTED' && i.paid < i.total && isoDay(i.dueDate) < today,
      lastPaidOn: i.lastPaidOn ? isoDay(i.lastPaidOn) : null,
    })),
  };
}
