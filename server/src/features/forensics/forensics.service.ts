import {
  FORENSIC_KIND_NAMES,
  FORENSIC_KINDS,
  FORENSIC_TREND_MONTHS,
  TEXTS,
  type ForensicDashboard,
  type ForensicKind,
  type ForensicPair,
  type ForensicReviewInput,
  type Language,
  type Paged,
  type PageQuery,
} from '@pp/contract';
import { isoMoment, likeContaining, prepared, runPrepared, type Db } from '@pp/db';
import { Invalid, nameIn, type AuthContext } from '@pp/platform';
import { partnerByNumber } from '../../lib/admin-audit.ts';
import { lastMonths } from '../../lib/months.ts';
import type { FeedCache } from '../../lib/feed-cache.ts';
import { answeredTotal } from '../../lib/paging.ts';

/*
 * The forensics pages read "SharedNumber" (each number more than one partner holds) and
 * "SharedHolder" (each partner holding one), kept by triggers as numbers are registered: their
 * work grows with the numbers shared, not with the partners. Their statements are prepared (the
 * paths a reviewer waits on; see @pp/db's prepared).
 */

const KIND_OF = Object.fromEntries(FORENSIC_KIND_NAMES.map((k) => [FORENSIC_KINDS[k], k])) as Record<string, ForensicKind>;
/** The kinds of number forensics compares (others, as an LLPIN, are registered but not compared). */
const COMPARED = `ARRAY[${FORENSIC_KIND_NAMES.map((k) => `'${FORENSIC_KINDS[k]}'`).join(', ')}]::text[]`;

/** The verdicts on pairs (of the kinds `kinds` selects, in the company `company` holds or any) that share their number still. */
const standingReviews = (kinds: string, company: string) => `
  SELECT r.kind, r.verdict FROM "ForensicReview" r
    JOIN "SharedNumber" n ON n.kind = r.kind AND n.value = r.value
   WHERE ${kinds} AND (${company}::int IS NULL OR ${company} = ANY(n.companies))
     AND EXISTS (SELECT 1 FROM "SharedHolder" a WHERE a.kind = r.kind AND a.value = r.value AND a."partnerId" = r."partnerIdA")
     AND EXISTS (SELECT 1 FROM "SharedHolder" b WHERE b.kind = r.kind AND b.value = r.value AND b."partnerId" = r."partnerIdB")`;

/** Two holders of one number; the one registered first is `first`. */
interface RawPair {
  value: string;
  firstId: number;
  secondId: number;
}

/** A holder of a pair as the lists show it (its country in both languages; one is picked per reader). */
type DescribedHolder = Omit<ForensicPair['first'], 'countryName'> & { countryName: string; countryNameHi: string | null };
type DescribedPair = Omit<ForensicPair, 'kind' | 'first' | 'second'> & {
  first: DescribedHolder | null;
  second: DescribedHolder | null;
};

/** A holder of pair `k` ($1 the kind) as JSON: the partner, its companies, its newest request among its profiles holding the number. */
const holderJson = (partnerId: string) => `(
  SELECT json_build_object(
           'partnerNumber', pt."partnerNumber", 'organizationName', pt."organizationName",
           'countryName', c."countryName", 'countryNameHi', c."countryNameHi",
           'registeredAt', ${isoMoment('pt."createdAt"')}, 'accountStatus', ua.status, 'companyCodes', h.companies,
           'requestNumber', (SELECT p."requestNumber" FROM "PartnerIdentifier" i JOIN "OnboardingProfile" p ON p.id = i."profileId"
                              WHERE i.kind = h.kind AND i.value = h.value AND i."partnerId" = h."partnerId"
                                AND p."requestNumber" IS NOT NULL
                              ORDER BY p."submittedAt" DESC NULLS LAST LIMIT 1),
           -- mergeAccounts' rule: an account goes into another only while it has no request and is not disabled.
           'mergeable', ua.status IS DISTINCT FROM 'DISABLED'
                        AND NOT EXISTS (SELECT 1 FROM "WorkflowRequest" w WHERE w."partnerId" = pt.id))
    FROM "SharedHolder" h
    JOIN "Partner" pt ON pt.id = h."partnerId"
    JOIN "Country" c ON c."countryCode" = pt."countryCode"
    LEFT JOIN "UserAccount" ua ON ua."partnerId" = pt.id
   WHERE h.kind = $1 AND h.value = k.value AND h."partnerId" = ${partnerId})`;

/** Pairs ($2 numbers, $3 first holders, $4 second holders) of kind $1 described, in the order given. */
const DESCRIBE_PAIRS = prepared<DescribedPair[]>(`
  SELECT coalesce(json_agg(json_build_object(
           'value', k.value,
           'foundAt', (SELECT ${isoMoment('s."registeredAt"')} FROM "SharedHolder" s
                        WHERE s.kind = $1 AND s.value = k.value AND s."partnerId" = k.second),
           'first', ${holderJson('k.first')},
           'second', ${holderJson('k.second')},
           'review', (SELECT json_build_object('verdict', r.verdict, 'remarks', r.remarks, 'reviewerName', u."displayName",
                                               'reviewedAt', ${isoMoment('r."reviewedAt"')})
                        FROM "ForensicReview" r JOIN "UserAccount" u ON u.id = r."reviewerId"
                       WHERE r.kind = $1 AND r.value = k.value
                         AND r."partnerIdA" = least(k.first, k.second) AND r."partnerIdB" = greatest(k.first, k.second))
         ) ORDER BY k.n), '[]'::json) AS answer
    FROM unnest($2::text[], $3::int[], $4::int[]) WITH ORDINALITY AS k(value, first, second, n)`);

async function describePairs(db: Db, kind: ForensicKind, pairs: RawPair[], language: Language): Promise<ForensicPair[]> {
  if (pairs.length === 0) return [];
  const described = await runPrepared(db, DESCRIBE_PAIRS, [
    FORENSIC_KINDS[kind],
    pairs.map((p) => p.value),
    pairs.map((p) => p.firstId),
    pairs.map((p) => p.secondId),
  ]);
  const inLanguage = ({ countryNameHi, ...holder }: DescribedHolder) => ({
    ...holder,
    countryName: nameIn(language, holder.countryName, countryNameHi),
  });
  // A holder gone since the pairs were read (a kept search, before the feed reports it) leaves its pair out.
  return described.flatMap(({ first, second, ...p }) =>
    first && second ? [{ ...p, kind, first: inLanguage(first), second: inLanguage(second) }] : [],
  );
}

/**
 * The dashboard's counts for every company ($1 null) or one, from "SharedCount": shared numbers and
 * their pairs per kind and month they became shared, numbers per company and kind; and the verdicts
 * on pairs that share their number still.
 */
const DASHBOARD = prepared<{
  numbers: { kind: string; month: string; numbers: number; pairs: number }[];
  companies: { companyCode: number; companyName: string; kind: string; n: number }[];
  verdicts: { kind: string; verdict: string; n: number }[];
}>(`
  SELECT json_build_object(
    'numbers', coalesce((
      SELECT json_agg(json_build_object('kind', kind, 'month', month, 'numbers', numbers, 'pairs', pairs))
        FROM "SharedCount"
       WHERE "companyCode" = coalesce($1::int, 0) AND kind = ANY(${COMPARED}) AND numbers > 0), '[]'::json),
    'companies', coalesce((
      SELECT json_agg(x ORDER BY x."companyCode") FROM (
        SELECT s."companyCode", g."companyName", s.kind, sum(s.numbers)::int AS n
          FROM "SharedCount" s JOIN "GroupCompany" g ON g."companyCode" = s."companyCode"
         WHERE s."companyCode" = coalesce($1::int, s."companyCode") AND s."companyCode" <> 0
           AND s.kind = ANY(${COMPARED}) AND s.numbers > 0
         GROUP BY 1, 2, 3) x), '[]'::json),
    'verdicts', coalesce((
      SELECT json_agg(x) FROM (
        SELECT kind, verdict, count(*)::int AS n FROM (${standingReviews(`r.kind = ANY(${COMPARED})`, '$1')}) r GROUP BY 1, 2) x), '[]'::json)
  ) AS answer`);

/** GET /api/forensics/dashboard: shared numbers per kind and company, and when they became shared. */
export async function forensicDashboard(
  db: Db,
  query: { companyCode?: number | undefined },
  now: Date,
): Promise<ForensicDashboard> {
  const counted = await runPrepared(db, DASHBOARD, [query.companyCode ?? null]);
  const zero = () => Object.fromEntries(FORENSIC_KIND_NAMES.map((k) => [k, 0])) as Record<ForensicKind, number>;
  const kinds = FORENSIC_KIND_NAMES.map((kind) => ({ kind, sharedNumbers: 0, pairs: 0, genuineGroup: 0, duplicate: 0 }));
  const byKind = new Map(kinds.map((k) => [k.kind, k]));
  const months = lastMonths(now, FORENSIC_TREND_MONTHS);
  const trend = new Map(months.map((m) => [m, zero()]));
  for (const row of counted.numbers) {
    const kind = KIND_OF[row.kind]!;
    byKind.get(kind)!.sharedNumbers += row.numbers;
    byKind.get(kind)!.pairs += row.pairs;
    const month = trend.get(row.month);
    if (month) month[kind] += row.numbers;
  }
  for (const row of counted.verdicts) {
    const k = byKind.get(KIND_OF[row.kind]!)!;
    if (row.verdict === 'GENUINE_GROUP') k.genuineGroup += row.n;
    if (row.verdict === 'DUPLICATE') k.duplicate += row.n;
  }
  const companies = new Map<number, { companyCode: number; companyName: string; counts: Record<ForensicKind, number> }>();
  for (const row of counted.companies) {
    const company = companies.get(row.companyCode) ?? {
      companyCode: row.companyCode,
      companyName: row.companyName,
      counts: zero(),
    };
    company.counts[KIND_OF[row.kind]!] += row.n;
    companies.set(row.companyCode, company);
  }
  return {
    kinds,
    companies: [...companies.values()],
    trend: months.map((month) => ({ month, counts: trend.get(month)! })),
  };
}

type ComparisonQuery = Omit<PageQuery, 'after'> & {
  companyCode?: number | undefined;
  review: 'open' | 'GENUINE_GROUP' | 'DUPLICATE' | 'all';
};

/** The order of a comparison list: newest first, by when the number became shared. */
const PAIR_ORDER = '"foundAt" DESC, value, "firstAt", "firstId", "secondId"';

/**
 * The pairs of kind $1, in company $2 (or any), with review $3 ('open', 'all' or a verdict);
 * searched, those whose number or either partner's name or number holds `pattern` (the parameter
 * holding a LIKE pattern, lower case). A search first takes the numbers of the holders that match
 * from the trigram indexes (a pair matches through one of its holders), so only their pairs are made.
 */
function pairsOf(pattern?: string) {
  const searched = pattern !== undefined;
  const holdersLike = (h: string) =>
    `lower(${h}.value) LIKE ${pattern} OR lower(${h}."organizationName") LIKE ${pattern} OR lower(${h}."partnerNumber") LIKE ${pattern}`;
  return `
  ${searched ? `matched AS MATERIALIZED (SELECT DISTINCT h.value FROM "SharedHolder" h WHERE h.kind = $1 AND (${holdersLike('h')})),` : ''}
  pairs AS MATERIALIZED (
    SELECT b.value, a."partnerId" AS "firstId", b."partnerId" AS "secondId", b."registeredAt" AS "foundAt",
           a."registeredAt" AS "firstAt"
      FROM ${searched ? 'matched m JOIN "SharedHolder" b ON b.kind = $1 AND b.value = m.value' : '"SharedHolder" b'}
      JOIN "SharedHolder" a ON a.kind = b.kind AND a.value = b.value
           AND (a."registeredAt", a."partnerId") < (b."registeredAt", b."partnerId")
      LEFT JOIN "ForensicReview" r ON r.kind = b.kind AND r.value = b.value
           AND r."partnerIdA" = least(a."partnerId", b."partnerId") AND r."partnerIdB" = greatest(a."partnerId", b."partnerId")
     WHERE b.kind = $1
       AND ($2::int IS NULL
            OR EXISTS (SELECT 1 FROM "SharedNumber" n WHERE n.kind = b.kind AND n.value = b.value AND $2 = ANY(n.companies)))
       AND ($3 = 'all' OR ($3 = 'open' AND r.id IS NULL) OR r.verdict::text = $3)
       ${searched ? `AND (${holdersLike('a')} OR lower(b."organizationName") LIKE ${pattern} OR lower(b."partnerNumber") LIKE ${pattern})` : ''}
  )`;
}

/**
 * Unsearched: the total and the page ($4 skipped, $5 taken), in one statement; the pairs are read
 * once (materialized) for the page, the total comes from "SharedCount" and the verdicts.
 */
const COMPARISON_PAGE = prepared<{ total: number; items: RawPair[] }>(`
  WITH ${pairsOf()}, reviewed AS (${standingReviews('r.kind = $1', '$2')})
  SELECT json_build_object(
    'total', CASE
               WHEN $3 = 'all' OR $3 = 'open' THEN
                 (SELECT coalesce(sum(pairs), 0) FROM "SharedCount" WHERE "companyCode" = coalesce($2::int, 0) AND kind = $1)
                   - CASE WHEN $3 = 'open' THEN (SELECT count(*) FROM reviewed) ELSE 0 END
               ELSE (SELECT count(*) FROM reviewed WHERE verdict::text = $3)
             END,
    'items', coalesce((
      SELECT json_agg(json_build_object('value', value, 'firstId', "firstId", 'secondId', "secondId") ORDER BY ${PAIR_ORDER})
        FROM (SELECT * FROM pairs ORDER BY ${PAIR_ORDER} OFFSET $4 LIMIT $5) page
    ), '[]'::json)
  ) AS answer`);

/**
 * Searched for $6: the total, and every pair the search finds in the list's order when they are
 * at most $7 (`whole`, to be paged in memory), else the page ($4 skipped, $5 taken).
 * Making them is the search's work, and it grows with its matches (a common word's pairs at
 * 350,000 partners are twelve times those at 35,000), so a server keeps them for the search's
 * next pages and readers (ForensicSearches).
 */
const SEARCHED_PAIRS = prepared<{ total: number; whole: boolean; items: RawPair[] }>(`
  WITH ${pairsOf('$6')}, counted AS (SELECT count(*)::int AS n FROM pairs)
  SELECT json_build_object(
    'total', (SELECT n FROM counted),
    'whole', (SELECT n FROM counted) <= $7::int,
    'items', coalesce((
      SELECT json_agg(json_build_object('value', value, 'firstId', "firstId", 'secondId', "secondId") ORDER BY ${PAIR_ORDER})
        FROM (SELECT * FROM pairs ORDER BY ${PAIR_ORDER}
               OFFSET CASE WHEN (SELECT n FROM counted) <= $7::int THEN 0 ELSE $4::int END
               LIMIT CASE WHEN (SELECT n FROM counted) <= $7::int THEN NULL ELSE $5::int END) page
    ), '[]'::json)
  ) AS answer`);

/**
 * A server's searches of the comparison lists: their pairs, in order, by kind, company, review and
 * term, kept until the change feed reports a statement on a table they are made from
 * (FORENSIC_SEARCH_TABLES); a staff member's write empties it (staffWriteClears, lib/kept.ts).
 */
export type ForensicSearches = FeedCache<RawPair[]>;
export const FORENSIC_SEARCH_TABLES = ['SharedHolder', 'SharedNumber', 'ForensicReview'] as const;
export const FORENSIC_SEARCHES_GROUP = 'forensic-searches';

/**
 * A server's comparison pages as answered, by reader's language and request. Describing a pair
 * costs the same at any number of partners, so a fuller page costs more on every reading (twenty
 * pairs of a search at 350,000 against nine at 35,000). A page names, besides a search's tables,
 * each holder's partner, country, account status, newest request and whether it has any request
 * (mergeable), and each reviewer's name:
 * the feed's report of a change to any of them drops every page (20261227000000_forensic_page_feed
 * reports those it did not), as does a staff member's write (staffWriteClears).
 */
export const FORENSIC_PAGE_TABLES = [
  ...FORENSIC_SEARCH_TABLES,
  'Partner',
  'Country',
  'UserAccount',
  'OnboardingProfile',
  'WorkflowRequest',
] as const;
export const FORENSIC_PAGES_GROUP = 'forensic-pages';

/**
 * GET /api/forensics/comparison/:kind: the pairs holding one kind of number, newest first (by when
 * the number became shared), filtered by company and review, searched by the number, either
 * partner's name or number. Paired, filtered and paged in one statement (a search's pairs kept in
 * `searches`); only the page is described.
 */
export async function comparison(
  db: Db,
  kind: ForensicKind,
  query: ComparisonQuery,
  language: Language,
  /** `fresh`: the caller asked for no cached answer (asksFresh), so a kept search is made again. */
  searches: { kept: ForensicSearches; pairsMax: number; fresh: boolean },
): Promise<Paged<ForensicPair>> {
  const term = query.searchTerm?.toLowerCase() || null;
  const filters = [FORENSIC_KINDS[kind], query.companyCode ?? null, query.review];
  const skip = (query.pageNo - 1) * query.pageSize;
  let page: { total: number; items: RawPair[] };
  if (term) {
    const key = JSON.stringify([...filters, term]);
    const held = searches.fresh ? undefined : searches.kept.get(key);
    if (held) page = { total: held.length, items: held.slice(skip, skip + query.pageSize) };
    else {
      const token = searches.kept.loadToken();
      const found = await runPrepared(db, SEARCHED_PAIRS, [
        ...filters,
        skip,
        query.pageSize,
        likeContaining(term),
        searches.pairsMax,
      ]);
      if (found.whole) searches.kept.set(key, found.items, token, [FORENSIC_SEARCHES_GROUP]);
      page = { total: found.total, items: found.whole ? found.items.slice(skip, skip + query.pageSize) : found.items };
    }
  } else {
    page = await runPrepared(db, COMPARISON_PAGE, [...filters, skip, query.pageSize]);
  }
  return {
    items: await describePairs(db, kind, page.items, language),
    ...answeredTotal(query, page.total),
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
  const holders = await db.sharedHolder.findMany({
    where: { kind: FORENSIC_KINDS[input.kind], value: input.value, partnerId: { in: ids } },
    select: { partnerId: true, registeredAt: true },
    orderBy: [{ registeredAt: 'asc' }, { partnerId: 'asc' }],
  });
  if (holders.length !== 2) throw Invalid('value', TEXTS.numberNotShared(input.value));
  const [first, second] = holders as [(typeof holders)[0], (typeof holders)[0]];
  const pair: RawPair = { value: input.value, firstId: first.partnerId, secondId: second.partnerId };
  const [a, b] = [Math.min(...ids), Math.max(...ids)];
  const verdict = { verdict: input.verdict, remarks: input.remarks, reviewerId: auth.userId, reviewedAt: now };
  await db.forensicReview.upsert({
    where: {
      kind_value_partnerIdA_partnerIdB: { kind: FORENSIC_KINDS[input.kind], value: input.value, partnerIdA: a, partnerIdB: b },
    },
    create: { kind: FORENSIC_KINDS[input.kind], value: input.value, partnerIdA: a, partnerIdB: b, ...verdict },
    update: verdict,
  });
  const [described] = await describePairs(db, input.kind, [pair], language);
  return described!;
}
