import os from 'node:os';
import path from 'node:path';
import { mkdtemp } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Endpoint } from '@pp/contract';
import { loadDemo } from '@pp/db/demo';
import { seed } from '@pp/db/seed';
import { fixtures } from '@pp/fixtures';
import { buildTestApp, callApi, createTestDatabase, signIn, type CallInput } from '@pp/testing';
import { demoListCalls, findDemoFinds } from '@pp/testing/demo-lists';

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
  const finds = await findDemoFinds(client);
  ({ partnerNumber, requestNumber } = finds);
  await client.end();
  partnerAuth = (await signIn(app, finds.username, password)).auth;
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

describe('the plans of every list and search over the demo set', () => {
  for (const [name, caller, endpoint, input] of demoListCalls(() => ({ partnerNumber, requestNumber }))) {
    it(`${caller === 'partner' ? 'partner' : 'staff'}: ${name}`, async () => {
      const headers = caller === 'partner' ? partnerAuth : staffAuth.get(caller)!;
      expect(await seqScansOfCall(endpoint, { ...input(), headers })).toEqual([]);
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
