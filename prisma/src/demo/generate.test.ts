import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ONBOARDING_LISTS,
  ONBOARDING_PARTS,
  RULES,
  WORKFLOW_RULES,
  checkAadhaar,
  checkCin,
  checkGstin,
  checkPan,
  customerBankInputSchema,
  customerBranchInputSchema,
  customerInputSchema,
  gstinParts,
  type OnboardingListName,
  type OnboardingPartName,
  type WorkflowFlow,
} from '@pp/contract';
import { fixtures } from '@pp/fixtures';
import { demoPdf } from './files.ts';
import {
  DEMO_ID_BASE,
  DEMO_TABLES,
  DUPLICATE_BANK_EVERY,
  DUPLICATE_GSTIN_EVERY,
  generateDemo,
  unused,
  type DemoInput,
  type DemoSummary,
  type DemoTable,
} from './generate.ts';
import { copyLine } from './load.ts';

const blobs = Array.from({ length: 300 }, (_, n) => ({ size: demoPdf(n).length, sha256: `${n}`.padStart(64, '0') }));
const input = (over: Partial<DemoInput> = {}): DemoInput => ({
  seed: 7,
  partners: 1200,
  today: '2026-11-25',
  passwordHash: 'hash',
  blobs,
  ...over,
});

/** The whole set as objects by table (column name → value), with its summary and COPY text's hash. */
function run(i: DemoInput) {
  const summary = {} as DemoSummary;
  const tables = new Map<DemoTable, Record<string, unknown>[]>();
  const hash = createHash('sha256');
  for (const batch of generateDemo(i, summary, 500)) {
    for (const [table, rows] of batch) {
      const columns = DEMO_TABLES[table];
      let list = tables.get(table);
      if (!list) tables.set(table, (list = []));
      for (const row of rows) {
        hash.update(`${table}\t${copyLine(row)}`);
        list.push(Object.fromEntries(columns.map((c, k) => [c, row[k]])));
      }
    }
  }
  return { summary, tables, rows: (t: DemoTable) => tables.get(t) ?? [], digest: hash.digest('hex') };
}

const set = run(input());

describe('the demo set generator', () => {
  it('makes the same rows, byte for byte, from the same input, and other rows from another seed', () => {
    expect(run(input()).digest).toBe(set.digest);
    expect(run(input({ seed: 8 })).digest).not.toBe(set.digest);
  });

  it('makes every table, over thirty rows per partner (a million and more at 35,000)', () => {
    for (const table of Object.keys(DEMO_TABLES) as DemoTable[]) expect(set.rows(table).length, table).toBeGreaterThan(0);
    const total = [...set.tables.values()].reduce((s, rows) => s + rows.length, 0);
    expect(total / 1200).toBeGreaterThan(30);
    expect(set.rows('Partner')).toHaveLength(1200);
    expect(set.summary.staff).toBe(set.rows('UserAccount').length - 1200);
  });

  it('gives statutory numbers their real structure and check digits', () => {
    const partners = set.rows('Partner');
    const pans = partners.filter((p) => p.nationalIdType === 'PAN').map((p) => p.nationalId as string);
    expect(pans.length).toBeGreaterThan(1000);
    for (const pan of pans) expect(checkPan(pan), pan).toBeNull();
    expect(new Set(pans).size).toBe(pans.length);
    const ids = set.rows('PartnerIdentifier');
    const of = (kind: string) => ids.filter((i) => i.kind === kind).map((i) => i.value as string);
    for (const gstin of of('GST')) expect(checkGstin(gstin), gstin).toBeNull();
    for (const cin of of('CIN')) expect(checkCin(cin, new Date('2026-11-25')), cin).toBeNull();
    for (const udyam of of('UDYAM')) expect(RULES.msme.pattern.test(udyam), udyam).toBe(true);
    const ifscs = new Set(fixtures.banks().flatMap((b) => b.branches.map((br) => br.ifsc)));
    for (const bank of of('BANK')) expect(ifscs.has(bank.split(':')[0]!), bank).toBe(true);
    const statutory = set.rows('OnboardingPart').filter((p) => p.partName === 'statutory');
    const aadhaars = statutory.map((p) => (p.data as { aadhaarNumber: string | null }).aadhaarNumber).filter(Boolean);
    expect(aadhaars.length).toBeGreaterThan(10);
    for (const a of aadhaars) expect(checkAadhaar(a!), a!).toBeNull();
    // A GSTIN carries its holder's PAN, except the planted duplicates.
    const panOf = new Map(partners.map((p) => [p.id, p.nationalId]));
    const foreign =
      of('GST').length -
      ids.filter((i) => i.kind === 'GST' && gstinParts(i.value as string).pan === panOf.get(i.partnerId)).length;
    expect(foreign).toBe(set.summary.duplicateGstins);
  });

  it('plants a known number of duplicate bank accounts and GSTINs, and says how many', () => {
    expect(set.summary.duplicateBankAccounts).toBe(Math.floor(1200 / DUPLICATE_BANK_EVERY));
    expect(set.summary.duplicateGstins).toBeGreaterThan(0);
    expect(set.summary.duplicateGstins).toBeLessThanOrEqual(Math.floor(1200 / DUPLICATE_GSTIN_EVERY));
    const held = new Map<string, Set<unknown>>();
    for (const i of set.rows('PartnerIdentifier')) {
      const key = `${String(i.kind)}:${String(i.value)}`;
      held.set(key, (held.get(key) ?? new Set()).add(i.partnerId));
    }
    const shared = (kind: string) => [...held].filter(([k, partners]) => k.startsWith(`${kind}:`) && partners.size > 1).length;
    expect(shared('BANK')).toBe(set.summary.duplicateBankAccounts);
    expect(shared('GST')).toBe(set.summary.duplicateGstins);
    // No other number is shared: forensics reports exactly the planted duplicates.
    const kinds = new Set(set.rows('PartnerIdentifier').map((i) => String(i.kind)));
    expect([...kinds]).toEqual(expect.arrayContaining(['MOBILE', 'PAN', 'UDYAM']));
    for (const kind of kinds) if (kind !== 'BANK' && kind !== 'GST') expect(shared(kind), kind).toBe(0);
  });

  it('draws a number again while someone holds it (chance matched two partners’ mobiles at 35,000)', () => {
    const held = new Set(['9876543210']);
    const draws = ['9876543210', '9876543210', '7608195470'];
    expect(unused(held, () => draws.shift()!)).toBe('7608195470');
    expect(draws).toEqual([]);
    expect(held).toEqual(new Set(['9876543210', '7608195470']));
  });

  it('stores parts and rows as the contract answers them', () => {
    for (const part of set.rows('OnboardingPart')) {
      const name = part.partName as string;
      if (name in ONBOARDING_PARTS) {
        const parsed = ONBOARDING_PARTS[name as OnboardingPartName].output.safeParse(part.data);
        expect(parsed.success, `${name}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
    for (const row of set.rows('OnboardingRow')) {
      const list = ONBOARDING_LISTS[row.listName as OnboardingListName];
      // What is stored is the row without its id (the id is the row's own column).
      const parsed = list.output.safeParse({ activatedAt: null, ...(row.data as object), id: row.id });
      expect(parsed.success, `${String(row.listName)}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      // And the partner could have saved it: the request schema takes it too.
      const input = list.input.safeParse(row.data);
      expect(input.success, `${String(row.listName)}: ${JSON.stringify(input.error?.issues)}`).toBe(true);
    }
  });

  it('makes customers a buyer could have registered, each with its request in the CUSTOMER flow', () => {
    const customers = set.rows('Customer');
    expect(customers.length).toBe(set.summary.customers);
    expect(customers.length).toBeGreaterThan(3);
    const requests = new Map(set.rows('WorkflowRequest').map((r) => [r.requestNumber, r]));
    const rows = set.rows('CustomerRow');
    for (const c of customers) {
      const { id: _id, customerNumber: _n, requestNumber, createdByUserId: _u, createdAt: _c, updatedAt: _up, ...input } = c;
      const parsed = customerInputSchema.safeParse({ ...input, address: c.address });
      expect(parsed.success, `${String(c.customerNumber)}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      expect(requests.get(requestNumber)?.flow).toBe('CUSTOMER');
      const own = rows.filter((r) => r.customerId === c.id);
      expect(own.filter((r) => r.kind === 'BANK')).toHaveLength(1);
      for (const r of own) {
        const { bank: _b, branch: _br, bookFileId: _f, ...data } = r.data as Record<string, unknown>;
        const schema = r.kind === 'BANK' ? customerBankInputSchema : customerBranchInputSchema;
        const row = schema.safeParse(r.kind === 'BRANCH' && data.gstin === null ? { ...data, gstin: undefined } : data);
        expect(row.success, `${String(r.kind)}: ${JSON.stringify(row.error?.issues)}`).toBe(true);
      }
    }
  });

  it('walks every workflow history as the engine allows, ending where its request stands', () => {
    const records = new Map<string, Record<string, unknown>[]>();
    for (const r of set.rows('WorkflowRecord'))
      records.set(r.requestNumber as string, [...(records.get(r.requestNumber as string) ?? []), r]);
    const states = new Set<string>();
    for (const request of set.rows('WorkflowRequest')) {
      const history = records.get(request.requestNumber as string) ?? [];
      // Only a request still where its flow starts (a re-KYC staff opened) has no step yet.
      if (history.length === 0) expect(request.state).toBe(WORKFLOW_RULES[request.flow as WorkflowFlow].start);
      history.forEach((step, k) => {
        if (k > 0) expect(step.fromStatus).toBe(history[k - 1]!.toStatus);
      });
      if (history.length > 0) expect(history.at(-1)!.toStatus).toBe(request.state);
      states.add(`${String(request.flow)}:${String(request.state)}`);
    }
    // Every state an onboarding request can be in after its start, as the engine's rules name them.
    const onboarding = WORKFLOW_RULES.ONBOARDING;
    const reachable = new Set(
      onboarding.rules.flatMap((r) => [r.from, r.to]).filter((x) => x !== onboarding.start && x !== 'RETURN'),
    );
    expect(reachable.size).toBe(8);
    for (const s of reachable) expect(states, s).toContain(`ONBOARDING:${s}`);
    expect([...states].some((s) => s.startsWith('REKYC:'))).toBe(true);
    expect([...states].some((s) => s.startsWith('ADD_COMPANY:'))).toBe(true);
    const grievanceStates = new Set(set.rows('Grievance').map((g) => g.state));
    for (const s of ['DRAFT', 'SUBMITTED', 'IN_REVIEW', 'RESOLVED', 'REOPENED', 'CLOSED'])
      expect(grievanceStates, s).toContain(s);
  });

  it('points every reference at a row it made (the loader does not check foreign keys row by row)', () => {
    const idsOf = (table: DemoTable, column = 'id') => new Set(set.rows(table).map((r) => r[column]));
    const checks: [DemoTable, string, Set<unknown>][] = [
      ['UserAccount', 'partnerId', idsOf('Partner')],
      ['CompanyMapping', 'partnerId', idsOf('Partner')],
      ['OnboardingProfile', 'partnerId', idsOf('Partner')],
      ['OnboardingPart', 'profileId', idsOf('OnboardingProfile')],
      ['OnboardingRow', 'profileId', idsOf('OnboardingProfile')],
      ['OnboardingAnswer', 'profileId', idsOf('OnboardingProfile')],
      ['PartnerIdentifier', 'profileId', idsOf('OnboardingProfile')],
      ['WorkflowRequest', 'profileId', idsOf('OnboardingProfile')],
      ['PartnerInvoice', 'orderId', idsOf('PartnerOrder')],
      ['PartnerPayment', 'invoiceId', idsOf('PartnerInvoice')],
      ['GrievanceStep', 'grievanceId', idsOf('Grievance')],
      ['RfqBid', 'rfqId', idsOf('Rfq')],
      ['RfqBid', 'partnerId', idsOf('Partner')],
      ['Notification', 'partnerId', idsOf('Partner')],
      ['Feedback', 'partnerId', idsOf('Partner')],
      ['Testimonial', 'partnerId', idsOf('Partner')],
      ['PartnerQuery', 'partnerId', idsOf('Partner')],
      ['PartnerQueryMessage', 'queryId', idsOf('PartnerQuery')],
    ];
    for (const [table, column, ids] of checks) {
      const orphans = set.rows(table).filter((r) => r[column] !== null && !ids.has(r[column]));
      expect(orphans.length, `${table}.${column}`).toBe(0);
    }
    // Every document a part or row names is a stored file.
    const files = idsOf('StoredFile');
    const named = JSON.stringify([...set.rows('OnboardingPart'), ...set.rows('OnboardingRow')].map((r) => r.data)).match(
      /10000000-0000-4000-8000-[0-9a-f]{12}/g,
    )!;
    expect(named.length).toBeGreaterThan(1000);
    for (const id of named) expect(files.has(id), id).toBe(true);
    for (const table of ['Partner', 'OnboardingProfile', 'PartnerOrder'] as const)
      expect(Math.min(...set.rows(table).map((r) => r.id as number))).toBe(DEMO_ID_BASE);
  });

  it('makes small valid PDFs for the shared files', () => {
    const pdf = demoPdf(3).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.length).toBeLessThan(1024);
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    expect(demoPdf(4).equals(demoPdf(3))).toBe(false);
  });
});
