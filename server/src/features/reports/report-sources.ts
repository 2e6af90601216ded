import { REPORTS, WORKFLOW_STATES, deskOf, type ReportKind, type ReportQuery, type ReportView } from '@pp/contract';
import { Prisma, type Db } from '@pp/db';
import { Invalid } from '@pp/platform';

/** A report's cell as read: text, number, moment, yes/no, or empty. */
export type ReportCell = string | number | Date | boolean | null;
export interface ReportRow {
  cells: ReportCell[];
}

/**
 * Where a report's rows come from: the statement's FROM and JOINs, its filters, the cells of a row
 * (in the order of REPORTS[kind].columns), and its chart. Rows are read in keyset batches by the
 * driving table's id, so a download of any size holds one batch in memory at a time.
 */
interface Source {
  /** The driving table's alias (its "id" orders the rows). */
  key: string;
  from: Prisma.Sql;
  where: (q: ReportQuery, now: Date) => Prisma.Sql[];
  cells: (now: Date) => Prisma.Sql[];
  /** The chart: rows of (label, series key, value). */
  chart: (where: Prisma.Sql, now: Date) => Prisma.Sql;
}

const DAY_SECONDS = 86_400;
/** The onboarding flow's states a staff desk holds (the steps taken from them are the desks' own). */
const STAFF_DESK_STATES = WORKFLOW_STATES.filter((state) => {
  const desk = deskOf('ONBOARDING', state);
  return desk !== null && desk !== 'PARTNER';
});
const dates = (column: Prisma.Sql, q: ReportQuery) =>
  q.from && q.to ? [Prisma.sql`${column} >= ${q.from}::date AND ${column} < ${q.to}::date + 1`] : [];
const companyIs = (column: Prisma.Sql, q: ReportQuery) =>
  q.companyCode === undefined ? [] : [Prisma.sql`${column} = ${q.companyCode}`];
/** A business and every category under it (codes nest by prefix: SUP, SUP-STL, SUP-STL-TMT). */
const businessIs = (column: Prisma.Sql, q: ReportQuery) =>
  q.businessCode === undefined ? [] : [Prisma.sql`(${column} = ${q.businessCode} OR ${column} LIKE ${`${q.businessCode}-%`})`];
const stateIs = (column: Prisma.Sql, q: ReportQuery) => (q.state === undefined ? [] : [Prisma.sql`${column} = ${q.state}`]);
const days = (later: Prisma.Sql, earlier: Prisma.Sql) =>
  Prisma.sql`round((extract(epoch FROM ${later} - ${earlier}) / ${DAY_SECONDS})::numeric, 1)::float8`;
/** The ages the charts group waiting rows by: up to 7, 15, 30 days, older. */
const ageBucket = (age: Prisma.Sql) =>
  Prisma.sql`CASE WHEN ${age} <= 7 THEN 'upTo7' WHEN ${age} <= 15 THEN 'upTo15' WHEN ${age} <= 30 THEN 'upTo30' ELSE 'over30' END`;

const SOURCES: Record<ReportKind, Source> = {
  onboarding: {
    key: 'r',
    from: Prisma.sql`"WorkflowRequest" r
      JOIN "GroupCompany" g ON g."companyCode" = r."companyCode"
      LEFT JOIN "OnboardingProfile" p ON p.id = r."profileId"`,
    where: (q) => [
      Prisma.sql`r.flow = 'ONBOARDING'`,
      ...companyIs(Prisma.sql`r."companyCode"`, q),
      ...businessIs(Prisma.sql`p."categoryCode"`, q),
      ...stateIs(Prisma.sql`r.state`, q),
      ...dates(Prisma.sql`r."submittedAt"`, q),
    ],
    cells: (now) => [
      Prisma.sql`r."requestNumber"`,
      Prisma.sql`r.title`,
      Prisma.sql`g."companyName"`,
      Prisma.sql`p."categoryCode"`,
      Prisma.sql`r.state`,
      Prisma.sql`r.desk::text`,
      Prisma.sql`r."submittedAt"`,
      Prisma.sql`r."updatedAt"`,
      days(Prisma.sql`CASE WHEN r.desk IS NULL THEN r."updatedAt" ELSE ${now}::timestamp END`, Prisma.sql`r."submittedAt"`),
    ],
    // Requests waiting at a desk, by desk and how long they have waited.
    chart: (where, now) => Prisma.sql`
      SELECT r.desk::text AS label, ${ageBucket(days(Prisma.sql`${now}::timestamp`, Prisma.sql`r."submittedAt"`))} AS key,
             count(*)::float8 AS value
        FROM "WorkflowRequest" r LEFT JOIN "OnboardingProfile" p ON p.id = r."profileId"
       WHERE ${where} AND r.desk IS NOT NULL GROUP BY 1, 2`,
  },
  approvals: {
    key: 'w',
    from: Prisma.sql`"WorkflowRecord" w
      JOIN "WorkflowRequest" r ON r."requestNumber" = w."requestNumber"
      JOIN "GroupCompany" g ON g."companyCode" = r."companyCode"
      JOIN "UserAccount" u ON u.id = w."actorUserId"
      LEFT JOIN "OnboardingProfile" p ON p.id = r."profileId"`,
    // The desks' steps, not the partner's submissions: steps from a state a staff desk holds.
    where: (q) => [
      Prisma.sql`w."fromStatus" = ANY(${STAFF_DESK_STATES}::text[])`,
      ...companyIs(Prisma.sql`r."companyCode"`, q),
      ...businessIs(Prisma.sql`p."categoryCode"`, q),
      ...dates(Prisma.sql`w."createdAt"`, q),
    ],
    cells: () => [
      Prisma.sql`w."requestNumber"`,
      Prisma.sql`g."companyName"`,
      Prisma.sql`w.action`,
      Prisma.sql`w."fromStatus"`,
      Prisma.sql`w."toStatus"`,
      Prisma.sql`u."displayName"`,
      Prisma.sql`u.role::text`,
      Prisma.sql`w."createdAt"`,
      // Read for the rows of a batch only: the step before, by the request's index.
      days(
        Prisma.sql`w."createdAt"`,
        Prisma.sql`(SELECT max(b."createdAt") FROM "WorkflowRecord" b WHERE b."requestNumber" = w."requestNumber" AND b.id < w.id)`,
      ),
    ],
    // Per desk: the steps taken and the mean days each took (the step before found in one pass, by window).
    chart: (where) => Prisma.sql`
      SELECT u.role::text AS label, k.key, CASE k.key WHEN 'steps' THEN count(*)::float8
             ELSE round(avg(extract(epoch FROM w."createdAt" - w."previousAt") / ${DAY_SECONDS})::numeric, 1)::float8 END AS value
        FROM (SELECT *, lag("createdAt") OVER (PARTITION BY "requestNumber" ORDER BY id) AS "previousAt"
                FROM "WorkflowRecord") w
        JOIN "WorkflowRequest" r ON r."requestNumber" = w."requestNumber"
        JOIN "UserAccount" u ON u.id = w."actorUserId"
        LEFT JOIN "OnboardingProfile" p ON p.id = r."profileId"
        CROSS JOIN (VALUES ('steps'), ('averageDays')) k(key)
       WHERE ${where} GROUP BY 1, 2`,
  },
  grievances: {
    key: 'v',
    from: Prisma.sql`"Grievance" v
      JOIN "Partner" pt ON pt.id = v."partnerId"
      JOIN "GroupCompany" g ON g."companyCode" = v."companyCode"`,
    where: (q) => [
      Prisma.sql`v.state <> 'DRAFT'`,
      ...companyIs(Prisma.sql`v."companyCode"`, q),
      ...stateIs(Prisma.sql`v.state`, q),
      ...dates(Prisma.sql`v."submittedAt"`, q),
    ],
    cells: (now) => [
      Prisma.sql`v."grievanceNumber"`,
      Prisma.sql`pt."organizationName" || ' ' || pt."partnerNumber"`,
      Prisma.sql`g."companyName"`,
      Prisma.sql`v."reasonCode"`,
      Prisma.sql`v.state`,
      Prisma.sql`v."submittedAt"`,
      Prisma.sql`v."dueAt"`,
      Prisma.sql`v."answeredAt"`,
      days(Prisma.sql`coalesce(v."answeredAt", ${now}::timestamp)`, Prisma.sql`v."submittedAt"`),
      Prisma.sql`coalesce(coalesce(v."answeredAt", ${now}::timestamp) > v."dueAt", false)`,
    ],
    // Per state: within the deadline and past it.
    chart: (where, now) => Prisma.sql`
      SELECT v.state AS label,
             CASE WHEN coalesce(v."answeredAt", ${now}::timestamp) > v."dueAt" THEN 'pastDeadline' ELSE 'withinDeadline' END AS key,
             count(*)::float8 AS value
        FROM "Grievance" v WHERE ${where} GROUP BY 1, 2`,
  },
  rfqs: {
    key: 'q',
    from: Prisma.sql`"Rfq" q
      JOIN "GroupCompany" g ON g."companyCode" = q."companyCode"
      LEFT JOIN LATERAL (SELECT count(DISTINCT b."partnerId") AS bidders, count(*) AS bids, min(b.amount) AS lowest
                           FROM "RfqBid" b WHERE b."rfqId" = q.id) s ON true`,
    where: (q) => [
      ...companyIs(Prisma.sql`q."companyCode"`, q),
      ...businessIs(Prisma.sql`q."businessCode"`, q),
      ...dates(Prisma.sql`q."openingAt"`, q),
    ],
    cells: () => [
      Prisma.sql`q."rfqNumber"`,
      Prisma.sql`q.kind`,
      Prisma.sql`g."companyName"`,
      Prisma.sql`q."businessCode"`,
      Prisma.sql`q."categoryCode"`,
      Prisma.sql`q.title`,
      Prisma.sql`q."openingAt"`,
      Prisma.sql`q."closingAt"`,
      Prisma.sql`s.bidders::int`,
      Prisma.sql`s.bids::int`,
      Prisma.sql`s.lowest::float8`,
    ],
    // Per month opened: the RFQs, and the bids they drew.
    chart: (where) => Prisma.sql`
      SELECT to_char(q."openingAt", 'YYYY-MM') AS label, k.key,
             CASE k.key WHEN 'rfqs' THEN count(*)::float8 ELSE coalesce(sum(s.bids), 0)::float8 END AS value
        FROM "Rfq" q
        LEFT JOIN LATERAL (SELECT count(*) AS bids FROM "RfqBid" b WHERE b."rfqId" = q.id) s ON true
        CROSS JOIN (VALUES ('rfqs'), ('bids')) k(key)
       WHERE ${where} GROUP BY 1, 2 ORDER BY 1`,
  },
  queries: {
    key: 'm',
    from: Prisma.sql`"PartnerQuery" m
      LEFT JOIN "Partner" pt ON pt.id = m."partnerId"
      LEFT JOIN "GroupCompany" g ON g."companyCode" = m."companyCode"`,
    where: (q) => [
      ...companyIs(Prisma.sql`m."companyCode"`, q),
      ...stateIs(Prisma.sql`m.status`, q),
      ...dates(Prisma.sql`m."createdAt"`, q),
    ],
    cells: () => [
      Prisma.sql`m."referenceNumber"`,
      Prisma.sql`m.source::text`,
      Prisma.sql`m.status`,
      Prisma.sql`m."displayName"`,
      Prisma.sql`m."partnerEmailId"`,
      Prisma.sql`pt."partnerNumber"`,
      Prisma.sql`g."companyName"`,
      Prisma.sql`m."createdAt"`,
      Prisma.sql`m."lastMessageAt"`,
      Prisma.sql`m."resolvedAt"`,
    ],
    // Per state, by source.
    chart: (where) => Prisma.sql`
      SELECT m.status AS label, m.source::text AS key, count(*)::float8 AS value
        FROM "PartnerQuery" m WHERE ${where} GROUP BY 1, 2`,
  },
  audit: {
    key: 'a',
    from: Prisma.sql`"AdminAudit" a JOIN "UserAccount" u ON u.id = a."actorUserId"`,
    where: (q) => dates(Prisma.sql`a."createdAt"`, q),
    cells: () => [
      Prisma.sql`a."createdAt"`,
      Prisma.sql`a.action`,
      Prisma.sql`u."displayName"`,
      Prisma.sql`a."partnerNumber"`,
      Prisma.sql`a."requestNumber"`,
      Prisma.sql`a.remarks`,
    ],
    chart: (where) => Prisma.sql`
      SELECT a.action AS label, 'actions' AS key, count(*)::float8 AS value FROM "AdminAudit" a WHERE ${where} GROUP BY 1, 2`,
  },
};

/** The report's filters as one condition; a filter or state the report does not know is refused by name. */
export function reportCondition(kind: ReportKind, query: ReportQuery, now: Date): Prisma.Sql {
  const definition = REPORTS[kind];
  for (const filter of ['companyCode', 'businessCode', 'state'] as const)
    if (query[filter] !== undefined && !definition.filters.includes(filter))
      throw Invalid(filter, `is not a filter of the ${kind} report`);
  if ((query.from || query.to) && !definition.filters.includes('dates'))
    throw Invalid('from', `is not a filter of the ${kind} report`);
  if (query.state !== undefined && !definition.states.includes(query.state))
    throw Invalid('state', `must be one of ${definition.states.join(', ')}`);
  const parts = SOURCES[kind].where(query, now);
  return parts.length === 0 ? Prisma.sql`true` : Prisma.join(parts, ' AND ');
}

/** A report's cells as the statement selects them, each named by its place (c0, c1, …). */
const selected = (cells: Prisma.Sql[]) => Prisma.join(cells.map((cell, i) => Prisma.sql`${cell} AS ${Prisma.raw(`"c${i}"`)}`));

/** Rows fetched from the cursor at a time; two such batches at most wait for the reader. */
const FETCH_ROWS = 1_000;
/** The longest a download may hold its snapshot open (a reader slower than this gets a broken file). */
const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;
class Cancelled extends Error {}

/**
 * The report's rows in order, a batch at a time, from one cursor in one read-only transaction: the
 * statement is planned once for the whole report (the planner knows it is read to the end) and
 * every row comes from the same snapshot. Reading waits while the reader has two batches unread,
 * and stopping early (the client went away) ends the transaction.
 */
export async function* reportRows(db: Db, kind: ReportKind, where: Prisma.Sql, now: Date): AsyncGenerator<ReportRow[]> {
  const source = SOURCES[kind];
  const id = Prisma.raw(`${source.key}.id`);
  const queue: ReportRow[][] = [];
  let finished = false;
  const outcome: { failure: Error | null } = { failure: null };
  let cancelled = false;
  // Who waits: the reader for a batch (wake), the cursor for room (resume).
  const waiting: { wake: (() => void) | null; resume: (() => void) | null } = { wake: null, resume: null };
  const signal = () => {
    waiting.wake?.();
    waiting.wake = null;
  };
  const makeRoom = () => {
    waiting.resume?.();
    waiting.resume = null;
  };
  const reading = db
    .$transaction(
      async (tx) => {
        await tx.$executeRaw`SET TRANSACTION READ ONLY`;
        await tx.$executeRaw`DECLARE report_rows NO SCROLL CURSOR FOR
          SELECT ${selected(source.cells(now))} FROM ${source.from} WHERE ${where} ORDER BY ${id}`;
        for (;;) {
          if (cancelled) throw new Cancelled();
          const rows = await tx.$queryRawUnsafe<Record<string, ReportCell>[]>(`FETCH ${FETCH_ROWS} FROM report_rows`);
          // The reader may have gone while the rows were fetched: nobody would make room again.
          if (cancelled) throw new Cancelled();
          if (rows.length === 0) return;
          queue.push(rows.map((r) => ({ cells: Object.values(r) })));
          signal();
          if (queue.length >= 2) await new Promise<void>((r) => (cancelled ? r() : (waiting.resume = r)));
        }
      },
      { timeout: DOWNLOAD_TIMEOUT_MS, maxWait: 10_000 },
    )
    .then(
      () => undefined,
      (error: unknown) => {
        outcome.failure = error instanceof Error ? error : new Error(String(error));
      },
    )
    .finally(() => {
      finished = true;
      signal();
    });
  try {
    for (;;) {
      const batch = queue.shift();
      if (batch) {
        makeRoom();
        yield batch;
      } else if (finished) {
        if (outcome.failure && !(outcome.failure instanceof Cancelled)) throw outcome.failure;
        return;
      } else await new Promise<void>((r) => (waiting.wake = r));
    }
  } finally {
    cancelled = true;
    makeRoom();
    await reading;
  }
}

const asJson = (cell: ReportCell): string | number | boolean | null => (cell instanceof Date ? cell.toISOString() : cell);

/** What /Reports shows of a report: its size, its first rows and its chart. */
export async function reportView(
  db: Db,
  kind: ReportKind,
  query: ReportQuery,
  previewRows: number,
  now: Date,
): Promise<ReportView> {
  const source = SOURCES[kind];
  const where = reportCondition(kind, query, now);
  const id = Prisma.raw(`${source.key}.id`);
  const [[count], preview, chartRows] = await Promise.all([
    db.$queryRaw<[{ total: number }]>`SELECT count(*)::int AS total FROM ${source.from} WHERE ${where}`,
    db.$queryRaw<Record<string, ReportCell>[]>`
      SELECT ${selected(source.cells(now))} FROM ${source.from} WHERE ${where} ORDER BY ${id} LIMIT ${previewRows}`,
    db.$queryRaw<{ label: string; key: string; value: number | null }[]>(source.chart(where, now)),
  ]);
  const labels = [...new Set(chartRows.map((r) => r.label))];
  const keys = [...new Set(chartRows.map((r) => r.key))].sort();
  const value = new Map(chartRows.map((r) => [`${r.label}|${r.key}`, r.value ?? 0]));
  return {
    report: kind,
    total: count.total,
    preview: preview.map((r) => Object.values(r).map(asJson)),
    chart: { labels, series: keys.map((key) => ({ key, values: labels.map((l) => value.get(`${l}|${key}`) ?? 0) })) },
  };
}
