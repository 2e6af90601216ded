import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, encryptId, type Endpoint } from '@pp/contract';
import { loadDemo } from '@pp/db/demo';
import { seed } from '@pp/db/seed';
import { fixtures } from '@pp/fixtures';
import { buildTestApp, callApi, createTestDatabase, gstinFor, signIn, type CallInput } from '@pp/testing';

/**
 * Every list and search a partner or staff member runs, over the full demo set (35,000
 * partners): the test records the SQL each one sends and asks PostgreSQL for its plan; a
 * sequential scan of a big table fails it, naming the call and the statement. Plans depend on
 * the data's size, so this runs at full size (the load takes some fifteen seconds).
 */
const PARTNERS = Number(process.env.PLAN_TEST_PARTNERS ?? 35_000);
/** A table with more rows than this is big: reading all of it for one page is the bug this test finds. */
const BIG_TABLE_ROWS = 10_000;

const { db, url } = await createTestDatabase();
const app = await buildTestApp(db);
const password = fixtures.demoAccounts().password;

/** The statements the API sent while `recording` is on (every query goes through pg.Client). */
const recorded: { text: string; values: unknown[] }[] = [];
let recording = false;
// Kept unbound on purpose: it is called back with each client as `this`.
const originalQuery = Reflect.get(pg.Client.prototype, 'query') as (this: pg.Client, ...args: unknown[]) => unknown;
beforeAll(() => {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args as [unknown, unknown];
    if (recording) {
      const text = typeof config === 'string' ? config : (config as { text?: string }).text;
      const given = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
      if (text && /^\s*(SELECT|WITH)\b/i.test(text)) recorded.push({ text, values: given });
    }
    return originalQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
});
afterAll(() => {
  pg.Client.prototype.query = originalQuery as typeof pg.Client.prototype.query;
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const seqScansOf = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(seqScansOf),
];

let big: Set<string>;
let partnerAuth: Record<string, string>;
const staffAuth = new Map<string, Record<string, string>>();
let requestNumber: string;
let partnerNumber: string;
let planted: { duplicateBankAccounts: number; duplicateGstins: number };

beforeAll(async () => {
  await seed(db);
  const loaded = await loadDemo({
    databaseUrl: url,
    fileStoreDir: await mkdtemp(path.join(os.tmpdir(), 'plans-files-')),
    seed: 1,
    partners: PARTNERS,
    today: new Date().toISOString().slice(0, 10),
  });
  planted = loaded.summary!;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ relname: string }>(
    `SELECT relname FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace AND reltuples > $1`,
    [BIG_TABLE_ROWS],
  );
  big = new Set(rows.map((r) => r.relname));
  // The partner with the most orders, among those whose requests are under way too.
  const [busiest] = (
    await client.query<{ username: string; partnerNumber: string }>(`
      SELECT u.username, p."partnerNumber" FROM "PartnerOrder" o
        JOIN "Partner" p ON p.id = o."partnerId" JOIN "UserAccount" u ON u."partnerId" = p.id
       WHERE o."companyCode" = p."currentCompanyCode"
       GROUP BY u.username, p."partnerNumber" ORDER BY count(*) DESC, u.username LIMIT 1`)
  ).rows;
  partnerNumber = busiest!.partnerNumber;
  const [waiting] = (
    await client.query<{ requestNumber: string }>(
      `SELECT "requestNumber" FROM "WorkflowRequest" WHERE desk = 'BUYER' AND "companyCode" = 1 ORDER BY id DESC LIMIT 1`,
    )
  ).rows;
  requestNumber = waiting!.requestNumber;
  await client.end();
  partnerAuth = (await signIn(app, busiest!.username, password)).auth;
  for (const role of ['buyer', 'admin', 'approver', 'forensics'])
    staffAuth.set(role, (await signIn(app, `demo.${role}01`, password)).auth);
}, 180_000);

/** Calls an endpoint and answers the big tables its statements read whole. */
async function seqScansOfCall<E extends Endpoint>(endpoint: E, input: CallInput): Promise<string[]> {
  recorded.length = 0;
  recording = true;
  const res = await callApi(app, endpoint, input);
  recording = false;
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  expect(recorded.length).toBeGreaterThan(0);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const found: string[] = [];
    for (const { text, values } of recorded) {
      // Recording is off: this is the test's own query.
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${text}`, values);
      const plan = rows[0]!['QUERY PLAN'][0]!.Plan;
      for (const table of seqScansOf(plan)) if (big.has(table)) found.push(`${table} in: ${text.slice(0, 300)}`);
    }
    return found;
  } finally {
    await client.end();
  }
}

const year = new Date().getUTCFullYear();
const range = { from: `${year - 1}-01-01`, to: `${year}-12-31` };

describe('the plans of every list and search over the demo set', () => {
  const partnerCalls: [string, Endpoint, () => CallInput][] = [
    ['partner info', api.partner.info, () => ({})],
    ['company and category', api.partner.companyAndCategory, () => ({})],
    ['order summary', api.business.orderSummary, () => ({ body: { page: 1, size: 20 } })],
    ['order summary, page 50', api.business.orderSummary, () => ({ body: { page: 3, size: 2 } })],
    ['order summary, searched', api.business.orderSummary, () => ({ body: { page: 1, size: 20, searchTerm: 'supply' } })],
    ['invoices', api.business.invoices, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['orders chart', api.business.ordersChart, () => ({ query: range })],
    ['invoice summary', api.business.invoiceSummary, () => ({ query: range })],
    ['received vs outstanding', api.business.receivedVsOutstanding, () => ({ query: range })],
    ['top categories', api.business.topCategories, () => ({ query: range })],
    ['RFQs', api.auctions.rfqList, () => ({ body: { page: 1, size: 20 } })],
    ['RFQs, searched', api.auctions.rfqList, () => ({ body: { page: 1, size: 20, searchTerm: 'steel' } })],
    ['grievances', api.grievances.list, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['grievances, searched', api.grievances.list, () => ({ query: { pageNo: 1, pageSize: 20, searchTerm: 'payment' } })],
    ['notifications', api.notification.list, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['testimonials, searched', api.testimonials.list, () => ({ query: { pageNo: 1, pageSize: 20, searchTerm: 'project' } })],
    ['feedback history', api.feedback.histories, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['partner status', api.workflow.mine, () => ({ query: { pageNo: 1, pageSize: 20 } })],
    ['company requests', api.companies.history, () => ({})],
    ['own partner queries', api.partnerQueries.mine, () => ({})],
  ];
  for (const [name, endpoint, input] of partnerCalls) {
    it(`partner: ${name}`, async () => {
      expect(await seqScansOfCall(endpoint, { ...input(), headers: partnerAuth })).toEqual([]);
    });
  }

  const staffCalls: [string, string, Endpoint, () => CallInput][] = [
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
      () => ({ query: { companyCode: 1, searchTerm: partnerNumber } }),
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
    ['vendor master, by partner number', 'admin', api.vendors.search, () => ({ query: { searchTerm: partnerNumber } })],
    ['vendor master, by PAN', 'admin', api.vendors.search, () => ({ query: { searchTerm: 'ABCDE1234F' } })],
    ['vendor master, by GSTIN', 'admin', api.vendors.search, () => ({ query: { searchTerm: '27ABCDE1234F1Z5' } })],
    ['vendor master, by bank account', 'admin', api.vendors.search, () => ({ query: { searchTerm: '501001234567' } })],
    ['vendor master, by mobile', 'admin', api.vendors.search, () => ({ query: { searchTerm: '9812345678' } })],
    ['a vendor’s master data', 'admin', api.vendors.detail, () => ({ params: { partnerNumber } })],
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
    ['admin audit of a partner', 'admin', api.admin.audit, () => ({ query: { pageNo: 1, pageSize: 20, partnerNumber } })],
    ['a request’s history', 'buyer', api.workflow.messages, () => ({ params: { requestNumber } })],
    ['statutory look-ups of a request', 'buyer', api.review.dtValidation, () => ({ body: { requestNumber } })],
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
  for (const [name, role, endpoint, input] of staffCalls) {
    it(`staff: ${name}`, async () => {
      expect(await seqScansOfCall(endpoint, { ...input(), headers: staffAuth.get(role)! })).toEqual([]);
    });
  }
});

describe('forensics over the demo set', () => {
  it('counts exactly the shared bank accounts and GSTINs the loader planted', async () => {
    const res = await callApi(app, api.forensics.dashboard, { headers: staffAuth.get('forensics')! });
    const kinds = Object.fromEntries(res.json().response.kinds.map((k) => [k.kind, k.sharedNumbers]));
    expect(planted.duplicateBankAccounts).toBeGreaterThan(0);
    expect(planted.duplicateGstins).toBeGreaterThan(0);
    expect(kinds.bank).toBe(planted.duplicateBankAccounts);
    expect(kinds.gst).toBe(planted.duplicateGstins);
    const gst = await callApi(app, api.forensics.comparison, {
      params: { kind: 'gst' },
      query: { pageSize: 100 },
      headers: staffAuth.get('forensics')!,
    });
    expect(gst.json().response.total).toBe(planted.duplicateGstins);
  });
});
