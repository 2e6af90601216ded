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

/** One group of grievances alike in company, reason, state, age and deadline. */
interface Group {
  companyCode: number;
  reasonCode: GrievanceReason;
  state: GrievanceState;
  /** Index into GRIEVANCE_AGEING_BOUNDS; null unless open. */
  bucket: number | null;
  overdue: boolean;
  dueSoon: boolean;
  late: boolean;
  n: number;
  /** Days from submission to answer, summed over the group's answered ones. */
  answerDays: number | null;
}

const OPEN = [...GRIEVANCE_OPEN_STATES];

/** The filters every statement of the dashboards shares: scope, company, and never a draft. */
const scoped = (filter: { scope?: GrievanceScope | undefined; companyCode?: number | undefined }) => Prisma.sql`
  state <> 'DRAFT'
  ${filter.scope ? Prisma.sql`AND international = ${filter.scope === 'international'}` : Prisma.empty}
  ${filter.companyCode === undefined ? Prisma.empty : Prisma.sql`AND "companyCode" = ${filter.companyCode}`}`;

/**
 * GET /api/opengrievance/metrics: the grievances of a scope (and company) counted by state, the open
 * ones by age and against their deadlines, per reason and company, and the monthly trend. Two
 * statements, each answered from Grievance_metrics_idx alone: the groups (at most companies ×
 * reasons × states × ages) and the months.
 */
export async function grievanceMetrics(
  db: Db,
  filter: { scope?: GrievanceScope | undefined; companyCode?: number | undefined },
  now: Date,
): Promise<GrievanceMetrics> {
  const ageCase = Prisma.join(
    GRIEVANCE_AGEING_DAYS.map(
      (days, i) => Prisma.sql`WHEN ${now}::timestamp - "submittedAt" <= make_interval(days => ${days}::int) THEN ${i}::int`,
    ),
    ' ',
  );
  const months = lastMonths(now, GRIEVANCE_TREND_MONTHS);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const [groups, trendRows] = await Promise.all([
    db.$queryRaw<Group[]>`
      SELECT "companyCode", "reasonCode", state,
             CASE WHEN state = ANY(${OPEN}::text[]) THEN CASE ${ageCase} ELSE ${GRIEVANCE_AGEING_DAYS.length}::int END END AS bucket,
             coalesce(state = ANY(${OPEN}::text[]) AND "dueAt" < ${now}::timestamp, false) AS overdue,
             coalesce(state = ANY(${OPEN}::text[]) AND "dueAt" >= ${now}::timestamp AND "dueAt" < ${grievanceDueSoonUntil(now)}::timestamp, false) AS "dueSoon",
             coalesce("answeredAt" > "dueAt", false) AS late,
             count(*)::int AS n,
             (sum(extract(epoch FROM "answeredAt" - "submittedAt")) / 86400)::float8 AS "answerDays"
        FROM "Grievance"
       WHERE ${scoped(filter)}
       GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    db.$queryRaw<{ month: string; submitted: number; answered: number }[]>`
      SELECT to_char(m, 'YYYY-MM') AS month,
             count(*) FILTER (WHERE k = 's')::int AS submitted, count(*) FILTER (WHERE k = 'a')::int AS answered
        FROM (SELECT date_trunc('month', "submittedAt") AS m, 's' AS k FROM "Grievance"
               WHERE ${scoped(filter)} AND "submittedAt" >= ${since}::timestamp
              UNION ALL
              SELECT date_trunc('month', "answeredAt"), 'a' FROM "Grievance"
               WHERE ${scoped(filter)} AND "answeredAt" >= ${since}::timestamp) t
       GROUP BY 1`,
  ]);

  const deadline = () => ({ open: 0, overdue: 0, dueSoon: 0 });
  const byState = Object.fromEntries(GRIEVANCE_STATES.map((s) => [s, 0])) as Record<GrievanceState, number>;
  const totals = { ...deadline(), settled: 0, settledLate: 0 };
  const ageing = GRIEVANCE_AGEING_BOUNDS.map((upToDays) => ({ upToDays, ...deadline() }));
  const reasons = new Map(GRIEVANCE_REASONS.map((r) => [r, { reasonCode: r, ...deadline(), settled: 0, days: 0 }]));
  const companies = new Map<number, ReturnType<typeof deadline> & { settled: number }>();
  for (const g of groups) {
    byState[g.state] += g.n;
    const reason = reasons.get(g.reasonCode)!;
    const company = companies.get(g.companyCode) ?? { ...deadline(), settled: 0 };
    companies.set(g.companyCode, company);
    const counts = [totals, reason, company];
    if (g.bucket !== null) {
      for (const c of [...counts, ageing[g.bucket]!]) {
        c.open += g.n;
        if (g.overdue) c.overdue += g.n;
        if (g.dueSoon) c.dueSoon += g.n;
      }
    } else {
      for (const c of counts) c.settled += g.n;
      if (g.late) totals.settledLate += g.n;
      reason.days += g.answerDays ?? 0;
    }
  }
  const names = await db.groupCompany.findMany({
    where: { companyCode: { in: [...companies.keys()] } },
    select: { companyCode: true, companyName: true },
    orderBy: { companyCode: 'asc' },
  });
  const trend = new Map(trendRows.map((r) => [r.month, r]));
  return {
    byState: { ...byState, DRAFT: 0 },
    ...totals,
    ageing,
    reasons: [...reasons.values()].map(({ days, ...r }) => ({
      ...r,
      averageDaysToSettle: r.settled === 0 ? null : Math.round((days / r.settled) * 10) / 10,
    })),
    companies: names.map((c) => ({ ...c, ...companies.get(c.companyCode)! })),
    trend: months.map((month) => ({
      month,
      submitted: trend.get(month)?.submitted ?? 0,
      settled: trend.get(month)?.answered ?? 0,
    })),
  };
}
