import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, SEARCH_TERM_MAX_CHARS, paged, pageQuerySchema } from '../paging.ts';

/**
 * E-Bids & E-Auctions (section 7: POST /api/eip/partner/rfq, GET /api/eip/partner/detail): the
 * group's requests for quotation and reverse auctions, open to the partners of the business they
 * are for in the session's company. A sealed RFQ takes bids (and revisions) until it closes, and
 * no partner sees another's; a reverse auction shows the lowest bid, and each new bid must beat it
 * by the auction's decrement. Bodies and the bid call are ours: the spec names the two calls only.
 */
export const RFQ_KINDS = ['RFQ', 'AUCTION'] as const;
export type RfqKind = (typeof RFQ_KINDS)[number];
/** Where an RFQ stands, from its opening and closing times. */
export const RFQ_STATUSES = ['UPCOMING', 'OPEN', 'CLOSED'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
/** How every RFQ number starts. */
export const RFQ_NUMBER_PREFIX = 'RFQ-';
export const RFQ_NUMBER_PATTERN = new RegExp(`^${RFQ_NUMBER_PREFIX}\\d{1,3}-\\d{8}-\\d{3,6}$`);
export const BID_REMARKS_MAX = 500;
/** Largest bid the portal takes (₹1,000 crore): more is a typing slip. */
export const BID_AMOUNT_MAX = 10_000_000_000;

export const rfqStatusAt = (rfq: { openingAt: Date; closingAt: Date }, now: Date): RfqStatus =>
  now < rfq.openingAt ? 'UPCOMING' : now < rfq.closingAt ? 'OPEN' : 'CLOSED';

export const rfqNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(RFQ_NUMBER_PATTERN, { error: 'must be an RFQ number like RFQ-1-20261125-001' });

export const rfqListBodySchema = z
  .object({
    /** Page number, from 1. */
    page: z.number().int().min(1).max(100_000).default(1),
    size: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    /** RFQ number (from its start) or words of the title. */
    searchTerm: z.string().trim().max(SEARCH_TERM_MAX_CHARS).optional(),
    status: z.enum(RFQ_STATUSES).optional(),
    kind: z.enum(RFQ_KINDS).optional(),
    after: pageQuerySchema.shape.after,
  })
  .strict();
export type RfqListBody = z.output<typeof rfqListBodySchema>;

const money = z.number();

export const rfqItemSchema = z.object({
  rfqNumber: z.string(),
  kind: z.enum(RFQ_KINDS),
  title: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  quantity: z.number(),
  unit: z.string(),
  currency: z.string(),
  openingAt: z.iso.datetime(),
  closingAt: z.iso.datetime(),
  status: z.enum(RFQ_STATUSES),
  /** The caller's latest bid, if any. */
  myBid: money.nullable(),
  /** A reverse auction's lowest bid so far (never shown for a sealed RFQ). */
  lowestBid: money.nullable(),
});
export type RfqItem = z.infer<typeof rfqItemSchema>;

export const bidSchema = z.object({ amount: money, remarks: z.string().nullable(), placedAt: z.iso.datetime() });
export type Bid = z.infer<typeof bidSchema>;

export const rfqDetailSchema = rfqItemSchema.extend({
  description: z.string(),
  deliveryLocation: z.string(),
  /** A reverse auction's opening price (bids start below it) and the least step of a new bid. */
  startPrice: money.nullable(),
  minDecrement: money.nullable(),
  /** The highest bid the caller may place now (auctions), or null when any positive bid is taken. */
  maxBid: money.nullable(),
  /** A reverse auction: how many partners bid, and where the caller's best bid ranks (1 = lowest). */
  bidders: z.number().int().nullable(),
  myRank: z.number().int().nullable(),
  /** The caller's bids, newest first. */
  myBids: z.array(bidSchema),
});
export type RfqDetail = z.infer<typeof rfqDetailSchema>;

export const rfqDetailQuerySchema = z.object({ rfqNumber: rfqNumberSchema });

export const placeBidBodySchema = z
  .object({
    rfqNumber: rfqNumberSchema,
    amount: z
      .number({ error: 'must be a number' })
      .positive()
      .max(BID_AMOUNT_MAX)
      .refine((n) => Math.round(n * 100) === n * 100, { error: 'must have at most two decimals' }),
    remarks: z.string().trim().max(BID_REMARKS_MAX).optional(),
  })
  .strict();
export type PlaceBidBody = z.output<typeof placeBidBodySchema>;

export const auctionEndpoints = {
  rfqList: endpoint({
    method: 'POST',
    readsOnly: true,
    path: '/api/eip/partner/rfq',
    summary:
      "A page of the RFQs and auctions open to the partner's businesses in the session's company: open and upcoming ones closing soonest first, closed ones latest first",
    tags: ['auctions'],
    access: 'partner',
    body: rfqListBodySchema,
    response: envelope(paged(rfqItemSchema)),
  }),
  rfqDetail: endpoint({
    method: 'GET',
    path: '/api/eip/partner/detail',
    summary: 'One RFQ or auction with the caller’s bids (and, for an auction, the lowest bid and the caller’s rank)',
    tags: ['auctions'],
    access: 'partner',
    query: rfqDetailQuerySchema,
    response: envelope(rfqDetailSchema),
  }),
  placeBid: endpoint({
    method: 'POST',
    path: '/api/eip/partner/bid',
    summary:
      'Place or revise a bid while the RFQ is open (409 before it opens or after it closes; an auction’s bid must beat the lowest by its decrement)',
    tags: ['auctions'],
    access: 'partner',
    body: placeBidBodySchema,
    response: envelope(rfqDetailSchema),
  }),
};
