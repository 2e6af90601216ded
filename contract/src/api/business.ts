import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, wholeNumber } from '../envelope.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_TERM_MAX_CHARS, paged, pageQuerySchema } from '../paging.ts';

/**
 * The partner's business with the group (section 7, "orders and dashboard"): orders the group
 * placed, the partner's invoices against them and the payments made, scoped to the session's
 * group company. The group's ERP writes these; the portal reads them. Bodies are ours: the spec
 * names the calls only.
 */
export const ORDER_TYPES = ['PO', 'WO', 'SO'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const ORDER_STATUSES = ['OPEN', 'IN_PROGRESS', 'DELIVERED', 'CLOSED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Where the group's accounts stand on an invoice; payment then makes it part paid or paid. */
export const INVOICE_STATUSES = ['SUBMITTED', 'ACCEPTED', 'REJECTED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const PAYMENT_STATES = ['UNPAID', 'PART_PAID', 'PAID'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** Longest span a dashboard chart covers, and the one it covers when not told. */
export const DASHBOARD_MAX_SPAN_DAYS = 3 * 366;
export const DASHBOARD_DEFAULT_MONTHS = 12;
export const TOP_CATEGORIES_MAX = 10;

const isoDate = z.iso.date({ error: 'must be a date like 2026-04-01' });

/**
 * from and to (inclusive), both or neither (then a chart covers the last twelve months); the
 * charts' queries share these checks.
 */
export function checkDateRange(r: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['to'] });
  if ((r.from === undefined) !== (r.to === undefined)) issue('give both from and to, or neither');
  else if (r.from && r.to && r.from > r.to) issue('must not be before from');
  else if (r.from && r.to && Date.parse(r.to) - Date.parse(r.from) > DASHBOARD_MAX_SPAN_DAYS * 86_400_000)
    issue(`must be at most ${DASHBOARD_MAX_SPAN_DAYS} days after from`);
}
/** from and to of a query, checked together by checkDateRange. */
export const dateRangeFields = { from: isoDate.optional(), to: isoDate.optional() };
export const dateRangeQuerySchema = z.object(dateRangeFields).superRefine(checkDateRange);
export const topCategoriesQuerySchema = z
  .object({ ...dateRangeFields, limit: wholeNumber().pipe(z.number().min(1).max(TOP_CATEGORIES_MAX)).default(5) })
  .superRefine(checkDateRange);
export type DateRangeQuery = z.output<typeof dateRangeQuerySchema>;
export type TopCategoriesQuery = z.output<typeof topCategoriesQuerySchema>;

const money = z.number();
const month = z.string().regex(/^\d{4}-\d{2}$/);
const range = z.object({ from: z.iso.date(), to: z.iso.date() });

export const ordersChartSchema = z.object({
  range,
  byMonth: z.array(z.object({ month, orders: z.number().int(), value: money })),
  byStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int(), value: money })),
});
export type OrdersChart = z.infer<typeof ordersChartSchema>;

export const invoiceSummarySchema = z.object({
  range,
  byStatus: z.array(
    z.object({
      status: z.enum(INVOICE_STATUSES),
      paymentState: z.enum(PAYMENT_STATES),
      invoices: z.number().int(),
      amount: money,
    }),
  ),
  totals: z.object({ invoiced: money, received: money, outstanding: money, overdue: money }),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

export const receivedVsOutstandingSchema = z.object({
  range,
  /** Per month: what was invoiced (accepted), what was received, and what stayed outstanding at its end. */
  byMonth: z.array(z.object({ month, invoiced: money, received: money, outstanding: money })),
});
export type ReceivedVsOutstanding = z.infer<typeof receivedVsOutstandingSchema>;

export const topCategoriesSchema = z.object({
  range,
  categories: z.array(z.object({ categoryCode: z.string(), categoryName: z.string(), orders: z.number().int(), value: money })),
});
export type TopCategories = z.infer<typeof topCategoriesSchema>;

export const orderSummaryBodySchema = z
  .object({
    /** Page number, from 1. */
    page: z.number().int().min(1).max(100_000).default(1),
    size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    /** Order number (from its start) or words of the description or project. */
    searchTerm: z.string().trim().max(SEARCH_TERM_MAX_CHARS).optional(),
    status: z.enum(ORDER_STATUSES).optional(),
    orderType: z.enum(ORDER_TYPES).optional(),
    after: pageQuerySchema.shape.after,
  })
  .strict();
export type OrderSummaryBody = z.output<typeof orderSummaryBodySchema>;

export const orderSchema = z.object({
  orderNumber: z.string(),
  orderType: z.enum(ORDER_TYPES),
  orderDate: z.iso.date(),
  deliveryDate: z.iso.date().nullable(),
  description: z.string(),
  projectName: z.string().nullable(),
  categoryCode: z.string(),
  categoryName: z.string(),
  currency: z.string(),
  amount: money,
  status: z.enum(ORDER_STATUSES),
  /** Accepted invoices against the order, and what has been paid of them. */
  invoiced: money,
  received: money,
});
export type Order = z.infer<typeof orderSchema>;

export const invoiceListQuerySchema = pageQuerySchema.extend({
  status: z.enum(INVOICE_STATUSES).optional(),
  paymentState: z.enum(PAYMENT_STATES).optional(),
});
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

export const invoiceSchema = z.object({
  invoiceNumber: z.string(),
  orderNumber: z.string(),
  invoiceDate: z.iso.date(),
  dueDate: z.iso.date(),
  amount: money,
  taxAmount: money,
  total: money,
  received: money,
  outstanding: money,
  status: z.enum(INVOICE_STATUSES),
  paymentState: z.enum(PAYMENT_STATES),
  overdue: z.boolean(),
  lastPaidOn: z.iso.date().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const chart = <T extends z.ZodType, Q extends z.ZodType = typeof dateRangeQuerySchema>(
  path: string,
  summary: string,
  response: T,
  query?: Q,
) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    tags: ['business'],
    access: 'partner',
    query: (query ?? dateRangeQuerySchema) as Q,
    response: envelope(response),
  });

export const businessEndpoints = {
  ordersChart: chart(
    '/api/dashboard/orders',
    "The partner's orders in the session's company by month and by status, between from and to",
    ordersChartSchema,
  ),
  invoiceSummary: chart(
    '/api/dashboard/invoice-summary',
    "The partner's invoices between from and to by status and payment, with totals invoiced, received, outstanding and overdue",
    invoiceSummarySchema,
  ),
  // The path is the spec's, spelling and all (section 7: "received-vs-outstandin (from, to)").
  receivedVsOutstanding: chart(
    '/api/dashboard/received-vs-outstandin',
    'Per month between from and to: invoiced, received, and outstanding at the month’s end',
    receivedVsOutstandingSchema,
  ),
  topCategories: chart(
    '/api/dashboard/top-categories',
    "The partner's categories with the most order value between from and to",
    topCategoriesSchema,
    topCategoriesQuerySchema,
  ),
  orderSummary: endpoint({
    method: 'POST',
    readsOnly: true,
    path: '/api/partner/order-summary',
    summary: "A page of the partner's orders in the session's company, newest first, with what was invoiced and received",
    tags: ['business'],
    access: 'partner',
    body: orderSummaryBodySchema,
    response: envelope(paged(orderSchema)),
  }),
  invoices: endpoint({
    method: 'GET',
    path: '/api/partner-invoice',
    summary: "A page of the partner's invoices in the session's company, newest first, with payments",
    tags: ['business'],
    access: 'partner',
    query: invoiceListQuerySchema,
    response: envelope(paged(invoiceSchema)),
  }),
};
