import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { ERROR_CODES, envelope, idParamSchema, wholeNumber } from '../envelope.ts';
import { HTTP_METHODS_MATCHED, DEV_CLIENT_HEADER } from '../devtools.ts';

/**
 * The developer controls (a front-end developer's backend, issue 25): faults and latency on
 * demand, a virtual clock, and a journal of what was asked. Development and test stacks only,
 * answering loopback clients by default (DEV_CONTROLS, the mailbox's rule); every server instance
 * obeys them, as they live in the database.
 */
const MAX_DELAY_MS = 120_000;
const delayMs = z.number().int().min(0).max(MAX_DELAY_MS);

export const faultEffectSchema = z.discriminatedUnion('kind', [
  /** The answer is this status with the spec's envelope and the section 8 wording for it (440: the session ended). */
  z
    .object({ kind: z.literal('status'), status: z.literal(ERROR_CODES, { error: `must be one of ${ERROR_CODES.join(', ')}` }) })
    .strict(),
  /** A 200 whose JSON body breaks off. */
  z.object({ kind: z.literal('malformed') }).strict(),
  /** A 200 with no body at all. */
  z.object({ kind: z.literal('empty') }).strict(),
  /** The connection is closed without an answer. */
  z.object({ kind: z.literal('drop') }).strict(),
  /** The real answer, after a wait: fixed, uniform between two bounds, or log-normal around a median. */
  z.object({ kind: z.literal('delayFixed'), ms: delayMs }).strict(),
  z
    .object({ kind: z.literal('delayUniform'), minMs: delayMs, maxMs: delayMs })
    .strict()
    .refine((e) => e.minMs <= e.maxMs, { path: ['maxMs'], error: 'must not be below minMs' }),
  z.object({ kind: z.literal('delayLogNormal'), medianMs: delayMs, sigma: z.number().min(0).max(3) }).strict(),
  /** The real answer, sent this many bytes a second. */
  z.object({ kind: z.literal('slowBody'), bytesPerSecond: z.number().int().min(1).max(10_000_000) }).strict(),
]);
export type FaultEffect = z.output<typeof faultEffectSchema>;
export type FaultEffectKind = FaultEffect['kind'];
export const FAULT_EFFECT_KINDS = faultEffectSchema.options.map<FaultEffectKind>((o) => o.shape.kind.value);

export const faultInputSchema = z
  .object({
    /** What the rule matches; each left out matches any request. */
    method: z.enum(HTTP_METHODS_MATCHED).optional(),
    /**
     * A path as the contract writes it (`/api/partner/info`) or as the OpenAPI document, the journal
     * and HAR do (`/partner-api/api/partner/info`); `*` stands for one segment's characters, `**` for
     * anything, `{id}` for one segment. A pattern no route can match is refused, naming the nearest.
     */
    pathPattern: z
      .string()
      .trim()
      .regex(/^\/[A-Za-z0-9_\-./*{}:]*$/, { error: 'must be a path starting with /, with * and ** as wildcards' })
      .max(300)
      .optional(),
    /** An operation of the OpenAPI document by its operationId (e.g. partnerInfo). */
    operationId: z.string().trim().min(1).max(100).optional(),
    /** Only this account's requests (its username). */
    account: z.string().trim().min(1).max(100).optional(),
    /** Only this client's requests: the value it sends in the X-Dev-Client header. */
    client: z.string().trim().min(1).max(100).optional(),
    /** The share of matching requests it fires on, drawn from `seed`: the same seed fires on the same requests. */
    probability: z.number().min(0).max(1).default(1),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(1),
    /** How many times it fires before it stops; left out, until deleted. */
    count: z.number().int().min(1).max(1_000_000).optional(),
    effect: faultEffectSchema,
  })
  .strict();
export type FaultInput = z.output<typeof faultInputSchema>;

export const faultSchema = z.object({
  id: z.number().int(),
  method: z.string().nullable(),
  pathPattern: z.string().nullable(),
  operationId: z.string().nullable(),
  account: z.string().nullable(),
  client: z.string().nullable(),
  probability: z.number(),
  seed: z.number().int(),
  /** Times it may still fire; null for no limit. */
  remaining: z.number().int().nullable(),
  matched: z.number().int(),
  fired: z.number().int(),
  effect: faultEffectSchema,
  createdAt: z.string(),
});
export type Fault = z.infer<typeof faultSchema>;

export const clockSchema = z.object({
  /** The server's now (virtual). */
  now: z.string(),
  /** How far it is from the real time, in milliseconds. */
  offsetMs: z.number().int(),
  virtual: z.boolean(),
});
export type Clock = z.infer<typeof clockSchema>;

/** Move the clock to an instant; time goes on from there. */
export const clockAtSchema = z.object({ at: z.iso.datetime({ offset: true }) }).strict();
export const clockInputSchema = z.union([
  clockAtSchema,
  /** Move ahead (or back, negative) by this much. */
  z
    .object({
      advanceMs: z
        .number()
        .int()
        .min(-(10 * 365 * 86_400_000))
        .max(10 * 365 * 86_400_000),
    })
    .strict(),
]);
export type ClockInput = z.output<typeof clockInputSchema>;

export const journalEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  method: z.string(),
  url: z.string(),
  operationId: z.string().nullable(),
  status: z.number().int(),
  durationMs: z.number().int(),
  account: z.string().nullable(),
  client: z.string().nullable(),
  ip: z.string(),
  /** The fault rule that shaped the answer, if one did. */
  fault: z.number().int().nullable(),
  request: z.object({ headers: z.record(z.string(), z.string()), body: z.string().nullable() }),
  response: z.object({ headers: z.record(z.string(), z.string()), body: z.string().nullable() }),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/** The most entries one page of the journal gives; `beforeId` pages back to the oldest kept. */
export const JOURNAL_PAGE_MAX = 500;
/** The most entries a HAR holds: the journal's largest cap (DEV_JOURNAL_MAX_ENTRIES), so a HAR can hold every entry kept. */
export const JOURNAL_HAR_MAX = 100_000;
/** What the journal keeps by default: the newest this many requests, within this many bytes (DEV_JOURNAL_MAX_*). */
export const JOURNAL_MAX_ENTRIES_DEFAULT = 2_000;
export const JOURNAL_MAX_BYTES_DEFAULT = 20_000_000;

const journalFilter = {
  account: z.string().trim().max(100).optional(),
  client: z.string().trim().max(100).optional(),
  /**
   * A part of the path; with a `*`, a pattern as the fault rules take (`/api/partner/*`,
   * `/partner-api/**`) that the whole path matches.
   */
  path: z.string().trim().max(300).optional(),
  /** Only entries after this one (a live view asks for what is new). */
  afterId: wholeNumber().pipe(z.number().min(0)).optional(),
  /** Only entries before this one (the next page back). */
  beforeId: wholeNumber().pipe(z.number().min(1)).optional(),
};

export const journalQuerySchema = z
  .object({ ...journalFilter, limit: wholeNumber().pipe(z.number().min(1).max(JOURNAL_PAGE_MAX)).default(100) })
  .strict();

export const journalHarQuerySchema = z
  .object({ ...journalFilter, limit: wholeNumber().pipe(z.number().min(1).max(JOURNAL_HAR_MAX)).default(JOURNAL_HAR_MAX) })
  .strict();

/**
 * The states a scenario makes a fresh partner in, each reached through the real engine (its
 * profile filled and submitted through the API, the desks' steps taken by the group's staff).
 */
export const SCENARIOS = {
  registered: 'Just registered: signed in, nothing of the profile filled',
  onboardingHalfDone: 'Onboarding half done: general details, address and statutory details saved',
  atSegregation: "Submitted, waiting at the segregator's desk",
  atCategorisation: "Submitted, waiting at the categoriser's desk",
  atBuyerReview: "Submitted, waiting at the buyer's desk",
  atApproval: "Submitted, waiting at the approver's desk",
  atFinanceApproval: "Submitted, waiting at finance's desk",
  sentBack: 'Sent back by the buyer with remarks, to be corrected and resubmitted',
  rejected: 'Rejected by the buyer with remarks',
  approved: 'Approved, with orders, invoices and payments (the dashboard and its charts)',
  rekycDue: 'Approved, and a re-KYC started by the group: due from the partner',
  documentsExpiring: 'Approved, its ISO certificate expiring within 30 days (a reminder is due)',
  grievanceDraft: 'Approved, with a grievance saved as a draft',
  grievanceSubmitted: 'Approved, with a grievance submitted, awaiting the group',
  grievanceInReview: 'Approved, with a grievance the group forwarded for review',
  grievanceResolved: 'Approved, with a grievance the group resolved',
  grievanceReopened: 'Approved, with a resolved grievance the partner reopened',
  grievanceClosed: 'Approved, with a grievance the partner closed',
} as const;
export type ScenarioName = keyof typeof SCENARIOS;
/** The scenarios' descriptions in Hindi: the list answers in the request's language, as every answer does. */
export const SCENARIOS_HI: Record<ScenarioName, string> = {
  registered: 'अभी पंजीकृत: साइन इन किया हुआ, प्रोफ़ाइल में कुछ भी भरा नहीं',
  onboardingHalfDone: 'ऑनबोर्डिंग आधी पूरी: सामान्य विवरण, पता और वैधानिक विवरण सहेजे गए',
  atSegregation: 'सबमिट किया गया, सेग्रीगेटर की डेस्क पर प्रतीक्षारत',
  atCategorisation: 'सबमिट किया गया, कैटेगराइज़र की डेस्क पर प्रतीक्षारत',
  atBuyerReview: 'सबमिट किया गया, खरीदार की डेस्क पर प्रतीक्षारत',
  atApproval: 'सबमिट किया गया, अनुमोदक की डेस्क पर प्रतीक्षारत',
  atFinanceApproval: 'सबमिट किया गया, वित्त की डेस्क पर प्रतीक्षारत',
  sentBack: 'खरीदार ने टिप्पणियों के साथ वापस भेजा, सुधार कर फिर से सबमिट करना है',
  rejected: 'खरीदार ने टिप्पणियों के साथ अस्वीकार किया',
  approved: 'स्वीकृत, ऑर्डर, इनवॉइस और भुगतान के साथ (डैशबोर्ड और उसके चार्ट)',
  rekycDue: 'स्वीकृत, और समूह ने री-केवाईसी शुरू किया: पार्टनर से देय',
  documentsExpiring: 'स्वीकृत, इसका आईएसओ प्रमाणपत्र 30 दिनों के भीतर समाप्त हो रहा है (एक अनुस्मारक देय है)',
  grievanceDraft: 'स्वीकृत, ड्राफ़्ट के रूप में सहेजी गई एक शिकायत के साथ',
  grievanceSubmitted: 'स्वीकृत, सबमिट की गई एक शिकायत के साथ, समूह की प्रतीक्षा में',
  grievanceInReview: 'स्वीकृत, एक शिकायत के साथ जिसे समूह ने समीक्षा के लिए आगे भेजा',
  grievanceResolved: 'स्वीकृत, एक शिकायत के साथ जिसे समूह ने हल किया',
  grievanceReopened: 'स्वीकृत, एक हल की गई शिकायत के साथ जिसे पार्टनर ने फिर से खोला',
  grievanceClosed: 'स्वीकृत, एक शिकायत के साथ जिसे पार्टनर ने बंद किया',
};
/** A scenario's description in a language. */
export const scenarioDescription = (name: ScenarioName, language: 'en' | 'hi') =>
  language === 'hi' ? SCENARIOS_HI[name] : SCENARIOS[name];
export const SCENARIO_NAMES = Object.keys(SCENARIOS) as ScenarioName[];
const scenarioNameSchema = z.enum(SCENARIO_NAMES as [ScenarioName, ...ScenarioName[]]);

export const scenarioSchema = z.object({
  id: z.number().int(),
  scenario: scenarioNameSchema,
  description: z.string(),
  partnerId: z.number().int(),
  partnerNumber: z.string(),
  organizationName: z.string(),
  /** Sign in with these (the same password for every scenario's partner). */
  username: z.string(),
  password: z.string(),
  /** The onboarding request, once submitted; a grievance's number for the grievance scenarios. */
  requestNumber: z.string().nullable(),
  grievanceNumber: z.string().nullable(),
  createdAt: z.string(),
  /** How long making it took. */
  tookMs: z.number().int().nullable(),
});
export type Scenario = z.infer<typeof scenarioSchema>;

/** The saved states of the whole stack (the database's snapshots; prisma/src/snapshot.ts). */
export const SNAPSHOTS = ['default', 'demo'] as const;
export type SnapshotName = (typeof SNAPSHOTS)[number];

const dev = { tags: ['devtools'], access: 'public' } as const;
const done = envelope(z.object({ removed: z.number().int() }));

export const devtoolsEndpoints = {
  faults: endpoint({
    ...dev,
    method: 'GET',
    path: '/dev/faults',
    summary: 'Development only: the fault rules, oldest first',
    response: envelope(z.array(faultSchema)),
  }),
  addFault: endpoint({
    ...dev,
    method: 'POST',
    path: '/dev/faults',
    summary: 'Development only: add a fault rule (every server instance obeys it)',
    body: faultInputSchema,
    response: envelope(faultSchema),
  }),
  deleteFault: endpoint({
    ...dev,
    method: 'DELETE',
    path: '/dev/faults/:id',
    summary: 'Development only: remove one fault rule',
    params: z.object({ id: idParamSchema }).strict(),
    response: done,
  }),
  clearFaults: endpoint({
    ...dev,
    method: 'DELETE',
    path: '/dev/faults',
    summary: 'Development only: remove every fault rule',
    response: done,
  }),
  clock: endpoint({
    ...dev,
    method: 'GET',
    path: '/dev/clock',
    summary: "Development only: the server's now (virtual) and its distance from real time",
    response: envelope(clockSchema),
  }),
  setClock: endpoint({
    ...dev,
    method: 'POST',
    path: '/dev/clock',
    summary:
      'Development only: move the virtual clock to an instant or by an amount; sessions, OTPs, throttles, reminders, auctions, feedback quarters and grievance windows read it',
    body: clockInputSchema,
    response: envelope(clockSchema),
  }),
  resetClock: endpoint({
    ...dev,
    method: 'DELETE',
    path: '/dev/clock',
    summary: 'Development only: back to real time',
    response: envelope(clockSchema),
  }),
  journal: endpoint({
    ...dev,
    method: 'GET',
    path: '/dev/journal',
    summary: `Development only: requests and answers (redacted), newest first, filtered by account, client (${DEV_CLIENT_HEADER}) or path`,
    query: journalQuerySchema,
    response: envelope(z.array(journalEntrySchema)),
  }),
  journalHar: endpoint({
    ...dev,
    method: 'GET',
    path: '/dev/journal/har',
    summary: 'Development only: the journal (same filters; by default every entry kept) as an HTTP Archive (HAR 1.2) download',
    query: journalHarQuerySchema,
    response: z.object({ log: z.object({ version: z.literal('1.2'), entries: z.array(z.unknown()) }).loose() }),
  }),
  scenarios: endpoint({
    ...dev,
    method: 'GET',
    path: '/dev/scenarios',
    summary: 'Development only: the partners scenarios made, newest first, and the scenarios there are',
    query: z.object({ scenario: scenarioNameSchema.optional() }).strict(),
    response: envelope(
      z.object({
        available: z.array(z.object({ name: scenarioNameSchema, description: z.string() })),
        made: z.array(scenarioSchema),
      }),
    ),
  }),
  makeScenario: endpoint({
    ...dev,
    method: 'POST',
    path: '/dev/scenarios',
    summary: 'Development only: make a fresh partner in a named state, through the real engine; answers its credentials',
    body: z.object({ scenario: scenarioNameSchema }).strict(),
    response: envelope(scenarioSchema),
  }),
  resetScenario: endpoint({
    ...dev,
    method: 'DELETE',
    path: '/dev/scenarios/:id',
    summary: "Development only: reset one scenario's partner (it and everything it made go; nothing else is touched)",
    params: z.object({ id: idParamSchema }).strict(),
    response: done,
  }),
  resetScenarios: endpoint({
    ...dev,
    method: 'DELETE',
    path: '/dev/scenarios',
    summary: 'Development only: reset every partner of one scenario, or of all scenarios',
    query: z.object({ scenario: scenarioNameSchema.optional() }).strict(),
    response: done,
  }),
  snapshots: endpoint({
    ...dev,
    method: 'GET',
    path: '/dev/snapshots',
    summary:
      'Development only: the saved states the stack can be put back to (default: as seeded; demo: the demo set), and whether each fits the schema now',
    response: envelope(z.array(z.object({ name: z.enum(SNAPSHOTS), madeAt: z.string(), current: z.boolean() }))),
  }),
  saveSnapshot: endpoint({
    ...dev,
    method: 'POST',
    path: '/dev/snapshots',
    summary:
      'Development only: save the whole database as it is now under a name (npm start saves default when it seeds a fresh database, the demo load saves demo)',
    body: z.object({ snapshot: z.enum(SNAPSHOTS) }).strict(),
    response: envelope(z.object({ tables: z.number().int(), rows: z.number().int(), tookMs: z.number().int() })),
  }),
  reset: endpoint({
    ...dev,
    method: 'POST',
    path: '/dev/reset',
    summary:
      'Development only: put the whole stack back to a saved state in one transaction (every instance forgets what it held); only the tables written since it last equalled that state are refilled (refilled of tables); 404 when there is none, 409 when it was made under older migrations',
    body: z.object({ snapshot: z.enum(SNAPSHOTS) }).strict(),
    response: envelope(
      z.object({
        tables: z.number().int(),
        refilled: z.number().int(),
        rows: z.number().int(),
        madeAt: z.string(),
        tookMs: z.number().int(),
      }),
    ),
  }),
  clearJournal: endpoint({
    ...dev,
    method: 'DELETE',
    path: '/dev/journal',
    summary: 'Development only: empty the journal',
    response: done,
  }),
};
