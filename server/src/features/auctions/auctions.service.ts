import {
  RFQ_NUMBER_PREFIX,
  TEXTS,
  rfqStatusAt,
  type Paged,
  type PlaceBidBody,
  type RfqDetail,
  type RfqItem,
  type RfqKind,
  type RfqListBody,
  type Language,
} from '@pp/contract';
import { isoMoment, likeContaining, likeStartingWith, prepared, runPrepared, type Db, type Prisma } from '@pp/db';
import { Conflict, Invalid, NotFound, nameIn } from '@pp/platform';
import { countTake, momentIdKey, pageOf, parseMomentIdKey } from '../../lib/paging.ts';
import { readTogether, type Tx } from '../../lib/transaction.ts';

/** Who is looking: the partner, in the session's group company (every company it works with when none). */
export interface Bidder {
  partnerId: number;
  companyCode: number | null;
  /** The language the bidder reads (category names). */
  language: Language;
}

/** The RFQs a partner may see: those of its businesses (company mappings) in the scope's company. */
async function visibleTo(db: Db | Tx, who: Bidder): Promise<Prisma.RfqWhereInput> {
  const mappings = await db.companyMapping.findMany({
    where: { partnerId: who.partnerId, status: 'A', ...(who.companyCode === null ? {} : { companyCode: who.companyCode }) },
    select: { companyCode: true, categoryCode: true },
  });
  // No mapping: an empty OR matches nothing.
  return { OR: mappings.map((m) => ({ companyCode: m.companyCode, businessCode: m.categoryCode })) };
}

const num = (d: Prisma.Decimal | null) => (d === null ? null : d.toNumber());
type RfqRow = Prisma.RfqGetPayload<{ include: { category: { select: { categoryName: true; categoryNameHi: true } } } }>;

/** Per RFQ: the partner's latest bid, and (auctions) the lowest bid of all. */
async function bidFigures(db: Db | Tx, partnerId: number, rfqIds: number[]) {
  if (rfqIds.length === 0) return new Map<number, { mine: number | null; lowest: number | null }>();
  const [mine, lowest] = await readTogether(db, [
    () =>
      db.rfqBid.findMany({
        where: { rfqId: { in: rfqIds }, partnerId },
        distinct: ['rfqId'],
        orderBy: [{ rfqId: 'asc' }, { id: 'desc' }],
        select: { rfqId: true, amount: true },
      }),
    () => db.rfqBid.groupBy({ by: ['rfqId'], where: { rfqId: { in: rfqIds } }, _min: { amount: true } }),
  ] as const);
  const figures = new Map(rfqIds.map((id) => [id, { mine: null as number | null, lowest: null as number | null }]));
  for (const b of mine) figures.get(b.rfqId)!.mine = b.amount.toNumber();
  for (const l of lowest) figures.get(l.rfqId)!.lowest = num(l._min.amount);
  return figures;
}

/** What an RFQ's line shows, read by the list's statement or from a row and its bid figures. */
interface ItemFields {
  rfqNumber: string;
  kind: string;
  title: string;
  categoryCode: string;
  categoryName: string;
  categoryNameHi: string | null;
  quantity: number;
  unit: string;
  currency: string;
  openingAt: Date;
  closingAt: Date;
  myBid: number | null;
  lowestBid: number | null;
}

function toItem(r: ItemFields, now: Date, language: Language): RfqItem {
  return {
    rfqNumber: r.rfqNumber,
    kind: r.kind as RfqKind,
    title: r.title,
    categoryCode: r.categoryCode,
    categoryName: nameIn(language, r.categoryName, r.categoryNameHi),
    quantity: r.quantity,
    unit: r.unit,
    currency: r.currency,
    openingAt: r.openingAt.toISOString(),
    closingAt: r.closingAt.toISOString(),
    status: rfqStatusAt(r, now),
    myBid: r.myBid,
    // A sealed RFQ never shows what others bid.
    lowestBid: r.kind === 'AUCTION' ? r.lowestBid : null,
  };
}

/** An RFQ's line as the list's statement answers it (its moments as JSON carries them). */
type RfqLine = Omit<ItemFields, 'openingAt' | 'closingAt'> & { id: number; openingAt: string; closingAt: string };

/** How the list's statement matches a term: not at all, by the title, or by the number's start or the title. */
type Match = 'none' | 'title' | 'numberOrTitle';

/**
 * The RFQ list in one statement: the partner's businesses, the page in closing order (after the
 * cursor's key, or skipped to), each RFQ with its category's names, the partner's latest bid and
 * the lowest bid, and the total (a search's up to $12).
 * Unsearched, one ordered, limited read per business (LATERAL), merged: each walks its own range of
 * the (company, business, closing, id) index and stops at the page's end, where one read of all the
 * businesses cannot be in that order (PostgreSQL would read and sort every visible RFQ).
 * `tallied`: the list of every status, unsearched, takes its total from the kept counts (RfqTally)
 * of the businesses, where counting from the index reads every visible RFQ's entry (ten times as
 * many at ten times the partners).
 * $1 partner, $2 company (NULL: every one), $3 and $4 the closing time's bounds, $5 whether it opens
 * after $6 (now; NULL: either), $7 kind, $8 and $9 the cursor's closing time and id, $10 skip,
 * $11 take, $12 the count's cap, $13 the title's pattern, $14 the number's.
 */
function rfqPageStatement(ascending: boolean, match: Match, tallied = false) {
  const dir = ascending ? 'ASC' : 'DESC';
  const order = (alias: string) => `${alias}."closingAt" ${dir}, ${alias}.id ${dir}`;
  const visible = `r."companyCode" = b."companyCode" AND r."businessCode" = b."businessCode"`;
  const filters = `r."closingAt" > $3::timestamp(3) AND r."closingAt" <= $4::timestamp(3)
        AND ($5::boolean IS NULL OR (r."openingAt" > $6::timestamp(3)) = $5)
        AND ($7::text IS NULL OR r.kind = $7)`;
  const columns = `r.id, r."rfqNumber", r.kind, r.title, r."categoryCode", r.quantity, r.unit, r.currency, r."openingAt", r."closingAt"`;
  // Searched by title, the matches come from the title's trigram index first (MATERIALIZED keeps
  // that order of work), then the partner's businesses: a business's walk could read all its RFQs
  // to find none. A number's start is no index's: those RFQs are read business by business.
  // The pattern is a sub-select's, a value the planner does not see: given the value, PostgreSQL
  // guessed a term's matches from it, found a plan for that term cheaper than the kept plan's
  // guess (which grows with the table) and planned every call anew, at 350,000 partners only
  // (0.34 ms of planning for 0.26 ms of work). Now every term and size runs the one kept plan.
  const source = match === 'title' ? 'titled' : '"Rfq"';
  const titled =
    match === 'title'
      ? `titled AS MATERIALIZED (SELECT ${columns}, r."companyCode", r."businessCode" FROM "Rfq" r WHERE r.title ILIKE (SELECT $13::text)),`
      : '';
  const matches = match === 'numberOrTitle' ? '(r."rfqNumber" LIKE $14 OR r.title ILIKE $13)' : 'TRUE';
  const beyond = `(r."closingAt", r.id) ${ascending ? '>' : '<'} ($8::timestamp(3), $9::int)`;
  const page =
    match === 'none'
      ? `SELECT r.* FROM business b CROSS JOIN LATERAL (
           SELECT ${columns} FROM "Rfq" r
           WHERE ${visible} AND ${filters} AND ${beyond}
           ORDER BY ${order('r')} LIMIT $10::int + $11::int
         ) r
         ORDER BY ${order('r')} OFFSET $10 LIMIT $11`
      : `SELECT ${columns} FROM ${source} r JOIN business b ON ${visible}
         WHERE ${filters} AND ${matches} AND ${beyond}
         ORDER BY ${order('r')} OFFSET $10 LIMIT $11`;
  // Unsearched, counted business by business from the index alone; searched, up to the cap ($12).
  const total = tallied
    ? `SELECT coalesce(sum(t.rfqs), 0) FROM business b
         JOIN "RfqTally" t ON t."companyCode" = b."companyCode" AND t."businessCode" = b."businessCode"
        WHERE $7::text IS NULL OR t.kind = $7`
    : match === 'none'
      ? `SELECT coalesce(sum(n), 0) FROM business b
           CROSS JOIN LATERAL (SELECT count(*) AS n FROM "Rfq" r WHERE ${visible} AND ${filters}) counted`
      : `SELECT count(*) FROM (
           SELECT 1 FROM ${source} r JOIN business b ON ${visible} WHERE ${filters} AND ${matches} LIMIT $12
         ) counted`;
  return prepared<{ total: number; items: RfqLine[] }>(`
    WITH business AS (
      SELECT "companyCode", "categoryCode" AS "businessCode" FROM "CompanyMapping"
      WHERE "partnerId" = $1 AND status = 'A' AND ($2::int IS NULL OR "companyCode" = $2)
    ), ${titled}
    page AS (${page})
    SELECT json_build_object(
      'total', (${total}),
      'items', COALESCE((
        SELECT json_agg(json_build_object(
          'id', p.id, 'rfqNumber', p."rfqNumber", 'kind', p.kind, 'title', p.title,
          'categoryCode', p."categoryCode", 'categoryName', c."categoryName", 'categoryNameHi', c."categoryNameHi",
          'quantity', p.quantity, 'unit', p.unit, 'currency', p.currency,
          'openingAt', ${isoMoment('p."openingAt"')}, 'closingAt', ${isoMoment('p."closingAt"')},
          'myBid', (SELECT amount FROM "RfqBid" WHERE "rfqId" = p.id AND "partnerId" = $1 ORDER BY id DESC LIMIT 1),
          'lowestBid', CASE WHEN p.kind = 'AUCTION' THEN (SELECT min(amount) FROM "RfqBid" WHERE "rfqId" = p.id) END
        ) ORDER BY ${order('p')})
        FROM page p JOIN "BusinessCategory" c ON c."categoryCode" = p."categoryCode"
      ), '[]'::json)
    ) AS answer`);
}

const RFQ_PAGE = {
  /** Every status, unsearched: what a partner opens the list on. */
  everyStatus: rfqPageStatement(false, 'none', true),
  ascending: {
    none: rfqPageStatement(true, 'none'),
    title: rfqPageStatement(true, 'title'),
    numberOrTitle: rfqPageStatement(true, 'numberOrTitle'),
  },
  descending: {
    none: rfqPageStatement(false, 'none'),
    title: rfqPageStatement(false, 'title'),
    numberOrTitle: rfqPageStatement(false, 'numberOrTitle'),
  },
};

/**
 * A term's match: the RFQ number from its start, or words of the title. Every number starts with
 * RFQ_NUMBER_PREFIX, so only a term that starts with it narrows by number, and a term that is a
 * start of it matches every RFQ. Any other term matches no number; leaving the number out then lets
 * the title's trigram index answer, where an OR with the number would read every visible RFQ.
 */
function matchOf(term: string | undefined): { match: Match; patterns: string[] } {
  const upper = term?.toUpperCase() ?? '';
  if (term === undefined || RFQ_NUMBER_PREFIX.startsWith(upper)) return { match: 'none', patterns: [] };
  if (upper.startsWith(RFQ_NUMBER_PREFIX))
    return { match: 'numberOrTitle', patterns: [likeContaining(term), likeStartingWith(upper)] };
  return { match: 'title', patterns: [likeContaining(term)] };
}

/** Where the list's closing times lie for a status (an RFQ closes after it opens), and whether it opens later. */
function statusBounds(status: RfqListBody['status'], now: Date) {
  const at = now.toISOString();
  if (status === 'UPCOMING') return { closingAfter: at, closingUntil: 'infinity', opensLater: true };
  if (status === 'OPEN') return { closingAfter: at, closingUntil: 'infinity', opensLater: false };
  if (status === 'CLOSED') return { closingAfter: '-infinity', closingUntil: at, opensLater: null };
  return { closingAfter: '-infinity', closingUntil: 'infinity', opensLater: null };
}

export async function listRfqs(db: Db, who: Bidder, body: RfqListBody, now: Date): Promise<Paged<RfqItem>> {
  const term = body.searchTerm || undefined;
  const { match, patterns } = matchOf(term);
  // What a bidder wants first: what closes soonest while it can still be bid; the latest closed after.
  const ascending = body.status === 'OPEN' || body.status === 'UPCOMING';
  const bounds = statusBounds(body.status, now);
  // A term that matches every RFQ ("rf") is no search: its total is exact, as the list's is.
  const searched = { searchTerm: match === 'none' ? undefined : term };
  const page = await pageOf<RfqLine, string>(
    { pageNo: body.page, pageSize: body.size, after: body.after, ...searched },
    ({ after, skip, take }) => {
      const key = parseMomentIdKey(after);
      const statement =
        match === 'none' && !body.status ? RFQ_PAGE.everyStatus : (ascending ? RFQ_PAGE.ascending : RFQ_PAGE.descending)[match];
      return runPrepared(db, statement, [
        who.partnerId,
        who.companyCode,
        bounds.closingAfter,
        bounds.closingUntil,
        bounds.opensLater,
        now.toISOString(),
        body.kind ?? null,
        key?.at.toISOString() ?? (ascending ? '-infinity' : 'infinity'),
        key?.id ?? 0,
        skip,
        take,
        ...(match === 'none' ? [] : [countTake(searched).take, ...patterns]),
      ]);
    },
    (r) => momentIdKey(r.closingAt, r.id),
    'text',
  );
  return {
    ...page,
    items: page.items.map((r) =>
      toItem({ ...r, openingAt: new Date(r.openingAt), closingAt: new Date(r.closingAt) }, now, who.language),
    ),
  };
}

async function findVisible(db: Db | Tx, who: Bidder, rfqNumber: string): Promise<RfqRow> {
  const rfq = await db.rfq.findFirst({
    where: { AND: [{ rfqNumber }, await visibleTo(db, who)] },
    include: { category: { select: { categoryName: true, categoryNameHi: true } } },
  });
  // Another business's RFQ is answered as if it did not exist.
  if (!rfq) throw NotFound(TEXTS.rfqNotFound);
  return rfq;
}

async function detail(db: Db | Tx, who: Bidder, rfq: RfqRow, now: Date): Promise<RfqDetail> {
  const [figures, myBids, best] = await readTogether(db, [
    () => bidFigures(db, who.partnerId, [rfq.id]),
    () => db.rfqBid.findMany({ where: { rfqId: rfq.id, partnerId: who.partnerId }, orderBy: { id: 'desc' } }),
    () =>
      rfq.kind === 'AUCTION'
        ? db.rfqBid.groupBy({ by: ['partnerId'], where: { rfqId: rfq.id }, _min: { amount: true } })
        : Promise.resolve([]),
  ] as const);
  const { mine, lowest } = figures.get(rfq.id)!;
  const item = toItem(
    { ...rfq, ...rfq.category, quantity: rfq.quantity.toNumber(), myBid: mine, lowestBid: lowest },
    now,
    who.language,
  );
  const auction = rfq.kind === 'AUCTION';
  const myBest = best.find((b) => b.partnerId === who.partnerId)?._min.amount ?? null;
  return {
    ...item,
    description: rfq.description,
    deliveryLocation: rfq.deliveryLocation,
    startPrice: num(rfq.startPrice),
    minDecrement: num(rfq.minDecrement),
    maxBid: auction ? maxBid(rfq, item.lowestBid) : null,
    bidders: auction ? best.length : null,
    myRank: auction && myBest !== null ? 1 + best.filter((b) => b._min.amount!.lessThan(myBest)).length : null,
    myBids: myBids.map((b) => ({ amount: b.amount.toNumber(), remarks: b.remarks, placedAt: b.placedAt.toISOString() })),
  };
}

/** An auction's ceiling for the next bid: the lowest so far (or the opening price) less the decrement. */
function maxBid(rfq: { startPrice: Prisma.Decimal | null; minDecrement: Prisma.Decimal | null }, lowest: number | null): number {
  const from = lowest ?? num(rfq.startPrice) ?? 0;
  return Math.round((from - (num(rfq.minDecrement) ?? 0)) * 100) / 100;
}

export async function rfqDetail(db: Db, who: Bidder, rfqNumber: string, now: Date): Promise<RfqDetail> {
  return detail(db, who, await findVisible(db, who, rfqNumber), now);
}

/**
 * Places a bid while the RFQ is open. The RFQ's row is locked first, so two bids on one auction
 * are checked one after the other: the second must beat the first.
 */
export async function placeBid(db: Db, who: Bidder, body: PlaceBidBody, now: Date): Promise<RfqDetail> {
  return db.$transaction(async (tx) => {
    const rfq = await findVisible(tx, who, body.rfqNumber);
    await tx.$queryRaw`SELECT 1 FROM "Rfq" WHERE "id" = ${rfq.id} FOR UPDATE`;
    const status = rfqStatusAt(rfq, now);
    if (status === 'UPCOMING') throw Conflict(TEXTS.rfqNotOpen(rfq.openingAt.toISOString()));
    if (status === 'CLOSED') throw Conflict(TEXTS.rfqClosed(rfq.closingAt.toISOString()));
    if (rfq.kind === 'AUCTION') {
      const lowest = await tx.rfqBid.aggregate({ where: { rfqId: rfq.id }, _min: { amount: true } });
      const ceiling = maxBid(rfq, num(lowest._min.amount));
      if (body.amount > ceiling)
        throw Invalid(
          'amount',
          lowest._min.amount === null
            ? `must be at most ${ceiling.toFixed(2)}: the opening price less the decrement`
            : `must be at most ${ceiling.toFixed(2)}: the lowest bid less the decrement`,
        );
    }
    await tx.rfqBid.create({
      data: { rfqId: rfq.id, partnerId: who.partnerId, amount: body.amount, remarks: body.remarks || null, placedAt: now },
    });
    return detail(tx, who, rfq, now);
  });
}
