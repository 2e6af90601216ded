import type pg from 'pg';
import { api, encryptId, type Endpoint } from '@pp/contract';
import { gstinFor } from '@pp/server';
import type { CallInput } from './call-api.ts';

/** Who makes a call: a partner, or a demo staff member of that role (demo.buyer01 and so on). */
export type DemoCaller = 'partner' | 'buyer' | 'admin' | 'approver' | 'forensics';

/** What the calls are about, found in the demo set once it is loaded. */
export interface DemoFinds {
  /** The partner with the most orders in its current company (the partner calls are theirs). */
  partnerNumber: string;
  /** That partner's username, to sign in as. */
  username: string;
  /** A request waiting at the buyer's desk of company 1. */
  requestNumber: string;
}

/** Finds them in a loaded demo set: the orders page's worst case, and the newest request at a desk. */
export async function findDemoFinds(client: Pick<pg.Client, 'query'>): Promise<DemoFinds> {
  const { rows: busiest } = await client.query<{ username: string; partnerNumber: string }>(`
    SELECT u.username, p."partnerNumber" FROM "PartnerOrder" o
      JOIN "Partner" p ON p.id = o."partnerId" JOIN "UserAccount" u ON u."partnerId" = p.id
     WHERE o."companyCode" = p."currentCompanyCode"
     GROUP BY u.username, p."partnerNumber" ORDER BY count(*) DESC, u.username LIMIT 1`);
  const { rows: waiting } = await client.query<{ requestNumber: string }>(
    `SELECT "requestNumber" FROM "WorkflowRequest" WHERE desk = 'BUYER' AND "companyCode" = 1 ORDER BY id DESC LIMIT 1`,
  );
  return { ...busiest[0]!, requestNumber: waiting[0]!.requestNumber };
}

/**
 * Every list and search a partner or staff member runs, as calls over the demo set: the
 * query-plan test asks PostgreSQL for each one's plan, npm run bench:scale times each at 35,000
 * and 350,000 partners. Inputs are functions: the finds exist only once the set is loaded.
 */
export function demoListCalls(finds: () => Omit<DemoFinds, 'username'>): [string, DemoCaller, Endpoint, () => CallInput][] {
  const year = new Date().getUTCFullYear();
  const range = { from: `${year - 1}-01-01`, to: `${year}-12-31` };
  const partnerNumber = () => finds().partnerNumber;
  const requestNumber = () => finds().requestNumber;
  return [
    ['partner info', 'partner', api.partner.info, () => ({})],
    ['company and category', 'partner', api.partner.companyAndCategory, () => ({})],
    ['order summary', 'partner', api.business.orderSummary, () => ({ body: { page: 1, size: 20 } })],
    ['order summary, page 50', 'partner', api.business.orderSummary, () => ({ body: { page: 3, size: 2 } })],
    [
      'order summary, searched',
      'partner',
      api.business.orderSummary,
      () => ({ body: { page: 1, size: 20, searchTerm: 'supply' } }),
    ],
    ['invoices', 'partner', api.business.invoices, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['orders chart', 'partner', api.business.ordersChart, () => ({ query: range })],
    ['invoice summary', 'partner', api.business.invoiceSummary, () => ({ query: range })],
    ['received vs outstanding', 'partner', api.business.receivedVsOutstanding, () => ({ query: range })],
    ['top categories', 'partner', api.business.topCategories, () => ({ query: range })],
    ['RFQs', 'partner', api.auctions.rfqList, () => ({ body: { page: 1, size: 20 } })],
    ['RFQs, searched', 'partner', api.auctions.rfqList, () => ({ body: { page: 1, size: 20, searchTerm: 'steel' } })],
    ['grievances', 'partner', api.grievances.list, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    [
      'grievances, searched',
      'partner',
      api.grievances.list,
      () => ({ query: { pageNo: 1, pageSize: 20, searchTerm: 'payment' } }),
    ],
    ['notifications', 'partner', api.notification.list, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    [
      'testimonials, searched',
      'partner',
      api.testimonials.list,
      () => ({ query: { pageNo: 1, pageSize: 20, searchTerm: 'project' } }),
    ],
    ['feedback history', 'partner', api.feedback.histories, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['partner status', 'partner', api.workflow.mine, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['company requests', 'partner', api.companies.history, () => ({})],
    ['own partner queries', 'partner', api.partnerQueries.mine, () => ({})],
    ['workbench', 'buyer', api.workflow.workbench, () => ({ query: { companyCode: 1, pageNo: 1, pageSize: 20 } })],
    ['workbench, page 40', 'buyer', api.workflow.workbench, () => ({ query: { companyCode: 1, pageNo: 40, pageSize: 20 } })],
    [
      'workbench, searched by name',
      'buyer',
      api.workflow.workbench,
      () => ({ query: { companyCode: 1, searchTerm: 'Deshpande Steel' } }),
    ],
    [
      'workbench, searched by number',
      'approver',
      api.workflow.workbench,
      () => ({ query: { companyCode: 1, searchTerm: partnerNumber() } }),
    ],
    [
      'open grievances, searched',
      'buyer',
      api.grievances.openList,
      () => ({ query: { pageNo: 1, pageSize: 20, searchTerm: 'payment' } }),
    ],
    ['open grievances', 'buyer', api.grievances.openList, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['domestic grievances', 'buyer', api.grievances.openList, () => ({ query: { scope: 'domestic' } })],
    [
      'international grievances past their deadline',
      'buyer',
      api.grievances.openList,
      () => ({ query: { scope: 'international', deadline: 'overdue' } }),
    ],
    [
      'domestic grievances of a company and reason, page 5',
      'buyer',
      api.grievances.openList,
      () => ({ query: { scope: 'domestic', companyCode: 1, reasonCode: 'PAYMENT_DELAY', pageNo: 5 } }),
    ],
    ['grievance metrics, domestic', 'buyer', api.grievances.metrics, () => ({ query: { scope: 'domestic' } })],
    ['partner queries', 'buyer', api.partnerQueries.list, () => ({ query: {} })],
    ['vendor master', 'admin', api.vendors.search, () => ({ query: {} })],
    ['vendor master, by name', 'admin', api.vendors.search, () => ({ query: { searchTerm: 'steel', companyCode: 1 } })],
    ['vendor master, by partner number', 'admin', api.vendors.search, () => ({ query: { searchTerm: partnerNumber() } })],
    ['vendor master, by PAN', 'admin', api.vendors.search, () => ({ query: { searchTerm: 'ABCDE1234F' } })],
    ['vendor master, by GSTIN', 'admin', api.vendors.search, () => ({ query: { searchTerm: '27ABCDE1234F1Z5' } })],
    ['vendor master, by bank account', 'admin', api.vendors.search, () => ({ query: { searchTerm: '501001234567' } })],
    ['vendor master, by mobile', 'admin', api.vendors.search, () => ({ query: { searchTerm: '9812345678' } })],
    ['a vendor’s master data', 'admin', api.vendors.detail, () => ({ params: { partnerNumber: partnerNumber() } })],
    ['open partner queries', 'buyer', api.partnerQueries.list, () => ({ query: { state: 'OPEN' } })],
    [
      'partner queries of a company, searched',
      'buyer',
      api.partnerQueries.list,
      () => ({ query: { encCompanyCode: encryptId(1), searchTerm: 'steel' } }),
    ],
    ['partner queries, page 30', 'buyer', api.partnerQueries.list, () => ({ query: { pageNo: 30, source: 'CHATBOT' } })],
    ['grievance metrics, international', 'buyer', api.grievances.metrics, () => ({ query: { scope: 'international' } })],
    ['grievance metrics of a company', 'buyer', api.grievances.metrics, () => ({ query: { scope: 'domestic', companyCode: 1 } })],
    ['customers, searched', 'buyer', api.customers.list, () => ({ query: { pageNo: 1, pageSize: 20, searchTerm: 'infra' } })],
    ['customers', 'buyer', api.customers.list, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['customers of a company, page 5', 'buyer', api.customers.list, () => ({ query: { companyCode: 1, pageNo: 5 } })],
    ['customers, by PAN', 'buyer', api.customers.list, () => ({ query: { searchTerm: 'AACCM1234D' } })],
    [
      'a customer’s PAN looked up',
      'buyer',
      api.customers.statutory,
      () => ({ params: { kind: 'pan', value: 'AACCM1234D' }, query: {} }),
    ],
    [
      'a customer’s GSTIN looked up',
      'buyer',
      api.customers.statutory,
      () => ({ params: { kind: 'gst', value: gstinFor('AACCM1234D') }, query: {} }),
    ],
    [
      'admin audit of a partner',
      'admin',
      api.admin.audit,
      () => ({ query: { pageNo: 1, pageSize: 20, partnerNumber: partnerNumber() } }),
    ],
    ['a request’s history', 'buyer', api.workflow.messages, () => ({ params: { requestNumber: requestNumber() } })],
    ['statutory look-ups of a request', 'buyer', api.review.dtValidation, () => ({ body: { requestNumber: requestNumber() } })],
    ['forensics dashboard', 'forensics', api.forensics.dashboard, () => ({})],
    ['forensics dashboard of a company', 'forensics', api.forensics.dashboard, () => ({ query: { companyCode: 1 } })],
    ['shared GSTINs', 'forensics', api.forensics.comparison, () => ({ params: { kind: 'gst' } })],
    [
      'shared bank accounts, searched',
      'forensics',
      api.forensics.comparison,
      () => ({ params: { kind: 'bank' }, query: { searchTerm: 'steel', review: 'open', companyCode: 1 } }),
    ],
    ['shared e-mails', 'forensics', api.forensics.comparison, () => ({ params: { kind: 'email' } })],
  ];
}
