import {
  FORENSIC_KIND_NAMES,
  FORENSIC_KINDS,
  FORENSIC_TREND_MONTHS,
  TEXTS,
  type ForensicDashboard,
  type ForensicKind,
  type ForensicPair,
  type ForensicPartner,
  type ForensicReviewInput,
  type Language,
  type Paged,
  type PageQuery,
} from '@pp/contract';
import { Prisma, type Db } from '@pp/db';
import { Invalid, nameIn, type AuthContext } from '@pp/platform';
import { partnerByNumber } from '../../lib/admin-audit.ts';
import { lastMonths, monthOf } from '../../lib/months.ts';

/** One partner holding a shared number: the companies of its profiles that hold it, its newest request. */
interface Holder {
  kind: string;
  value: string;
  partnerId: number;
  companies: number[];
  requestNumber: string | null;
  createdAt: Date;
}

const KIND_OF = Object.fromEntries(FORENSIC_KIND_NAMES.map((k) => [FORENSIC_KINDS[k], k])) as Record<string, ForensicKind>;

/**
 * The partners holding each number that more than one partner holds. The shared numbers are kept
 * apart ("SharedIdentifier", by triggers); only their holders are then read, one number at a time
 * (LATERAL, from the (kind, value, partnerId) index), so the work grows with the numbers shared,
 * not with the partners.
 */
async function sharedHolders(
  db: Db,
  kinds: readonly ForensicKind[],
  filter: { companyCode?: number | undefined; value?: string } = {},
): Promise<Holder[]> {
  const identifierKinds = kinds.map((k) => FORENSIC_KINDS[k]);
  const holders = await db.$queryRaw<Holder[]>`
    WITH shared AS (
      SELECT kind, value FROM "SharedIdentifier"
       WHERE kind = ANY(${identifierKinds}::text[]) ${filter.value === undefined ? Prisma.empty : Prisma.sql`AND value = ${filter.value}`}
    )
    SELECT s.kind, s.value, h."partnerId", h.companies, h."requestNumber", pt."createdAt"
      FROM shared s
      CROSS JOIN LATERAL (
        SELECT i."partnerId", array_agg(DISTINCT p."companyCode" ORDER BY p."companyCode") AS companies,
               (array_agg(p."requestNumber" ORDER BY p."submittedAt" DESC) FILTER (WHERE p."requestNumber" IS NOT NULL))[1]
                 AS "requestNumber"
          FROM "PartnerIdentifier" i JOIN "OnboardingProfile" p ON p.id = i."profileId"
         WHERE i.kind = s.kind AND i.value = s.value
         GROUP BY i."partnerId"
      ) h
      JOIN "Partner" pt ON pt.id = h."partnerId"`;
  if (filter.companyCode === undefined) return holders;
  // A number counts for a company when any of its holders registered it there.
  return [...byNumber(holders).values()].filter((group) => group.some((h) => h.companies.includes(filter.companyCode!))).flat();
}

/** The holders of each number, the one registered first first. */
function byNumber(holders: Holder[]): Map<string, Holder[]> {
  const groups = new Map<string, Holder[]>();
  for (const h of holders) {
    const key = `${h.kind}\u0000${h.value}`;
    const group = groups.get(key);
    if (group) group.push(h);
    else groups.set(key, [h]);
  }
  for (const group of groups.values()) group.sort(registeredBefore);
  return groups;
}

const registeredBefore = (a: Holder, b: Holder) => a.createdAt.getTime() - b.createdAt.getTime() || a.partnerId - b.partnerId;

interface RawPair {
  kind: ForensicKind;
  value: string;
  first: Holder;
  second: Holder;
}

/** Every two holders of a number make a pair, the one registered first named first. */
function pairsOf(holders: Holder[]): RawPair[] {
  const pairs: RawPair[] = [];
  for (const group of byNumber(holders).values())
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++)
        pairs.push({ kind: KIND_OF[group[i]!.kind]!, value: group[i]!.value, first: group[i]!, second: group[j]! });
  return pairs;
}

type Reviews = Map<string, NonNullable<ForensicPair['review']>>;
const pairKey = (kind: string, value: string, a: number, b: number) =>
  `${kind}\u0000${value}\u0000${Math.min(a, b)}\u0000${Math.max(a, b)}`;
const reviewOf = (reviews: Reviews, p: RawPair) =>
  reviews.get(pairKey(FORENSIC_KINDS[p.kind], p.value, p.first.partnerId, p.second.partnerId)) ?? null;

/** The verdicts given on the pairs of these numbers, by pair (read by the reviews' unique index). */
async function reviewsOf(db: Db, holders: Holder[]): Promise<Reviews> {
  const numbers = [...byNumber(holders).values()].map((group) => group[0]!);
  if (numbers.length === 0) return new Map();
  const rows = await db.$queryRaw<
    (NonNullable<ForensicPair['review']> & {
      kind: string;
      value: string;
      partnerIdA: number;
      partnerIdB: number;
      reviewedAt: Date;
    })[]
  >`
    SELECT r.kind, r.value, r."partnerIdA", r."partnerIdB", r.verdict, r.remarks, u."displayName" AS "reviewerName", r."reviewedAt"
      FROM unnest(${numbers.map((h) => h.kind)}::text[], ${numbers.map((h) => h.value)}::text[]) AS n(kind, value)
      JOIN "ForensicReview" r ON r.kind = n.kind AND r.value = n.value
      JOIN "UserAccount" u ON u.id = r."reviewerId"`;
  return new Map(
    rows.map((r) => [
      pairKey(r.kind, r.value, r.partnerIdA, r.partnerIdB),
      { verdict: r.verdict, remarks: r.remarks, reviewerName: r.reviewerName, reviewedAt: r.reviewedAt.toISOString() },
    ]),
  );
}

/** What the lists show of each partner of a pair. */
async function partnersOf(db: Db, ids: number[]) {
  const partners = await db.partner.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      partnerNumber: true,
      organizationName: true,
      createdAt: true,
      country: { select: { countryName: true, countryNameHi: true } },
      account: { select: { status: true } },
    },
  });
  return new Map(partners.map((p) => [p.id, p]));
}

type PartnerRow = Awaited<ReturnType<typeof partnersOf>> extends Map<number, infer P> ? P : never;

function partnerOf(h: Holder, p: PartnerRow, language: Language): ForensicPartner {
  return {
    partnerNumber: p.partnerNumber,
    organizationName: p.organizationName,
    countryName: nameIn(language, p.country.countryName, p.country.countryNameHi),
    registeredAt: p.createdAt.toISOString(),
    accountStatus: p.account?.status ?? null,
    companyCodes: h.companies,
    requestNumber: h.requestNumber,
  };
}

/** GET /api/forensics/dashboard: shared numbers per kind and company, and when they became shared. */
export async function forensicDashboard(
  db: Db,
  query: { companyCode?: number | undefined },
  now: Date,
): Promise<ForensicDashboard> {
  const holders = await sharedHolders(db, FORENSIC_KIND_NAMES, query);
  const reviews = await reviewsOf(db, holders);
  const zero = () => Object.fromEntries(FORENSIC_KIND_NAMES.map((k) => [k, 0])) as Record<ForensicKind, number>;

  const kinds = FORENSIC_KIND_NAMES.map((kind) => ({ kind, sharedNumbers: 0, pairs: 0, genuineGroup: 0, duplicate: 0 }));
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  for (const p of pairsOf(holders)) {
    const k = byKind.get(p.kind)!;
    k.pairs += 1;
    const verdict = reviewOf(reviews, p)?.verdict;
    if (verdict === 'GENUINE_GROUP') k.genuineGroup += 1;
    if (verdict === 'DUPLICATE') k.duplicate += 1;
  }

  const months = lastMonths(now, FORENSIC_TREND_MONTHS);
  const trend = new Map(months.map((m) => [m, zero()]));
  const perCompany = new Map<number, Record<ForensicKind, number>>();
  for (const group of byNumber(holders).values()) {
    const kind = KIND_OF[group[0]!.kind]!;
    byKind.get(kind)!.sharedNumbers += 1;
    // It became shared when its second holder registered.
    const month = trend.get(monthOf(group[1]!.createdAt));
    if (month) month[kind] += 1;
    for (const c of new Set(group.flatMap((h) => h.companies))) {
      if (query.companyCode !== undefined && c !== query.companyCode) continue;
      const counts = perCompany.get(c) ?? zero();
      counts[kind] += 1;
      perCompany.set(c, counts);
    }
  }
  const companies = await db.groupCompany.findMany({
    where: { companyCode: { in: [...perCompany.keys()] } },
    select: { companyCode: true, companyName: true },
    orderBy: { companyCode: 'asc' },
  });
  return {
    kinds,
    companies: companies.map((c) => ({ ...c, counts: perCompany.get(c.companyCode)! })),
    trend: months.map((month) => ({ month, counts: trend.get(month)! })),
  };
}

type ComparisonQuery = Omit<PageQuery, 'after'> & {
  companyCode?: number | undefined;
  review: 'open' | 'GENUINE_GROUP' | 'DUPLICATE' | 'all';
};

async function describePairs(db: Db, pairs: RawPair[], holders: Holder[], language: Language) {
  const [reviews, partners] = await Promise.all([
    reviewsOf(db, holders),
    partnersOf(db, [...new Set(holders.map((h) => h.partnerId))]),
  ]);
  return pairs.map((p): ForensicPair => ({
    kind: p.kind,
    value: p.value,
    foundAt: p.second.createdAt.toISOString(),
    first: partnerOf(p.first, partners.get(p.first.partnerId)!, language),
    second: partnerOf(p.second, partners.get(p.second.partnerId)!, language),
    review: reviewOf(reviews, p),
  }));
}

/**
 * GET /api/forensics/comparison/:kind: the pairs holding one kind of number, newest first (by when
 * the number became shared), filtered by company and review, searched by the number, either
 * partner's name or number.
 */
export async function comparison(
  db: Db,
  kind: ForensicKind,
  query: ComparisonQuery,
  language: Language,
): Promise<Paged<ForensicPair>> {
  const holders = await sharedHolders(db, [kind], query);
  const described = await describePairs(db, pairsOf(holders), holders, language);
  const term = query.searchTerm?.toLowerCase();
  const matches = described
    .filter((p) => {
      if (query.review === 'open' && p.review) return false;
      if ((query.review === 'GENUINE_GROUP' || query.review === 'DUPLICATE') && p.review?.verdict !== query.review) return false;
      if (!term) return true;
      return [p.value, p.first.organizationName, p.first.partnerNumber, p.second.organizationName, p.second.partnerNumber].some(
        (field) => field.toLowerCase().includes(term),
      );
    })
    .sort(
      (a, b) =>
        b.foundAt.localeCompare(a.foundAt) ||
        a.value.localeCompare(b.value) ||
        a.first.partnerNumber.localeCompare(b.first.partnerNumber) ||
        a.second.partnerNumber.localeCompare(b.second.partnerNumber),
    );
  const start = (query.pageNo - 1) * query.pageSize;
  return {
    items: matches.slice(start, start + query.pageSize),
    total: matches.length,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    nextCursor: null,
  };
}

/** POST /api/forensics/review: the reviewer's verdict on a pair that shares the number now; again replaces it. */
export async function reviewPair(
  db: Db,
  auth: AuthContext,
  input: ForensicReviewInput,
  language: Language,
  now: Date,
): Promise<ForensicPair> {
  const ids: number[] = [];
  for (const [i, number] of input.partnerNumbers.entries())
    ids.push((await partnerByNumber(db, number, `partnerNumbers.${i}`)).id);
  const holders = await sharedHolders(db, [input.kind], { value: input.value });
  const pair = pairsOf(holders).find((p) => ids.includes(p.first.partnerId) && ids.includes(p.second.partnerId));
  if (!pair) throw Invalid('value', TEXTS.numberNotShared(input.value));
  const [a, b] = [Math.min(...ids), Math.max(...ids)];
  const verdict = { verdict: input.verdict, remarks: input.remarks, reviewerId: auth.userId, reviewedAt: now };
  await db.forensicReview.upsert({
    where: {
      kind_value_partnerIdA_partnerIdB: { kind: FORENSIC_KINDS[input.kind], value: input.value, partnerIdA: a, partnerIdB: b },
    },
    create: { kind: FORENSIC_KINDS[input.kind], value: input.value, partnerIdA: a, partnerIdB: b, ...verdict },
    update: verdict,
  });
  const [described] = await describePairs(db, [pair], holders, language);
  return described!;
}
