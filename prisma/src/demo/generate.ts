import {
  DOMESTIC_COUNTRY_CODE,
  GRIEVANCE_REASONS,
  GRIEVANCE_RULES,
  grievanceAnsweredAfter,
  grievanceDueAfter,
  grievanceTransition,
  isGrievanceOpen,
  type GrievanceAction,
  type GrievanceState,
  ONBOARDING_LISTS,
  ONBOARDING_PARTS,
  partnerNumberOf,
  partnerQueryTitleOf,
  queryReferenceOf,
  requestNumberOf,
  requestTitleOf,
  rowData,
  WORKFLOW_RULES,
  identifiersOf,
  feedbackPeriodOf,
  financialYears,
  grievanceNumberOf,
  grievanceTitleOf,
  TEXTS,
  noticeOf,
  transition,
  userStatusOf,
  type Text,
  type UserRole,
  type WorkflowAction,
  type WorkflowFlow,
  type WorkflowState,
} from '@pp/contract';
import { demoBusiness, demoRfqs, fixtures, type OrderKind } from '@pp/fixtures';
import { Random, STATE_LETTERS, aadhaarOf, cinOf, gstinOf, mobileOf, panOf, seedOf, tanOf, udyamOf } from './indian.ts';

/**
 * The demo set of `npm run seed:demo`: N partners with everything the portal shows about them,
 * made from one seed number and a day (dates are relative to it, so the charts and the open RFQs
 * are current). The same input gives the same rows, byte for byte: one pass over the partners in
 * order, each drawing from its own seeded source, numbering rows with one counter per table.
 *
 * Ids of demo rows lie in [DEMO_ID_BASE, DEMO_ID_LIMIT); the loader moves every id sequence past
 * the limit, so rows made later never fall in the range and a new load can remove the old one.
 */
export const DEMO_ID_BASE = 1_000_000;
export const DEMO_ID_LIMIT = 10_000_000;
/** Request, grievance and query numbers of the demo set use this range of their sequences. */
export const DEMO_NUMBER_BASE = 100_000;
export const DEMO_NUMBER_LIMIT = 900_000;
/** Every planted duplicate: one partner in this many reuses a bank account, one in twice as many a GSTIN. */
export const DUPLICATE_BANK_EVERY = 250;
export const DUPLICATE_GSTIN_EVERY = 500;
/** Demo documents share this many real files in the file store (a few hundred, as the issue asks). */
export const DEMO_REAL_FILES = 300;

/** The tables the demo set writes, in the order they are loaded, with the columns each row gives. */
export const DEMO_TABLES = {
  UserAccount: [
    'id',
    'username',
    'passwordHash',
    'displayName',
    'email',
    'mobileNumber',
    'role',
    'status',
    'emailVerifiedAt',
    'partnerId',
    'createdAt',
    'updatedAt',
  ],
  Partner: [
    'id',
    'partnerNumber',
    'organizationName',
    'coordinationPerson',
    'designation',
    'longDesc',
    'email',
    'mobileNumber',
    'website',
    'countryCode',
    'nationalIdType',
    'nationalId',
    'classificationCode',
    'currentCompanyCode',
    'currentCategoryCode',
    'createdAt',
    'updatedAt',
  ],
  CompanyMapping: [
    'id',
    'partnerId',
    'companyCode',
    'categoryCode',
    'productCategoryCode',
    'subCategoryCode',
    'isDefault',
    'isPrimary',
    'createdAt',
  ],
  OnboardingProfile: [
    'id',
    'partnerId',
    'companyCode',
    'categoryCode',
    'status',
    'requestNumber',
    'submittedAt',
    'createdAt',
    'updatedAt',
  ],
  OnboardingPart: ['profileId', 'partName', 'data', 'updatedAt'],
  OnboardingRow: ['id', 'profileId', 'listName', 'data', 'createdAt', 'updatedAt'],
  OnboardingAnswer: ['profileId', 'questionId', 'value', 'expiryDate', 'fileIds', 'updatedAt'],
  StoredFile: [
    'id',
    'ownerUserId',
    'partnerId',
    'moduleCode',
    'fileName',
    'fileType',
    'mediaType',
    'fileSize',
    'sha256',
    'storageKey',
    'createdAt',
  ],
  PartnerIdentifier: ['id', 'kind', 'value', 'partnerId', 'profileId'],
  WorkflowRequest: [
    'id',
    'requestNumber',
    'flow',
    'state',
    'sentBackFrom',
    'desk',
    'companyCode',
    'profileId',
    'partnerId',
    'title',
    'submittedAt',
    'updatedAt',
  ],
  WorkflowRecord: ['id', 'profileId', 'requestNumber', 'action', 'fromStatus', 'toStatus', 'actorUserId', 'remarks', 'createdAt'],
  CompanyRequest: ['id', 'requestNumber', 'partnerId', 'companyCode', 'categoryCode', 'reason', 'createdAt'],
  Notification: ['notificationId', 'partnerId', 'description', 'params', 'notificationStatus', 'kind', 'createdAt', 'readAt'],
  PartnerOrder: [
    'id',
    'orderNumber',
    'orderType',
    'partnerId',
    'companyCode',
    'categoryCode',
    'description',
    'projectName',
    'orderDate',
    'deliveryDate',
    'currency',
    'amount',
    'status',
    'createdAt',
  ],
  PartnerInvoice: [
    'id',
    'invoiceNumber',
    'partnerId',
    'orderId',
    'companyCode',
    'invoiceDate',
    'dueDate',
    'amount',
    'taxAmount',
    'status',
    'createdAt',
  ],
  PartnerPayment: ['id', 'invoiceId', 'partnerId', 'companyCode', 'paidOn', 'amount', 'reference'],
  Grievance: [
    'id',
    'grievanceNumber',
    'partnerId',
    'companyCode',
    'reasonCode',
    'documentNumber',
    'subject',
    'description',
    'fileIds',
    'state',
    'title',
    'createdAt',
    'submittedAt',
    'settledAt',
    'dueAt',
    'answeredAt',
    'international',
    'updatedAt',
  ],
  GrievanceStep: [
    'id',
    'grievanceId',
    'action',
    'fromState',
    'toState',
    'actorUserId',
    'byPartner',
    'remarks',
    'previousReason',
    'fileIds',
    'createdAt',
  ],
  Rfq: [
    'id',
    'rfqNumber',
    'kind',
    'companyCode',
    'businessCode',
    'categoryCode',
    'title',
    'description',
    'quantity',
    'unit',
    'deliveryLocation',
    'currency',
    'startPrice',
    'minDecrement',
    'openingAt',
    'closingAt',
    'createdAt',
  ],
  RfqBid: ['id', 'rfqId', 'partnerId', 'amount', 'remarks', 'placedAt'],
  Feedback: [
    'id',
    'partnerId',
    'companyCode',
    'period',
    'status',
    'answers',
    'averageRating',
    'createdAt',
    'updatedAt',
    'submittedAt',
  ],
  Testimonial: [
    'id',
    'partnerId',
    'customerName',
    'givenBy',
    'designation',
    'projectName',
    'givenOn',
    'text',
    'fileId',
    'createdAt',
  ],
  Customer: [
    'id',
    'customerNumber',
    'companyCode',
    'name',
    'pan',
    'gstin',
    'email',
    'mobileNumber',
    'address',
    'createdByUserId',
    'requestNumber',
    'createdAt',
    'updatedAt',
  ],
  CustomerRow: ['id', 'customerId', 'kind', 'data', 'createdAt'],
  PartnerQuery: [
    'id',
    'referenceNumber',
    'source',
    'displayName',
    'companyName',
    'mobileNumber',
    'partnerEmailId',
    'message',
    'status',
    'partnerId',
    'supportEmailId',
    'siteUrl',
    'createdAt',
    'resolvedAt',
    'companyCode',
    'title',
    'lastMessageAt',
  ],
  PartnerQueryMessage: ['id', 'queryId', 'author', 'authorUserId', 'text', 'createdAt'],
  ChatConversation: ['sender', 'language', 'state', 'turns', 'lastMessageAt', 'createdAt'],
} as const satisfies Record<string, readonly string[]>;
export type DemoTable = keyof typeof DEMO_TABLES;
export const DEMO_TABLE_NAMES = Object.keys(DEMO_TABLES) as DemoTable[];

export interface DemoInput {
  seed: number;
  partners: number;
  /** YYYY-MM-DD: the day the data is current on. */
  today: string;
  /** One hash for every demo account (they share the fixture's demo password). */
  passwordHash: string;
  /** The real files the demo documents share (see demoFiles): their sizes and hashes go in the metadata. */
  blobs: readonly { size: number; sha256: string }[];
}

/** Rows of a part of the run, by table: each row its values in DEMO_TABLES order. */
export type DemoBatch = Map<DemoTable, unknown[][]>;

export interface DemoSummary {
  partners: number;
  staff: number;
  duplicateBankAccounts: number;
  duplicateGstins: number;
  realFiles: number;
  /** Profiles by the state of their onboarding request (DRAFT: never submitted). */
  profilesByState: Record<string, number>;
  /** The group's customers, with their requests in the CUSTOMER flow. */
  customers: number;
}

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const date = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** A demo file's id: a UUID whose last twelve hex digits count the demo's files. */
export const demoFileId = (n: number) => `10000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
/** The store key of one of the real files the demo documents share. */
export const demoBlobKey = (n: number) => `10000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;

/** How the onboarding requests of the demo spread over the workflow's states (weights). */
const ONBOARDING_STATES = {
  DRAFT: 8,
  SEGREGATION: 4,
  CATEGORISATION: 4,
  BUYER_REVIEW: 8,
  APPROVAL: 5,
  FINANCE_APPROVAL: 4,
  SENT_BACK: 6,
  APPROVED: 57,
  REJECTED: 4,
} as const satisfies Partial<Record<WorkflowState, number>>;

/** The staff steps that bring an onboarding request to each state; a few approved ones were sent back once. */
const PATHS: Record<keyof typeof ONBOARDING_STATES, WorkflowAction[]> = {
  DRAFT: [],
  SEGREGATION: ['SUBMIT'],
  CATEGORISATION: ['SUBMIT', 'SEGREGATE'],
  BUYER_REVIEW: ['SUBMIT', 'SEGREGATE', 'CATEGORISE'],
  APPROVAL: ['SUBMIT', 'SEGREGATE', 'CATEGORISE', 'FORWARD'],
  FINANCE_APPROVAL: ['SUBMIT', 'SEGREGATE', 'CATEGORISE', 'FORWARD', 'APPROVE'],
  SENT_BACK: ['SUBMIT', 'SEGREGATE', 'CATEGORISE', 'SEND_BACK'],
  APPROVED: ['SUBMIT', 'SEGREGATE', 'CATEGORISE', 'FORWARD', 'APPROVE', 'APPROVE'],
  REJECTED: ['SUBMIT', 'SEGREGATE', 'CATEGORISE', 'REJECT'],
};
const RESENT_APPROVED: WorkflowAction[] = [
  'SUBMIT',
  'SEGREGATE',
  'CATEGORISE',
  'SEND_BACK',
  'RESUBMIT',
  'FORWARD',
  'APPROVE',
  'APPROVE',
];
const REKYC_PATHS: WorkflowAction[][] = [
  [],
  ['SUBMIT'],
  ['SUBMIT', 'FORWARD'],
  ['SUBMIT', 'SEND_BACK'],
  ['SUBMIT', 'FORWARD', 'APPROVE'],
];
const CUSTOMER_PATHS: WorkflowAction[][] = [
  [],
  ['SUBMIT'],
  ['SUBMIT', 'APPROVE'],
  ['SUBMIT', 'APPROVE', 'APPROVE'],
  ['SUBMIT', 'APPROVE', 'APPROVE'],
  ['SUBMIT', 'SEND_BACK'],
  ['SUBMIT', 'SEND_BACK', 'RESUBMIT', 'APPROVE', 'APPROVE'],
  ['SUBMIT', 'REJECT'],
];
const ADD_COMPANY_PATHS: WorkflowAction[][] = [['SUBMIT'], ['SUBMIT', 'APPROVE'], ['SUBMIT', 'SEND_BACK'], ['SUBMIT', 'REJECT']];

const REMARKS: Partial<Record<WorkflowAction, string[]>> = {
  SEND_BACK: [
    'The cancelled cheque does not show the account holder name; upload a clearer copy.',
    'GST certificate for the branch state is missing.',
    'Turnover of the last financial year differs from the audited statement; please correct.',
    'Contact for accounts has no e-mail address.',
  ],
  REJECT: [
    'Category not required by the group at present.',
    'PAN is already registered with another partner; duplicate registration.',
    'Statutory registrations could not be verified.',
  ],
  FORWARD: ['Documents verified.', 'Profile complete; recommended for approval.'],
  APPROVE: ['Approved.', 'Bank details verified against the cancelled cheque.'],
};

/** Demo staff: who acts on the requests (staff assignments), by role. */
const STAFF_ROLES: [UserRole, number][] = [
  ['BUYER', 8],
  ['APPROVER', 4],
  ['FINANCE', 4],
  ['SEGREGATOR', 3],
  ['CATEGORIZER', 3],
  ['FORENSICS', 2],
  ['REPORTS', 2],
  ['ADMIN', 2],
];

const ORDER_KIND = (categoryCode: string): OrderKind =>
  /^(SUB|INF-CON)-/.test(categoryCode) ? 'works' : categoryCode.startsWith('SVC-') ? 'services' : 'goods';

/** Empty parts and rows as the contract stores them (every field, null when not given). */
const EMPTY = {
  general: ONBOARDING_PARTS.general.input.parse({}),
  address: ONBOARDING_PARTS.address.input.parse({}),
  statutory: ONBOARDING_PARTS.statutory.input.parse({}),
  vat: ONBOARDING_PARTS.vat.input.parse({}),
  contacts: ONBOARDING_LISTS.contacts.input.parse({}),
  gstins: ONBOARDING_LISTS.gstins.input.parse({}),
  bankAccounts: ONBOARDING_LISTS.bankAccounts.input.parse({}),
  projects: ONBOARDING_LISTS.projects.input.parse({}),
  customers: ONBOARDING_LISTS.customers.input.parse({}),
  branches: ONBOARDING_LISTS.branches.input.parse({}),
};
/** What the server stores of a part or row: every field (null where not given), as rowData keeps it. */
const stored = <T extends Record<string, unknown>>(empty: T, values: Partial<Record<keyof T, unknown>>) =>
  rowData({ ...empty, ...values });

interface Reference {
  names: ReturnType<typeof fixtures.demoNames>;
  /** Indian states with their cities (GST state code known). */
  states: { stateId: number; gst: string; cities: number[]; cityNames: string[] }[];
  foreign: { countryCode: number; stateId: number; cities: number[] }[];
  ifscs: { ifsc: string; bankName: string; branchName: string }[];
  /** Businesses of each company with their categories (level 2) and sub-categories (level 3). */
  businesses: { companyCode: number; code: string; categories: { code: string; name: string; subs: string[] }[] }[];
  questions: ReturnType<typeof fixtures.onboarding>['questions'];
  feedback: ReturnType<typeof fixtures.feedbackQuestions>;
}

function reference(): Reference {
  const cats = fixtures.businessCategories();
  const states = fixtures.states();
  return {
    names: fixtures.demoNames(),
    states: states
      .filter((s) => s.countryCode === DOMESTIC_COUNTRY_CODE && s.gstStateCode)
      .map((s) => ({
        stateId: s.stateId,
        gst: s.gstStateCode!,
        cities: s.cities.map((c) => c.cityId),
        cityNames: s.cities.map((c) => c.cityName),
      })),
    foreign: states
      .filter((s) => s.countryCode !== DOMESTIC_COUNTRY_CODE)
      .map((s) => ({ countryCode: s.countryCode, stateId: s.stateId, cities: s.cities.map((c) => c.cityId) })),
    ifscs: fixtures
      .banks()
      .flatMap((b) => b.branches.map((br) => ({ ifsc: br.ifsc, bankName: b.bankName, branchName: br.branchName }))),
    businesses: cats
      .filter((c) => c.level === 1)
      .map((b) => ({
        companyCode: b.companyCode,
        code: b.categoryCode,
        categories: cats
          .filter((c) => c.level === 2 && c.parentCode === b.categoryCode)
          .map((c) => ({
            code: c.categoryCode,
            name: c.categoryName,
            subs: cats.filter((s) => s.level === 3 && s.parentCode === c.categoryCode).map((s) => s.categoryCode),
          })),
      })),
    questions: fixtures.onboarding().questions,
    feedback: fixtures.feedbackQuestions(),
  };
}

/** COPY needs every row's values; this keeps the counters that number them. */
class Tables {
  batch: DemoBatch = new Map();
  private counters = new Map<string, number>();
  next(counter: string): number {
    const n = this.counters.get(counter) ?? 0;
    this.counters.set(counter, n + 1);
    return n;
  }
  id(table: DemoTable): number {
    return DEMO_ID_BASE + this.next(table);
  }
  add(table: DemoTable, row: unknown[]) {
    let rows = this.batch.get(table);
    if (!rows) this.batch.set(table, (rows = []));
    rows.push(row);
  }
  take(): DemoBatch {
    const b = this.batch;
    this.batch = new Map();
    return b;
  }
}

interface Actor {
  id: number;
  role: UserRole;
}

/**
 * Walks a flow's steps through the contract's engine (so every history is one the server could
 * have made), writing the request and its records. Answers where it ends.
 */
function walk(
  t: Tables,
  r: Random,
  flow: WorkflowFlow,
  actions: WorkflowAction[],
  ctx: {
    requestNumber: string;
    companyCode: number;
    profileId: number | null;
    partnerId: number | null;
    /** Who acts on the partner's steps; a customer's request has none. */
    partnerUserId: number | null;
    title: string;
    startMs: number;
    staffOf: (role: UserRole) => Actor;
  },
): { state: WorkflowState; submittedMs: number; lastMs: number } {
  let at = { state: WORKFLOW_RULES[flow].start, sentBackFrom: null as WorkflowState | null };
  let ms = ctx.startMs;
  const submittedMs = ctx.startMs;
  for (const action of actions) {
    const deskRole = WORKFLOW_RULES[flow].rules.find((x) => x.action === action && x.from === at.state)?.roles[0];
    if (!deskRole) throw new Error(`demo: ${flow} cannot ${action} from ${at.state}`);
    if (deskRole === 'PARTNER' && ctx.partnerUserId === null) throw new Error(`demo: ${flow} has no partner to ${action}`);
    const actor = deskRole === 'PARTNER' ? { id: ctx.partnerUserId!, role: 'PARTNER' as const } : ctx.staffOf(deskRole);
    const remarks = REMARKS[action] ? r.pick(REMARKS[action]) : null;
    const result = transition(flow, at, action, actor.role, remarks);
    if (!result.ok) throw new Error(`demo: ${flow} ${action} from ${at.state}: ${result.reason}`);
    t.add('WorkflowRecord', [
      t.id('WorkflowRecord'),
      ctx.profileId,
      ctx.requestNumber,
      action,
      at.state,
      result.state,
      actor.id,
      remarks,
      iso(ms),
    ]);
    at = { state: result.state, sentBackFrom: result.sentBackFrom };
    ms += r.int(1, 6) * DAY + r.int(0, 8) * 3_600_000;
  }
  const lastMs = ms - DAY;
  const desk = WORKFLOW_RULES[flow].rules.find((x) => x.from === at.state)?.roles.find((x) => x !== 'ADMIN') ?? null;
  t.add('WorkflowRequest', [
    t.id('WorkflowRequest'),
    ctx.requestNumber,
    flow,
    at.state,
    at.sentBackFrom,
    desk,
    ctx.companyCode,
    ctx.profileId,
    ctx.partnerId,
    ctx.title,
    iso(submittedMs),
    iso(Math.max(submittedMs, lastMs)),
  ]);
  return { state: at.state, submittedMs, lastMs: Math.max(submittedMs, lastMs) };
}

/** What every partner's rows are made with, and what the pass over the partners carries along. */
interface DemoRun {
  input: DemoInput;
  summary: DemoSummary;
  ref: Reference;
  t: Tables;
  todayMs: number;
  year: number;
  /** The financial years a profile reports on, newest first. */
  fy: string[];
  staff: Actor[];
  /**
   * The numbers some partner (or customer) already holds, by kind: each new one is drawn until it is
   * unused, so forensics finds exactly the duplicates planted (a drawn mobile number once matched
   * another partner's by chance at 35,000).
   */
  used: Record<'pan' | 'mobile' | 'udyam' | 'account', Set<string>>;
  /** Approved partners by company and business, for the RFQ bids at the end. */
  bidders: Map<string, number[]>;
  fileCount: number;
  /** The bank account and first GSTIN of the last partner whose profile registered them: the planted duplicates copy them. */
  previousBank: { ifsc: string; accountNumber: string } | null;
  previousGstin: string | null;
}

/** A partner's identity, numbers and businesses, which each of its profiles repeats. */
type DemoPartner = ReturnType<typeof partnerOf>;
type Business = Reference['businesses'][number];

/** The run's start: the reference data, the summary's zeros and the staff accounts (the histories name them). */
function startRun(input: DemoInput, summary: DemoSummary): DemoRun {
  const ref = reference();
  const { names } = ref;
  const t = new Tables();
  const todayMs = Date.parse(`${input.today}T09:00:00Z`);
  const year = Number(input.today.slice(0, 4));
  const fy = financialYears(new Date(todayMs));

  Object.assign(summary, {
    partners: input.partners,
    staff: 0,
    duplicateBankAccounts: 0,
    duplicateGstins: 0,
    realFiles: DEMO_REAL_FILES,
    profilesByState: {},
    customers: 0,
  } satisfies DemoSummary);

  // Ids follow the partners' accounts.
  const staff: Actor[] = [];
  const staffBase = DEMO_ID_BASE + input.partners;
  for (const [role, count] of STAFF_ROLES) {
    for (let k = 1; k <= count; k += 1) {
      const id = staffBase + staff.length;
      const r = new Random(seedOf(input.seed, -1, staff.length));
      const person = `${r.pick(names.firstNames)} ${r.pick(names.surnames)}`;
      const username = `demo.${role.toLowerCase()}${String(k).padStart(2, '0')}`;
      staff.push({ id, role });
      t.add('UserAccount', [
        id,
        username,
        input.passwordHash,
        person,
        `${username}@staff.example.com`,
        null,
        role,
        'ACTIVE',
        iso(todayMs - 400 * DAY),
        null,
        iso(todayMs - 400 * DAY),
        iso(todayMs - 400 * DAY),
      ]);
    }
  }
  summary.staff = staff.length;
  return {
    input,
    summary,
    ref,
    t,
    todayMs,
    year,
    fy,
    staff,
    used: { pan: new Set<string>(), mobile: new Set<string>(), udyam: new Set<string>(), account: new Set<string>() },
    bidders: new Map<string, number[]>(),
    fileCount: 0,
    previousBank: null,
    previousGstin: null,
  };
}

/** Who acts for a desk: a staff member of its role, drawn from the partner's source (an admin when none has it). */
const staffPicker = (run: DemoRun) => (r: Random) => (role: UserRole) => {
  const of = run.staff.filter((s) => s.role === role);
  return r.pick(of.length > 0 ? of : run.staff.filter((s) => s.role === 'ADMIN'));
};

/** A stored document's row. */
function fileRow(
  run: DemoRun,
  partnerId: number,
  ownerUserId: number,
  moduleCode: string,
  fileName: string,
  createdMs: number,
): string {
  const { t, input } = run;
  const n = run.fileCount++;
  const id = demoFileId(n);
  const blob = n % input.blobs.length;
  // Many documents read one real file: the metadata names its key, size and hash.
  t.add('StoredFile', [
    id,
    ownerUserId,
    partnerId,
    moduleCode,
    fileName,
    'pdf',
    'application/pdf',
    input.blobs[blob]!.size,
    input.blobs[blob]!.sha256,
    demoBlobKey(blob),
    iso(createdMs),
  ]);
  return id;
}

/** A number drawn until no one holds it yet, then held. */
export function unused(held: Set<string>, draw: () => string): string {
  let value = draw();
  while (held.has(value)) value = draw();
  held.add(value);
  return value;
}

/** A partner's account, its numbers (with the planted duplicates) and the businesses it works in. */
function partnerOf(run: DemoRun, r: Random, i: number) {
  const { input, summary, ref, t, todayMs, year, used } = run;
  const { names } = ref;
  const id = DEMO_ID_BASE + i;
  const userId = DEMO_ID_BASE + i;
  const partnerNumber = partnerNumberOf(DEMO_ID_BASE + i);
  const username = `partner${String(i + 1).padStart(5, '0')}`;
  const person = `${r.pick(names.firstNames)} ${r.pick(names.surnames)}`;
  const surname = person.split(' ')[1]!;
  const domestic = !r.chance(0.03);
  const ownership = domestic
    ? r.weighted({ PVT: 45, PROP: 20, PART: 10, LLP: 10, PUB: 8, HUF: 3, TRUST: 2, GOVT: 2 })
    : 'FOREIGN';
  const trade = r.pick(names.companyTrades);
  const stem = r.chance(0.35) ? surname : r.pick(names.companyStems);
  const suffix = {
    PVT: 'Pvt Ltd',
    PUB: 'Ltd',
    LLP: 'LLP',
    PART: '& Co',
    PROP: 'Enterprises',
    HUF: '& Sons',
    TRUST: 'Trust',
    GOVT: 'Corporation',
    FOREIGN: r.pick(['LLC', 'Ltd', 'GmbH', 'FZE']),
  }[ownership];
  const org = `${stem} ${trade} ${suffix}`;
  const slug = `${stem}-${trade}`.toLowerCase().replace(/[^a-z]+/g, '-');
  const website = `https://${slug}-${i + 1}.example.com`;
  const email = `${username}@${slug}.example.com`;
  const mobile = unused(used.mobile, () => mobileOf(r));
  // Partners registered over the last 900 days in the order of their ids, as a live system numbers them.
  const createdMs = todayMs - Math.round(((input.partners - i) / input.partners) * 870 + 30) * DAY - r.int(0, 23) * 3_600_000;
  const home = domestic ? r.pick(ref.states) : null;
  const foreign = domestic ? null : r.pick(ref.foreign);
  const cityId = home ? r.pick(home.cities) : r.pick(foreign!.cities);
  const stateLetters = home ? (STATE_LETTERS[home.gst] ?? 'MH') : '';
  const holder = { PVT: 'C', PUB: 'C', PROP: 'P', PART: 'F', LLP: 'F', HUF: 'H', TRUST: 'T', GOVT: 'G', FOREIGN: 'C' }[ownership];
  let pan: string | null = null;
  if (domestic) {
    pan = unused(used.pan, () => panOf(r, holder, ownership === 'PROP' ? surname : org));
  }
  const countryCode = domestic ? DOMESTIC_COUNTRY_CODE : foreign!.countryCode;
  const vatNumber = domestic ? null : `${r.letters(2)}${r.digits(10)}`;

  // One company and business, or (one in five) a second one in the other company.
  const first = r.pick(ref.businesses);
  const second = r.chance(0.2) ? r.pick(ref.businesses.filter((b) => b.companyCode !== first.companyCode)) : null;
  const mappings = second ? [first, second] : [first];
  const current = first;

  t.add('UserAccount', [
    userId,
    username,
    input.passwordHash,
    person,
    email,
    mobile,
    'PARTNER',
    'ACTIVE',
    iso(createdMs),
    id,
    iso(createdMs),
    iso(createdMs),
  ]);
  t.add('Partner', [
    id,
    partnerNumber,
    org,
    person,
    r.pick(names.designations),
    `${trade} for engineering and construction projects`,
    email,
    mobile,
    website,
    countryCode,
    domestic ? 'PAN' : null,
    domestic ? pan : vatNumber,
    r.chance(0.1) ? 2 : 1,
    current.companyCode,
    current.code,
    iso(createdMs),
    iso(createdMs),
  ]);

  // Statutory numbers and accounts, shared by the partner's profiles.
  const year0 = r.int(1975, year - 3);
  const gstins: string[] = [];
  let planted = false;
  if (domestic) {
    gstins.push(gstinOf(home!.gst, pan!));
    if (r.chance(0.35)) gstins.push(gstinOf(r.pick(ref.states.filter((s) => s.gst !== home!.gst)).gst, pan!));
    // A planted duplicate: this partner lists the previous partner's GSTIN as its own.
    if (i % DUPLICATE_GSTIN_EVERY === DUPLICATE_GSTIN_EVERY - 1 && run.previousGstin) {
      gstins.push(run.previousGstin);
      summary.duplicateGstins += 1;
      planted = true;
    }
  }
  const bank = r.pick(ref.ifscs);
  let account = {
    ifsc: bank.ifsc,
    accountNumber: unused(used.account, () => `${r.int(1, 9)}${r.digits(r.int(10, 15))}`),
    bankName: bank.bankName,
  };
  if (i % DUPLICATE_BANK_EVERY === DUPLICATE_BANK_EVERY - 1 && run.previousBank) {
    account = { ...run.previousBank, bankName: ref.ifscs.find((b) => b.ifsc === run.previousBank!.ifsc)!.bankName };
    summary.duplicateBankAccounts += 1;
    planted = true;
  }
  const registration = { PVT: 'cin', PUB: 'cin', LLP: 'llpin', PART: 'frn' } as Partial<Record<string, string>>;
  const statutory = domestic
    ? stored(EMPTY.statutory, {
        pan,
        tan: tanOf(r, org),
        cin: registration[ownership] === 'cin' ? cinOf(r, stateLetters, year0, ownership === 'PUB' ? 'PLC' : 'PTC') : null,
        llpin: registration[ownership] === 'llpin' ? `${r.letters(3)}-${r.digits(4)}` : null,
        firmRegistrationNumber: registration[ownership] === 'frn' ? `FR${r.digits(6)}` : null,
        udyamNumber: r.chance(0.6) ? unused(used.udyam, () => udyamOf(r, stateLetters)) : null,
        aadhaarNumber: ownership === 'PROP' ? aadhaarOf(r) : null,
      })
    : null;
  return {
    i,
    id,
    userId,
    partnerNumber,
    person,
    domestic,
    ownership,
    trade,
    org,
    slug,
    website,
    email,
    mobile,
    createdMs,
    home,
    foreign,
    cityId,
    countryCode,
    vatNumber,
    first,
    second,
    mappings,
    year0,
    gstins,
    account,
    statutory,
    /** It copies the previous partner's numbers: its first profile registers them, so forensics finds each one planted. */
    planted,
  };
}

/**
 * One profile of a partner (its m-th company and business): the mapping, the parts and rows as the
 * forms would have saved them, the answers, the workflow's history, the alerts, and for an approved
 * one the business it does with the group. Answers whether the profile was filled in (only a
 * filled one registers the partner's numbers).
 */
function profileOf(run: DemoRun, r: Random, p: DemoPartner, m: number, business: Business): boolean {
  const { summary, t, todayMs } = run;
  const { id, userId, partnerNumber, org, createdMs } = p;
  const staffOf = staffPicker(run);
  const mappingId = t.id('CompanyMapping');
  const category = r.pick(business.categories);
  const sub = category.subs.length > 0 ? r.pick(category.subs) : null;
  t.add('CompanyMapping', [
    mappingId,
    id,
    business.companyCode,
    business.code,
    category.code,
    sub,
    m === 0,
    true,
    iso(createdMs),
  ]);

  const profileId = t.id('OnboardingProfile');
  const target = m === 0 ? r.weighted(ONBOARDING_STATES) : r.weighted({ DRAFT: 40, BUYER_REVIEW: 20, APPROVED: 40 });
  const resent = target === 'APPROVED' && r.chance(0.15);
  const actions = resent ? RESENT_APPROVED : PATHS[target];
  const startMs = createdMs + r.int(2, 20) * DAY;
  const requestNumber =
    actions.length > 0 ? demoRequestNumber('ONBOARDING', business.companyCode, startMs, t.next('requestNumber')) : null;
  const fileAt = createdMs + DAY;
  const filled = actions.length > 0 || r.chance(0.6) || (m === 0 && p.planted);

  profileContentOf(run, r, p, { profileId, business, filled, fileAt, startMs, actions });

  const title = requestTitleOf(org, partnerNumber);
  let state: WorkflowState = 'DRAFT';
  let lastMs = createdMs;
  let approved = false;
  if (requestNumber) {
    const walked = walk(t, r, 'ONBOARDING', actions, {
      requestNumber,
      companyCode: business.companyCode,
      profileId,
      partnerId: id,
      partnerUserId: userId,
      title,
      startMs,
      staffOf: staffOf(r),
    });
    state = walked.state;
    lastMs = walked.lastMs;
    approved = state === 'APPROVED';
  }
  summary.profilesByState[state] = (summary.profilesByState[state] ?? 0) + 1;
  // Re-KYC of some approved partners: a later request on the same profile.
  if (state === 'APPROVED' && m === 0 && r.chance(0.04)) {
    const path = r.pick(REKYC_PATHS);
    const rekycStart = lastMs + r.int(30, 200) * DAY;
    if (rekycStart < todayMs) {
      const walked = walk(t, r, 'REKYC', path, {
        requestNumber: demoRequestNumber('REKYC', business.companyCode, rekycStart, t.next('requestNumber')),
        companyCode: business.companyCode,
        profileId,
        partnerId: id,
        partnerUserId: userId,
        title,
        startMs: rekycStart,
        staffOf: staffOf(r),
      });
      state = walked.state;
      summary.profilesByState[`REKYC_${walked.state}`] = (summary.profilesByState[`REKYC_${walked.state}`] ?? 0) + 1;
    }
  }
  t.add('OnboardingProfile', [
    profileId,
    id,
    business.companyCode,
    business.code,
    userStatusOf(state),
    requestNumber,
    requestNumber ? iso(startMs) : null,
    iso(createdMs),
    iso(lastMs),
  ]);

  // Alerts the workflow sent.
  // Catalogue texts, as the server's own notices: each reader gets them in the page's language.
  const note = (message: Text, ms: number, read: boolean) => {
    const { description, params } = noticeOf(message);
    t.add('Notification', [
      t.id('Notification'),
      id,
      description,
      params,
      read ? 'R' : 'D',
      'ALERT',
      iso(ms),
      read ? iso(ms + DAY) : null,
    ]);
  };
  if (m === 0) note(TEXTS.noticeWelcome(org), createdMs, true);
  if (state === 'APPROVED') note(TEXTS.noticeBusinessApproved(business.code), lastMs, r.chance(0.8));
  if (state === 'SENT_BACK') note(TEXTS.noticeSentBack, lastMs, false);
  if (state === 'REJECTED') note(TEXTS.noticeRejected, lastMs, r.chance(0.5));

  // An approved partner (also one whose re-KYC is under way) does business with the group.
  if (approved) approvedBusinessOf(run, r, p, m, business);
  return filled;
}

/** A profile's parts and rows as the forms would have saved them, its answers and the numbers it registers. */
function profileContentOf(
  run: DemoRun,
  r: Random,
  p: DemoPartner,
  profile: { profileId: number; business: Business; filled: boolean; fileAt: number; startMs: number; actions: WorkflowAction[] },
) {
  const { ref, t, todayMs, year, fy } = run;
  const { names } = ref;
  const { id, userId, person, domestic, ownership, trade, org, slug, website, email, mobile } = p;
  const { foreign, home, cityId, countryCode, vatNumber, year0, gstins, account, statutory } = p;
  const { profileId, business, filled, fileAt, startMs, actions } = profile;
  const file = (partnerId: number, ownerUserId: number, moduleCode: string, fileName: string, atMs: number) =>
    fileRow(run, partnerId, ownerUserId, moduleCode, fileName, atMs);
  // The profile's parts, as the forms would have saved them.
  const add = (partName: string, data: unknown) => t.add('OnboardingPart', [profileId, partName, data, iso(fileAt)]);
  add(
    'general',
    stored(EMPTY.general, {
      ownershipType: ownership,
      businessTypes: [],
      yearOfIncorporation: year0,
      enterpriseSector: r.pick(['MICRO', 'SMALL', 'MEDIUM', 'LARGE']),
      website,
      employees: r.int(5, 2500),
      currencyCode: domestic ? 'INR' : 'USD',
      profile: `${org}: ${trade.toLowerCase()} since ${year0}.`,
    }),
  );
  add(
    'address',
    stored(EMPTY.address, {
      line1: `${r.int(1, 300)}, ${r.pick(names.streets)}`,
      countryCode,
      stateId: home ? home.stateId : foreign!.stateId,
      cityId,
      postalCode: domestic ? `${r.int(1, 8)}${r.digits(5)}` : r.digits(5),
    }),
  );
  if (filled) {
    if (statutory) add('statutory', { ...statutory, panFileId: file(id, userId, 'ONB', 'pan-card.pdf', fileAt) });
    else
      add(
        'vat',
        stored(EMPTY.vat, {
          vatNumber,
          taxAuthority: 'Federal Tax Authority',
          certificateFileId: file(id, userId, 'ONB', 'vat-certificate.pdf', fileAt),
        }),
      );
    const perf = fy.map((financialYear) => ({
      financialYear,
      turnover: `${r.int(20, 90000)}.00`,
      profitBeforeTax: `${r.int(-500, 9000)}.00`,
      profitAfterTax: `${r.int(-500, 7000)}.00`,
    }));
    add('fin.performance', { years: perf });
    if (actions.length > 0) {
      add('acceptance', {
        signatoryName: person,
        signatoryDesignation: 'Director',
        place: 'Mumbai',
        acceptedAt: iso(startMs - DAY),
      });
    }
  }
  const row = (listName: string, data: unknown) =>
    t.add('OnboardingRow', [t.id('OnboardingRow'), profileId, listName, data, iso(fileAt), iso(fileAt)]);
  row(
    'contacts',
    stored(EMPTY.contacts, {
      departmentCode: 'MGMT',
      salutation: r.pick(['MR', 'MS', 'DR']),
      name: person,
      designation: 'Director',
      mobile,
      email,
    }),
  );
  let accountsContact: { mobile: string; email: string } | null = null;
  if (filled) {
    const accountsPerson = `${r.pick(names.firstNames)} ${r.pick(names.surnames)}`;
    const accounts = {
      departmentCode: 'ACCTS',
      salutation: r.pick(['MR', 'MS']),
      name: accountsPerson,
      designation: 'Accounts Manager',
      mobile: unused(run.used.mobile, () => mobileOf(r)),
      email: `accounts.${email.split('@')[0]}@${slug}.example.com`,
    };
    row('contacts', stored(EMPTY.contacts, accounts));
    accountsContact = accounts;
    for (const gstin of gstins)
      row(
        'gstins',
        stored(EMPTY.gstins, {
          gstin,
          registrationType: 'REGULAR',
          certificateFileId: file(id, userId, 'ONB', `gst-${gstin}.pdf`, fileAt),
        }),
      );
    row(
      'bankAccounts',
      stored(EMPTY.bankAccounts, {
        accountHolderName: org.replace(/[^A-Za-z0-9 &\-.()]/g, ''),
        accountNumber: account.accountNumber,
        accountCategory: 'CA',
        accountType: 'P',
        ifsc: account.ifsc,
        bankName: account.bankName,
        paymentMode: r.pick(['NEFT', 'RTGS']),
        chequeFileId: file(id, userId, 'ONB', 'cancelled-cheque.pdf', fileAt),
      }),
    );
    row(
      'projects',
      stored(EMPTY.projects, {
        clientName: `${r.pick(names.companyStems)} ${r.pick(names.companyTrades)} Ltd`,
        projectName: `${r.pick(['Metro', 'Highway', 'Refinery', 'Port', 'Airport', 'Township'])} package ${r.int(1, 12)}`,
        value: `${r.int(50, 20000)}.00`,
        completionYear: r.int(year0 + 1, year),
      }),
    );
    row(
      'customers',
      stored(EMPTY.customers, {
        customerName: `${r.pick(names.companyStems)} ${r.pick(names.companyTrades)} Pvt Ltd`,
        sector: r.pick(['GOVT', 'PSU', 'PVT', 'INFRA']),
        shareOfTurnover: r.int(5, 40),
      }),
    );
  }

  // Mandatory questions of the profile's business, answered (certificates with an expiry date).
  if (filled) {
    for (const q of ref.questions) {
      if (
        !q.mandatory ||
        (q.categoryCode && q.categoryCode !== business.code) ||
        (q.companyCode && q.companyCode !== business.companyCode)
      )
        continue;
      if (q.applies === 'D' && !domestic) continue;
      if (q.applies === 'I' && domestic) continue;
      const isFile = q.kind === 'FILE';
      const value = q.kind === 'YESNO' ? r.pick(['Y', 'Y', 'N']) : q.kind === 'NUMBER' ? String(r.int(1, 500)) : null;
      const expiry = q.hasExpiry ? date(todayMs + r.int(-20, 700) * DAY) : null;
      const files = isFile ? [file(id, userId, q.moduleCode, `certificate-${q.questionId}.pdf`, fileAt)] : [];
      t.add('OnboardingAnswer', [profileId, q.questionId, value, expiry, files, iso(fileAt)]);
    }
  }

  // Numbers other partners may share (forensics): the identifier registry, as a saved profile builds it.
  if (filled) {
    const ids = identifiersOf({
      statutory,
      vat: vatNumber ? { vatNumber } : null,
      gstins: gstins.map((gstin) => ({ gstin })),
      bankAccounts: [account],
      contacts: [{ mobile, email }, ...(accountsContact ? [accountsContact] : [])],
    });
    for (const { kind, value } of ids) t.add('PartnerIdentifier', [t.id('PartnerIdentifier'), kind, value, id, profileId]);
  }
}

/** What an approved partner does with the group: orders and invoices, grievances, feedback, testimonials; and it may bid. */
function approvedBusinessOf(run: DemoRun, r: Random, p: DemoPartner, m: number, business: Business) {
  const { input, ref, t, todayMs, bidders } = run;
  const { names } = ref;
  const { i, id, userId, partnerNumber, org } = p;
  const staffOf = staffPicker(run);
  const file = (partnerId: number, ownerUserId: number, moduleCode: string, fileName: string, atMs: number) =>
    fileRow(run, partnerId, ownerUserId, moduleCode, fileName, atMs);
  const key = `${business.companyCode}:${business.code}`;
  let list = bidders.get(key);
  if (!list) bidders.set(key, (list = []));
  list.push(id);
  businessOf(t, r, { id, userId, business, today: input.today, seed: input.seed, i, m });
  grievancesOf(t, r, {
    id,
    userId,
    org,
    partnerNumber,
    companyCode: business.companyCode,
    international: !p.domestic,
    todayMs,
    staffOf: staffOf(r),
    file: (name, ms) => file(id, userId, 'GRV', name, ms),
  });
  if (r.chance(0.6)) feedbackOf(t, r, ref.feedback, { id, companyCode: business.companyCode, todayMs });
  if (m === 0 && r.chance(0.35)) {
    for (let k = r.int(1, 2); k > 0; k -= 1) {
      const given = todayMs - r.int(20, 700) * DAY;
      t.add('Testimonial', [
        t.id('Testimonial'),
        id,
        `${r.pick(names.companyStems)} ${r.pick(names.companyTrades)} Ltd`,
        `${r.pick(names.firstNames)} ${r.pick(names.surnames)}`,
        r.pick(['Project Manager', 'Head of Procurement', 'Site In-charge']),
        `${r.pick(['Metro', 'Highway', 'Plant', 'Port'])} works ${r.int(1, 9)}`,
        date(given),
        `${org} delivered on time and to specification; their site team was responsive throughout the project.`,
        r.chance(0.3) ? file(id, userId, 'TST', 'appreciation-letter.pdf', given) : null,
        iso(given + DAY),
      ]);
    }
  }
}

/** A request to work with the group's other company. */
function companyRequestOf(run: DemoRun, r: Random, p: DemoPartner) {
  const { ref, t, todayMs } = run;
  const { id, userId, org, partnerNumber, first } = p;
  const staffOf = staffPicker(run);
  const other = r.pick(ref.businesses.filter((b) => b.companyCode !== first.companyCode));
  const startMs = todayMs - r.int(3, 120) * DAY;
  const requestNumber = demoRequestNumber('ADD_COMPANY', other.companyCode, startMs, t.next('requestNumber'));
  t.add('CompanyRequest', [
    t.id('CompanyRequest'),
    requestNumber,
    id,
    other.companyCode,
    other.code,
    `We already serve ${first.code} projects and would like to offer ${other.code} work to the group.`,
    iso(startMs),
  ]);
  walk(t, r, 'ADD_COMPANY', r.pick(ADD_COMPANY_PATHS), {
    requestNumber,
    companyCode: other.companyCode,
    profileId: null,
    partnerId: id,
    partnerUserId: userId,
    title: requestTitleOf(org, partnerNumber),
    startMs,
    staffOf: staffOf(r),
  });
}

/** Demo questions partners ask, and the answer staff give each. */
const DEMO_QUERIES: [question: string, answer: string][] = [
  [
    'Payment against invoice not received yet.',
    'The invoice was cleared in this week’s payment run; the advice is in your invoices page.',
  ],
  [
    'How do I add a new GSTIN to my profile?',
    'Open your profile, Statutory details, and add the GSTIN with its registration certificate.',
  ],
  ['Unable to upload the cancelled cheque.', 'Please upload it as a PDF or JPG under 5 MB; a scanned photo works too.'],
  ['Please call me about the RFQ closing this week.', 'Our buyer called you and extended your bid window by two days.'],
];

/** A support-form query or a chat callback (with the chat that led to it), open, answered or settled. */
function partnerQueryOf(run: DemoRun, r: Random, p: DemoPartner) {
  const { t, todayMs } = run;
  const { id, person, org, mobile, email, partnerNumber } = p;
  const chat = r.chance(0.4);
  const askedMs = todayMs - r.int(0, 200) * DAY;
  const state = r.chance(0.3) ? r.pick(['OPEN', 'ANSWERED'] as const) : r.chance(0.8) ? 'RESOLVED' : 'CLOSED';
  const [question, answer] = r.pick(DEMO_QUERIES);
  const queryId = t.id('PartnerQuery');
  const referenceNumber = queryReferenceOf(DEMO_NUMBER_BASE * 10 + t.next('query'));
  let lastMs = askedMs;
  const line = (author: string, text: string, userId: number | null, ms: number) => {
    t.add('PartnerQueryMessage', [t.id('PartnerQueryMessage'), queryId, author, userId, text, iso(ms)]);
    lastMs = ms;
  };
  if (chat) {
    line('VISITOR', 'Request a callback', null, askedMs - 60_000);
    line('BOT', 'Please type your name, company name, mobile number and e-mail, separated by commas.', null, askedMs - 50_000);
    line('VISITOR', `${person},${org},${mobile},${email}`, null, askedMs);
  }
  const answeredMs = askedMs + r.int(1, 3) * DAY;
  if (state !== 'OPEN') line('STAFF', answer, staffPicker(run)(r)('BUYER').id, answeredMs);
  t.add('PartnerQuery', [
    queryId,
    referenceNumber,
    chat ? 'CHATBOT' : 'SUPPORT_FORM',
    person,
    org,
    mobile,
    email,
    chat ? 'Callback requested through the chat assistant (en).' : question,
    state,
    id,
    chat ? null : 'support@partnerportal.example.com',
    chat ? null : '/partnerdashboard',
    iso(askedMs),
    state === 'RESOLVED' || state === 'CLOSED' ? iso(answeredMs) : null,
    p.first.companyCode,
    partnerQueryTitleOf({ referenceNumber, displayName: person, companyName: org, partnerEmailId: email, partnerNumber }),
    iso(lastMs),
  ]);
  if (chat)
    t.add('ChatConversation', [
      `demo-${partnerNumber}`,
      r.chance(0.8) ? 'en' : 'hi',
      null,
      r.int(2, 12),
      iso(askedMs),
      iso(askedMs),
    ]);
}

const CUSTOMER_TRADES = ['Metro Rail', 'Power', 'Infrastructure', 'Realty', 'Highways', 'Cement', 'Refineries', 'Water Works'];
const BRANCH_KINDS = ['depot', 'site office', 'regional office', 'plant'];

/** A customer of the group, registered by a buyer with branches and banks, somewhere in the CUSTOMER flow. */
function customerOf(run: DemoRun, r: Random) {
  const { ref, t, todayMs, used, summary } = run;
  const { names } = ref;
  const staffOf = staffPicker(run)(r);
  const stem = r.pick(names.companyStems);
  const name = `${stem} ${r.pick(CUSTOMER_TRADES)} ${r.pick(['Ltd', 'Corporation', 'Pvt Ltd'])}`;
  const pan = unused(used.pan, () => panOf(r, 'C', name));
  const home = r.pick(ref.states);
  const companyCode = r.pick(ref.businesses).companyCode;
  const startMs = todayMs - r.int(2, 400) * DAY;
  const requestNumber = demoRequestNumber('CUSTOMER', companyCode, startMs, t.next('requestNumber'));
  const customerNumber = `CU${requestNumber.slice(-6).padStart(8, '0')}`;
  const id = t.id('Customer');
  const buyer = staffOf('BUYER');
  const slug = stem.toLowerCase().replace(/[^a-z]+/g, '-');
  t.add('Customer', [
    id,
    customerNumber,
    companyCode,
    name,
    pan,
    gstinOf(home.gst, pan),
    `accounts.${customerNumber.toLowerCase()}@${slug}.example.com`,
    mobileOf(r),
    {
      line1: `${r.int(1, 300)}, ${r.pick(names.streets)}`,
      line2: null,
      countryCode: DOMESTIC_COUNTRY_CODE,
      stateId: home.stateId,
      cityId: r.pick(home.cities),
      postalCode: `${r.int(1, 8)}${r.digits(5)}`,
    },
    buyer.id,
    requestNumber,
    iso(startMs),
    iso(startMs),
  ]);
  const branches = r.int(0, 3);
  for (let b = 0; b < branches; b += 1) {
    const state = r.pick(ref.states);
    const kind = BRANCH_KINDS[b % BRANCH_KINDS.length]!;
    t.add('CustomerRow', [
      t.id('CustomerRow'),
      id,
      'BRANCH',
      {
        name: `${r.pick(names.streets)} ${kind}`,
        gstin: r.chance(0.6) ? gstinOf(state.gst, pan, b + 2) : null,
        stateId: state.stateId,
        city: r.pick(state.cityNames),
        address: `${r.int(1, 300)}, ${r.pick(names.streets)}`,
      },
      iso(startMs),
    ]);
  }
  const bank = r.pick(ref.ifscs);
  t.add('CustomerRow', [
    t.id('CustomerRow'),
    id,
    'BANK',
    {
      accountHolderName: name,
      accountNumber: `${r.int(1, 9)}${r.digits(r.int(10, 15))}`,
      ifsc: bank.ifsc,
      bank: bank.bankName,
      branch: bank.branchName,
      bookFileId: null,
    },
    iso(startMs),
  ]);
  walk(t, r, 'CUSTOMER', r.pick(CUSTOMER_PATHS), {
    requestNumber,
    companyCode,
    profileId: null,
    partnerId: null,
    partnerUserId: null,
    title: requestTitleOf(name, customerNumber),
    startMs,
    staffOf,
  });
  summary.customers += 1;
}

/** RFQs and auctions for every category, with bids from the approved partners of their business. */
function rfqsOf(run: DemoRun) {
  const { input, ref, t, todayMs, bidders } = run;
  const rfqs = demoRfqs({
    seed: input.seed,
    today: input.today,
    perCategory: Math.max(5, Math.round(input.partners / 150)),
    categories: ref.businesses.flatMap((b) =>
      b.categories.map((c) => ({ code: c.code, businessCode: b.code, companyCode: b.companyCode })),
    ),
  });
  const r = new Random(seedOf(input.seed, -2, 0));
  for (const [n, rfq] of rfqs.entries()) {
    const rfqId = t.id('Rfq');
    const rfqNumber = rfq.rfqNumber.replace(/-\d+$/, `-${String(100_000 + n)}`);
    t.add('Rfq', [
      rfqId,
      rfqNumber,
      rfq.kind,
      rfq.companyCode,
      rfq.businessCode,
      rfq.categoryCode,
      rfq.title,
      rfq.description,
      rfq.quantity,
      rfq.unit,
      rfq.deliveryLocation,
      'INR',
      rfq.startPrice,
      rfq.minDecrement,
      rfq.openingAt,
      rfq.closingAt,
      rfq.openingAt,
    ]);
    const openingMs = Date.parse(rfq.openingAt);
    const closingMs = Date.parse(rfq.closingAt);
    if (openingMs > todayMs) continue;
    const eligible = bidders.get(`${rfq.companyCode}:${rfq.businessCode}`) ?? [];
    const start = rfq.startPrice ?? rfq.quantity * 1000;
    const step = rfq.minDecrement ?? start * 0.01;
    const count = Math.min(eligible.length, r.int(5, 60));
    const lastMs = Math.min(todayMs, closingMs) - 3_600_000;
    for (let b = 0; b < count; b += 1) {
      const partnerId = r.pick(eligible);
      // An auction's bids fall step by step; sealed bids scatter around the estimate.
      const amount = rfq.kind === 'AUCTION' ? Math.max(start * 0.4, start - (b + 1) * step) : start * (0.85 + r.next() * 0.3);
      const placed = openingMs + Math.floor(((b + 1) / (count + 1)) * (lastMs - openingMs));
      t.add('RfqBid', [
        t.id('RfqBid'),
        rfqId,
        partnerId,
        Math.round(amount * 100) / 100,
        b === 0 ? 'Rates firm for the validity of the offer.' : null,
        iso(placed),
      ]);
    }
  }
}

/**
 * The demo set, a batch of rows per `batchSize` partners (the loader writes each batch while the
 * next is made). The summary is complete once the generator has finished.
 */
export function* generateDemo(input: DemoInput, summary: DemoSummary, batchSize = 1000): Generator<DemoBatch> {
  const run = startRun(input, summary);
  for (let i = 0; i < input.partners; i += 1) {
    // Each partner draws from its own source, in this order, so the same input makes the same rows.
    const r = new Random(seedOf(input.seed, i, 0));
    const p = partnerOf(run, r, i);
    let registered = false;
    for (const [m, business] of p.mappings.entries()) registered = profileOf(run, r, p, m, business) || registered;
    // Only numbers a profile registered are there for a later partner to copy.
    if (registered) {
      run.previousBank = { ifsc: p.account.ifsc, accountNumber: p.account.accountNumber };
      run.previousGstin = p.gstins[0] ?? run.previousGstin;
    }
    // A request to work with the other company, now and then.
    if (!p.second && r.chance(0.02)) companyRequestOf(run, r, p);
    // Support queries and chat callbacks.
    if (r.chance(0.15)) partnerQueryOf(run, r, p);
    // The group's own customers, one for about every hundred partners.
    if (r.chance(0.01)) customerOf(run, r);
    if ((i + 1) % batchSize === 0) yield run.t.take();
  }
  rfqsOf(run);
  yield run.t.take();
}

/** A demo request's number: from the demo range of the request sequence. */
const demoRequestNumber = (flow: WorkflowFlow, companyCode: number, ms: number, n: number) =>
  requestNumberOf(flow, companyCode, new Date(ms), DEMO_NUMBER_BASE + n);

function businessOf(
  t: Tables,
  r: Random,
  p: { id: number; userId: number; business: Reference['businesses'][number]; today: string; seed: number; i: number; m: number },
) {
  const categories = p.business.categories.flatMap((c) => [{ code: c.code, name: c.name, kind: ORDER_KIND(c.code) }]);
  const { orders, invoices, payments } = demoBusiness({
    seed: seedOf(p.seed, p.i, 10 + p.m),
    today: p.today,
    numberBase: `${p.id}${p.business.companyCode}`,
    invoiceSeries: `INV${p.business.companyCode}`,
    categories,
    count: r.int(1, 6),
  });
  const orderIds = orders.map(() => t.id('PartnerOrder'));
  orders.forEach((o, k) => {
    t.add('PartnerOrder', [
      orderIds[k],
      o.orderNumber,
      o.orderType,
      p.id,
      p.business.companyCode,
      o.categoryCode,
      o.description,
      o.projectName,
      o.orderDate,
      o.deliveryDate,
      'INR',
      o.amount.toFixed(2),
      o.status,
      `${o.orderDate}T10:00:00.000Z`,
    ]);
  });
  const invoiceIds = invoices.map(() => t.id('PartnerInvoice'));
  invoices.forEach((inv, k) => {
    t.add('PartnerInvoice', [
      invoiceIds[k],
      inv.invoiceNumber,
      p.id,
      orderIds[inv.order],
      p.business.companyCode,
      inv.invoiceDate,
      inv.dueDate,
      inv.amount.toFixed(2),
      inv.taxAmount.toFixed(2),
      inv.status,
      `${inv.invoiceDate}T10:00:00.000Z`,
    ]);
  });
  for (const pay of payments) {
    t.add('PartnerPayment', [
      t.id('PartnerPayment'),
      invoiceIds[pay.invoice],
      p.id,
      p.business.companyCode,
      pay.paidOn,
      pay.amount.toFixed(2),
      pay.reference,
    ]);
  }
}

/** The partner's and staff's steps after a draft, to each state a grievance may be left in. */
const GRIEVANCE_PATHS: GrievanceAction[][] = [
  [],
  ['SUBMIT'],
  ['SUBMIT', 'FORWARD'],
  ['SUBMIT', 'FORWARD', 'RESOLVE'],
  ['SUBMIT', 'FORWARD', 'RESOLVE', 'REOPEN'],
  ['SUBMIT', 'FORWARD', 'RESOLVE', 'CLOSE'],
];
/** Where a path leaves a grievance. */
const endOf = (path: GrievanceAction[]) =>
  path.reduce<GrievanceState>(
    (state, action) => GRIEVANCE_RULES.find((rule) => rule.action === action && rule.from.includes(state))!.to ?? state,
    'DRAFT',
  );
const GRIEVANCE_PATHS_WAITING = GRIEVANCE_PATHS.filter((path) => isGrievanceOpen(endOf(path)));
const GRIEVANCE_PATHS_DONE = GRIEVANCE_PATHS.filter((path) => !isGrievanceOpen(endOf(path)));
const GRIEVANCE_REMARKS: Partial<Record<GrievanceAction, string>> = {
  FORWARD: 'Passed to the department concerned.',
  RESOLVE: 'Resolved: the amount was released in the last payment run.',
  REOPEN: 'The amount released does not match the invoice; please look again.',
};
const GRIEVANCE_SUBJECTS: Record<string, string> = {
  PAYMENT_DELAY: 'Payment for a delivered order is late',
  PAYMENT_SHORT: 'Payment received is less than the invoice',
  INVOICE_REJECTED: 'Invoice rejected without a reason',
  ORDER_DISPUTE: 'Quantity on the order differs from the agreed quote',
  QUALITY_DISPUTE: 'Material rejected at site inspection',
  DOCUMENT_ISSUE: 'Completion certificate not issued',
  PORTAL_ISSUE: 'Cannot download the payment advice',
  OTHER: 'Site access passes delayed',
};

function grievancesOf(
  t: Tables,
  r: Random,
  p: {
    id: number;
    userId: number;
    org: string;
    partnerNumber: string;
    companyCode: number;
    international: boolean;
    todayMs: number;
    staffOf: (role: UserRole) => Actor;
    file: (name: string, ms: number) => string;
  },
) {
  if (!r.chance(0.3)) return;
  // Three in four are settled (or a draft); those still waiting were raised in the last three weeks.
  const actions = r.chance(0.75) ? r.pick(GRIEVANCE_PATHS_DONE) : r.pick(GRIEVANCE_PATHS_WAITING);
  const waiting = GRIEVANCE_PATHS_WAITING.includes(actions);
  const reasonCode = r.pick(GRIEVANCE_REASONS);
  const subject = GRIEVANCE_SUBJECTS[reasonCode]!;
  let ms = p.todayMs - (waiting ? r.int(actions.length * 3 + 1, 21) : r.int(10, 300)) * DAY;
  const createdMs = ms;
  const grievanceNumber = grievanceNumberOf(p.companyCode, new Date(ms), DEMO_NUMBER_BASE + t.next('grievanceNumber'));
  const grievanceId = t.id('Grievance');
  const fileIds = r.chance(0.3) ? [p.file('supporting-document.pdf', ms)] : [];
  let submittedMs: number | null = null;
  let settledMs: number | null = null;
  let dueAt: Date | null = null;
  let answeredAt: Date | null = null;
  const staff = p.staffOf('BUYER');
  const step = (
    action: string,
    from: GrievanceState | null,
    to: GrievanceState,
    byPartner: boolean,
    remarks: string | null,
    files: string[],
  ) =>
    t.add('GrievanceStep', [
      t.id('GrievanceStep'),
      grievanceId,
      action,
      from,
      to,
      byPartner ? p.userId : staff.id,
      byPartner,
      remarks,
      null,
      files,
      iso(ms),
    ]);
  // The draft as the server records it, then each step through the contract's lifecycle.
  let state: GrievanceState = 'DRAFT';
  step('DRAFT', null, state, true, null, fileIds);
  for (const action of actions) {
    ms += r.int(1, waiting ? 3 : 8) * DAY;
    const byPartner = GRIEVANCE_RULES.find((rule) => rule.action === action)!.actor === 'PARTNER';
    const remarks = GRIEVANCE_REMARKS[action] ?? null;
    const result = grievanceTransition(state, action, byPartner ? 'PARTNER' : staff.role, { remarks });
    if (!result.ok) throw new Error(`demo: a grievance cannot ${action} from ${state}: ${result.reason}`);
    if (action === 'SUBMIT') submittedMs = ms;
    if (result.state === 'RESOLVED' || result.state === 'CLOSED') settledMs = ms;
    dueAt = grievanceDueAfter(action, { reasonCode, dueAt }, new Date(ms));
    answeredAt = grievanceAnsweredAfter(state, result.state, answeredAt, new Date(ms));
    step(action, state, result.state, byPartner, remarks, []);
    state = result.state;
  }
  t.add('Grievance', [
    grievanceId,
    grievanceNumber,
    p.id,
    p.companyCode,
    reasonCode,
    null,
    subject,
    `${subject}. Details are in the attached documents.`,
    fileIds,
    state,
    grievanceTitleOf({ grievanceNumber, subject }, { organizationName: p.org, partnerNumber: p.partnerNumber }),
    iso(createdMs),
    submittedMs === null ? null : iso(submittedMs),
    settledMs === null ? null : iso(settledMs),
    dueAt === null ? null : iso(dueAt.getTime()),
    answeredAt === null ? null : iso(answeredAt.getTime()),
    p.international,
    iso(ms),
  ]);
}

function feedbackOf(
  t: Tables,
  r: Random,
  questions: Reference['feedback'],
  p: { id: number; companyCode: number; todayMs: number },
) {
  // The last quarters before this one, submitted (this quarter is left for the demo user).
  for (let back = r.int(1, 3); back >= 1; back -= 1) {
    const at = new Date(p.todayMs - back * 92 * DAY);
    const answers: Record<string, number | boolean | string> = {};
    const ratings: number[] = [];
    for (const q of questions) {
      if (q.kind === 'RATING') ratings.push((answers[String(q.questionId)] = r.int(2, 5)));
      else if (q.kind === 'YES_NO') answers[String(q.questionId)] = r.chance(0.7);
      else if (r.chance(0.3)) answers[String(q.questionId)] = 'Share revised drawings with suppliers earlier.';
    }
    const average = Math.round((ratings.reduce((s, x) => s + x, 0) / Math.max(1, ratings.length)) * 100) / 100;
    t.add('Feedback', [
      t.id('Feedback'),
      p.id,
      p.companyCode,
      feedbackPeriodOf(at),
      'SUBMITTED',
      answers,
      average,
      iso(at.getTime()),
      iso(at.getTime()),
      iso(at.getTime()),
    ]);
  }
}
