import {
  GRIEVANCE_AGEING_BOUNDS,
  GRIEVANCE_AGEING_DAYS,
  GRIEVANCE_OPEN_STATES,
  GRIEVANCE_REASONS,
  GRIEVANCE_STATES,
  GRIEVANCE_TREND_MONTHS,
  grievanceDueSoonUntil,
  type GrievanceMetrics,
  type GrievanceReason,
  type GrievanceScope,
  type GrievanceState,
} from '@pp/contract';
import { Prisma, type Db } from '@pp/db';
import { lastMonths } from '../../lib/months.ts';

/** Open grievances alike in company, reason, state, age and deadline. */
interface OpenGroup {
  companyCode: number;
  reasonCode: GrievanceReason;
  state: GrievanceState;
  /** Index into GRIEVANCE_AGEING_BOUNDS. */
  bucket: number;
  overdue: boolean;
  dueSoon: boolean;
  n: number;
}

// A constant of the contract written into the statement, so that the planner may use the indexes
// of the open grievances (partial: their condition must be seen in the query, not a parameter).
const OPEN_STATES = Prisma.raw(`state IN (${GRIEVANCE_OPEN_STATES.map((s) => `'${s}'`).join(', ')})`);
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const iso = (at: Date) => at.toISOString();
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * The open grievances of a scope grouped by company, reason, state, age and deadline at `now`.
 * They are kept per hour submitted and hour due (GrievanceOpenTally): an hour's grievances fall on
 * one side of each threshold (an age bound, the deadline, the end of "due soon") unless the
 * threshold falls inside that hour, so those few hours are counted from the rows and every other
 * from the kept counts, at the hour's start.
 */
function openGroups(db: Db, scope: Prisma.Sql, now: Date): Promise<OpenGroup[]> {
  const ageBounds = GRIEVANCE_AGEING_DAYS.map((days) => new Date(now.getTime() - days * DAY_MS));
  const soon = grievanceDueSoonUntil(now);
  const submittedHours = ageBounds.map(hourOf);
  const dueHours = [now, soon].map(hourOf);
  // Ranges ORed, so that each is a range of one of the partial indexes.
  const inHours = (column: Prisma.Sql, hours: Date[]) =>
    hours.map((h) => Prisma.sql`(${column} >= ${h}::timestamp AND ${column} < ${new Date(h.getTime() + HOUR_MS)}::timestamp)`);
  const thresholdHours = Prisma.join(
    [...inHours(Prisma.sql`"submittedAt"`, submittedHours), ...inHours(Prisma.sql`"dueAt"`, dueHours)],
    ' OR ',
  );
  // Submitted at or after the i-th bound: at most GRIEVANCE_AGEING_DAYS[i] days old.
  const ageCase = Prisma.join(
    ageBounds.map((bound, i) => Prisma.sql`WHEN submitted >= ${bound}::timestamp THEN ${i}::int`),
    ' ',
  );
  return db.$queryRaw<OpenGroup[]>`
    WITH counted AS (
      SELECT "companyCode", "reasonCode", state, "submittedAt" AS submitted, "dueAt" AS due, 1 AS n
        FROM "Grievance"
       WHERE ${OPEN_STATES} ${scope} AND (${thresholdHours})
      UNION ALL
      SELECT "companyCode", "reasonCode", state, "submittedHour", "dueHour", grievances
        FROM "GrievanceOpenTally"
       WHERE grievances > 0 ${scope}
         AND "submittedHour" <> ALL(${submittedHours.map(iso)}::timestamp[]) AND "dueHour" <> ALL(${dueHours.map(iso)}::timestamp[])
    )
    SELECT "companyCode", "reasonCode", state, CASE ${ageCase} ELSE ${GRIEVANCE_AGEING_DAYS.length}::int END AS bucket,
           coalesce(due < ${now}::timestamp, false) AS overdue,
           coalesce(due >= ${now}::timestamp AND due < ${soon}::timestamp, false) AS "dueSoon",
           sum(n)::int AS n
      FROM counted
     GROUP BY 1, 2, 3, 4, 5, 6`;
}

/**
 * GET /api/opengrievance/metrics: the grievances of a scope (and company) counted by state, the open
 * ones by age and against their deadlines, per reason and company, and the monthly trend. All from
 * kept counts: the settled ones and the months (GrievanceTally, GrievanceMonthTally: they do not
 * change with the time of the call), the open ones per hour (openGroups).
 */
export async function grievanceMetrics(
  db: Db,
  filter: { scope?: GrievanceScope | undefined; companyCode?: number | undefined },
  now: Date,
): Promise<GrievanceMetrics> {
  const scope = {
    ...(filter.scope ? { international: filter.scope === 'international' } : {}),
    ...(filter.companyCode === undefined ? {} : { companyCode: filter.companyCode }),
  };
  const scopeSql = Prisma.sql`
    ${filter.scope ? Prisma.sql`AND international = ${filter.scope === 'international'}` : Prisma.empty}
    ${filter.companyCode === undefined ? Prisma.empty : Prisma.sql`AND "companyCode" = ${filter.companyCode}`}`;
  const months = lastMonths(now, GRIEVANCE_TREND_MONTHS);
  const [settledRows, open, monthRows] = await Promise.all([
    db.grievanceTally.findMany({
      where: { ...scope, state: { notIn: ['DRAFT', ...GRIEVANCE_OPEN_STATES] }, grievances: { gt: 0 } },
      select: { companyCode: true, reasonCode: true, state: true, late: true, grievances: true, answerMs: true },
    }),
    openGroups(db, scopeSql, now),
    db.grievanceMonthTally.findMany({
      where: { ...scope, month: { gte: months[0]! }, grievances: { gt: 0 } },
      select: { month: true, kind: true, grievances: true },
    }),
  ]);

  const deadline = () => ({ open: 0, overdue: 0, dueSoon: 0 });
  const byState = Object.fromEntries(GRIEVANCE_STATES.map((s) => [s, 0])) as Record<GrievanceState, number>;
  const totals = { ...deadline(), settled: 0, settledLate: 0 };
  const ageing = GRIEVANCE_AGEING_BOUNDS.map((upToDays) => ({ upToDays, ...deadline() }));
  const reasons = new Map(GRIEVANCE_REASONS.map((r) => [r, { reasonCode: r, ...deadline(), settled: 0, days: 0 }]));
  const companies = new Map<number, ReturnType<typeof deadline> & { settled: number }>();
  const companyOf = (companyCode: number) => {
    const company = companies.get(companyCode) ?? { ...deadline(), settled: 0 };
    companies.set(companyCode, company);
    return company;
  };
  for (const g of open) {
    byState[g.state] += g.n;
    for (const c of [totals, reasons.get(g.reasonCode)!, companyOf(g.companyCode), ageing[g.bucket]!]) {
      c.open += g.n;
      if (g.overdue) c.overdue += g.n;
      if (g.dueSoon) c.dueSoon += g.n;
    }
  }
  for (const g of settledRows) {
    byState[g.state as GrievanceState] += g.grievances;
    const reason = reasons.get(g.reasonCode as GrievanceReason)!;
    for (const c of [totals, reason, companyOf(g.companyCode)]) c.settled += g.grievances;
    if (g.late) totals.settledLate += g.grievances;
    reason.days += Number(g.answerMs) / DAY_MS;
  }
  const names = await db.groupCompany.findMany({
    where: { companyCode: { in: [...companies.keys()] } },
    select: { companyCode: true, companyName: true },
    orderBy: { companyCode: 'asc' },
  });
  const trend = new Map(months.map((month) => [month, { month, submitted: 0, settled: 0 }]));
  for (const m of monthRows) {
    const month = trend.get(m.month);
    if (month && m.kind === 'S') month.submitted += m.grievances;
    else if (month) month.settled += m.grievances;
  }
  return {
    byState: { ...byState, DRAFT: 0 },
    ...totals,
    ageing,
    reasons: [...reasons.values()].map(({ days, ...r }) => ({
      ...r,
      averageDaysToSettle: r.settled === 0 ? null : Math.round((days / r.settled) * 10) / 10,
    })),
    companies: names.map((c) => ({ ...c, ...companies.get(c.companyCode)! })),
    trend: [...trend.values()],
  };
}
