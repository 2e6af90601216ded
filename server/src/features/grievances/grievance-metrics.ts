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

/** Open grievances alike in company, reason, state, age and deadline, counted on each call. */
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

const OPEN = [...GRIEVANCE_OPEN_STATES];
const DAY_MS = 86_400_000;

/**
 * GET /api/opengrievance/metrics: the grievances of a scope (and company) counted by state, the open
 * ones by age and against their deadlines, per reason and company, and the monthly trend. The
 * settled ones and the months are kept counts (GrievanceTally, GrievanceMonthTally: they do not
 * change with the time of the call); the open ones are grouped on each call from
 * Grievance_metrics_idx alone, their ages against the call's time.
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
  // Submitted at or after the i-th of these: at most GRIEVANCE_AGEING_DAYS[i] days old.
  const ageCase = Prisma.join(
    GRIEVANCE_AGEING_DAYS.map(
      (days, i) => Prisma.sql`WHEN "submittedAt" >= ${new Date(now.getTime() - days * DAY_MS)}::timestamp THEN ${i}::int`,
    ),
    ' ',
  );
  const months = lastMonths(now, GRIEVANCE_TREND_MONTHS);
  const [settledRows, open, monthRows] = await Promise.all([
    db.grievanceTally.findMany({
      where: { ...scope, state: { notIn: ['DRAFT', ...OPEN] }, grievances: { gt: 0 } },
      select: { companyCode: true, reasonCode: true, state: true, late: true, grievances: true, answerMs: true },
    }),
    db.$queryRaw<OpenGroup[]>`
      SELECT "companyCode", "reasonCode", state, CASE ${ageCase} ELSE ${GRIEVANCE_AGEING_DAYS.length}::int END AS bucket,
             coalesce("dueAt" < ${now}::timestamp, false) AS overdue,
             coalesce("dueAt" >= ${now}::timestamp AND "dueAt" < ${grievanceDueSoonUntil(now)}::timestamp, false) AS "dueSoon",
             count(*)::int AS n
        FROM "Grievance"
       WHERE state = ANY(${OPEN}::text[])
         ${filter.scope ? Prisma.sql`AND international = ${filter.scope === 'international'}` : Prisma.empty}
         ${filter.companyCode === undefined ? Prisma.empty : Prisma.sql`AND "companyCode" = ${filter.companyCode}`}
       GROUP BY 1, 2, 3, 4, 5, 6`,
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
