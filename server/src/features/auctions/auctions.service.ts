import {
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
import type { Db, Prisma } from '@pp/db';
import { Conflict, Invalid, NotFound, nameIn } from '@pp/platform';
import { countTake, invalidCursor, keysetPage } from '../../lib/paging.ts';
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

function toItem(r: RfqRow, figures: { mine: number | null; lowest: number | null }, now: Date, language: Language): RfqItem {
  return {
    rfqNumber: r.rfqNumber,
    kind: r.kind as RfqKind,
    title: r.title,
    categoryCode: r.categoryCode,
    categoryName: nameIn(language, r.category.categoryName, r.category.categoryNameHi),
    quantity: r.quantity.toNumber(),
    unit: r.unit,
    currency: r.currency,
    openingAt: r.openingAt.toISOString(),
    closingAt: r.closingAt.toISOString(),
    status: rfqStatusAt(r, now),
    myBid: figures.mine,
    // A sealed RFQ never shows what others bid.
    lowestBid: r.kind === 'AUCTION' ? figures.lowest : null,
  };
}

const timeKey = (at: Date, id: number) => `${at.toISOString()}|${id}`;
function afterTimeId(after: string | null) {
  if (after === null) return null;
  const [at, id] = after.split('|');
  const date = new Date(at ?? '');
  if (Number.isNaN(date.getTime()) || !Number.isInteger(Number(id))) throw invalidCursor();
  return { at: date, id: Number(id) };
}

export async function listRfqs(db: Db, who: Bidder, body: RfqListBody, now: Date): Promise<Paged<RfqItem>> {
  const term = body.searchTerm || undefined;
  const byStatus: Record<NonNullable<RfqListBody['status']>, Prisma.RfqWhereInput> = {
    UPCOMING: { openingAt: { gt: now } },
    OPEN: { openingAt: { lte: now }, closingAt: { gt: now } },
    CLOSED: { closingAt: { lte: now } },
  };
  const where: Prisma.RfqWhereInput = {
    AND: [
      await visibleTo(db, who),
      body.status ? byStatus[body.status] : {},
      body.kind ? { kind: body.kind } : {},
      term ? { OR: [{ rfqNumber: { startsWith: term.toUpperCase() } }, { title: { contains: term, mode: 'insensitive' } }] } : {},
    ],
  };
  // What a bidder wants first: what closes soonest while it can still be bid; the latest closed after.
  const ascending = body.status === 'OPEN' || body.status === 'UPCOMING';
  const dir = ascending ? 'asc' : 'desc';
  const page = await keysetPage(
    { pageNo: body.page, pageSize: body.size, after: body.after, searchTerm: term },
    {
      total: () => db.rfq.count({ where, ...countTake({ searchTerm: term }) }),
      rows: ({ after, skip, take }) => {
        const key = afterTimeId(after as string | null);
        const beyond = ascending
          ? { OR: [{ closingAt: { gt: key?.at } }, { closingAt: key?.at, id: { gt: key?.id } }] }
          : { OR: [{ closingAt: { lt: key?.at } }, { closingAt: key?.at, id: { lt: key?.id } }] };
        return db.rfq.findMany({
          where: key ? { AND: [where, beyond] } : where,
          include: { category: { select: { categoryName: true, categoryNameHi: true } } },
          orderBy: [{ closingAt: dir }, { id: dir }],
          skip,
          take,
        });
      },
      keyOf: (r) => timeKey(r.closingAt, r.id),
      keyKind: 'text',
    },
  );
  const figures = await bidFigures(
    db,
    who.partnerId,
    page.items.map((r) => r.id),
  );
  return { ...page, items: page.items.map((r) => toItem(r, figures.get(r.id)!, now, who.language)) };
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
  const item = toItem(rfq, figures.get(rfq.id)!, now, who.language);
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
