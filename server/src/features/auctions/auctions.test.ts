import { describe, expect, it } from 'vitest';
import { api, type RfqDetail, type RfqItem } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, okResponse as ok, setupFeatureTest, signIn } from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: new Date('2026-11-25T10:00:00Z') });

const MINUTE = 60_000;
const DAY = 86_400_000;
let seq = 0;

/** An RFQ of company 1 for the SUP business (every test partner's), opening and closing around the clock. */
async function rfq(o: {
  kind?: 'RFQ' | 'AUCTION';
  opensIn?: number;
  closesIn: number;
  title?: string;
  companyCode?: number;
  businessCode?: string;
  categoryCode?: string;
}) {
  seq += 1;
  const now = clock.now().getTime();
  const auction = o.kind === 'AUCTION';
  return db.rfq.create({
    data: {
      rfqNumber: `RFQ-${o.companyCode ?? 1}-20261125-${String(seq).padStart(3, '0')}`,
      kind: o.kind ?? 'RFQ',
      companyCode: o.companyCode ?? 1,
      businessCode: o.businessCode ?? 'SUP',
      categoryCode: o.categoryCode ?? 'SUP-STL-TMT',
      title: o.title ?? `TMT bars Fe 500D lot ${seq}`,
      description: 'Supply of TMT bars to site stores, with mill test certificates.',
      quantity: 120,
      unit: 'MT',
      deliveryLocation: 'Pune Ring Road Package 4',
      startPrice: auction ? 1_000_000 : null,
      minDecrement: auction ? 5_000 : null,
      openingAt: new Date(now + (o.opensIn ?? -DAY)),
      closingAt: new Date(now + o.closesIn),
    },
  });
}

async function bidder() {
  const user = await createPartnerUser(db);
  return { ...user, ...(await signIn(app, user.username)) };
}

describe('POST /api/eip/partner/rfq', () => {
  it('lists what is open to the partner’s businesses in the session’s company: open ones closing soonest first, with its own bid', async () => {
    const closingLater = await rfq({ closesIn: 5 * DAY, title: 'Cables 4 core armoured' });
    const closingSoon = await rfq({ closesIn: 2 * DAY, title: 'TMT bars 12 mm' });
    const closed = await rfq({ closesIn: -DAY, opensIn: -10 * DAY });
    const upcoming = await rfq({ closesIn: 9 * DAY, opensIn: 2 * DAY });
    // Not the partner's: another business, and company 8 while the session is in company 1.
    await rfq({ closesIn: DAY, businessCode: 'SUB', categoryCode: 'SUB-CIV' });
    await rfq({ closesIn: DAY, companyCode: 8, businessCode: 'INF-SUP', categoryCode: 'INF-SUP-AGG' });
    const p = await bidder();
    await db.rfqBid.create({ data: { rfqId: closingSoon.id, partnerId: p.partner.id, amount: 900_000 } });

    const open = await ok<{ items: RfqItem[]; total: number }>(
      callApi(app, api.auctions.rfqList, { headers: p.auth, body: { page: 1, size: 50, status: 'OPEN' } }),
    );
    const mine = open.items.filter((i) => [closingSoon.rfqNumber, closingLater.rfqNumber].includes(i.rfqNumber));
    expect(mine.map((i) => i.rfqNumber)).toEqual([closingSoon.rfqNumber, closingLater.rfqNumber]);
    expect(mine[0]).toMatchObject({ status: 'OPEN', myBid: 900_000, lowestBid: null, categoryName: 'TMT Bars', unit: 'MT' });
    expect(open.items.every((i) => i.status === 'OPEN' && i.rfqNumber.startsWith('RFQ-1-'))).toBe(true);

    const all = await ok<{ items: RfqItem[] }>(callApi(app, api.auctions.rfqList, { headers: p.auth, body: { size: 100 } }));
    const numbers = all.items.map((i) => i.rfqNumber);
    expect(numbers).toEqual(expect.arrayContaining([closed.rfqNumber, upcoming.rfqNumber]));
    expect(all.items.find((i) => i.rfqNumber === upcoming.rfqNumber)?.status).toBe('UPCOMING');
    expect(all.items.some((i) => i.categoryCode.startsWith('SUB') || i.categoryCode.startsWith('INF'))).toBe(false);

    const found = await ok<{ items: RfqItem[] }>(
      callApi(app, api.auctions.rfqList, { headers: p.auth, body: { searchTerm: 'armoured' } }),
    );
    expect(found.items.map((i) => i.rfqNumber)).toEqual([closingLater.rfqNumber]);
  });

  it('totals every RFQ of the partner’s businesses from the kept counts, as RFQs come, change kind, move and go', async () => {
    const p = await bidder();
    const total = async (body: { status?: 'OPEN' | 'UPCOMING' | 'CLOSED'; kind?: 'RFQ' | 'AUCTION' } = {}) =>
      (await ok<{ total: number }>(callApi(app, api.auctions.rfqList, { headers: p.auth, body: { size: 1, ...body } }))).total;
    // A status is counted from the rows: the three together are every RFQ, as the rows say.
    const counted = async (kind?: 'RFQ' | 'AUCTION') =>
      (await total({ status: 'OPEN', ...(kind ? { kind } : {}) })) +
      (await total({ status: 'UPCOMING', ...(kind ? { kind } : {}) })) +
      (await total({ status: 'CLOSED', ...(kind ? { kind } : {}) }));
    const before = { all: await total(), auctions: await total({ kind: 'AUCTION' }) };
    expect(before.all).toBe(await counted());

    const auction = await rfq({ kind: 'AUCTION', closesIn: 70 * DAY });
    const closed = await rfq({ closesIn: -DAY, opensIn: -5 * DAY });
    await rfq({ closesIn: DAY, businessCode: 'SUB', categoryCode: 'SUB-CIV' });
    expect(await total()).toBe(before.all + 2);
    expect(await total({ kind: 'AUCTION' })).toBe(before.auctions + 1);

    await db.rfq.update({ where: { id: closed.id }, data: { kind: 'AUCTION', startPrice: 1_000, minDecrement: 10 } });
    expect(await total({ kind: 'AUCTION' })).toBe(before.auctions + 2);
    await db.rfq.update({ where: { id: auction.id }, data: { businessCode: 'SUB', categoryCode: 'SUB-CIV' } });
    expect(await total()).toBe(before.all + 1);
    await db.rfq.delete({ where: { id: closed.id } });
    expect(await total()).toBe(before.all);
    expect(await total({ kind: 'AUCTION' })).toBe(before.auctions);
    expect(await total()).toBe(await counted());
    expect(await total({ kind: 'RFQ' })).toBe(await counted('RFQ'));
  });

  it('pages by cursor without repeating a row', async () => {
    for (let i = 0; i < 5; i += 1) await rfq({ closesIn: (20 + i) * DAY, title: `Paging lot ${i}` });
    const p = await bidder();
    const body = { size: 2, searchTerm: 'paging lot', status: 'OPEN' as const };
    const first = await ok<{ items: RfqItem[]; nextCursor: string | null; total: number }>(
      callApi(app, api.auctions.rfqList, { headers: p.auth, body }),
    );
    const second = await ok<{ items: RfqItem[]; nextCursor: string | null }>(
      callApi(app, api.auctions.rfqList, { headers: p.auth, body: { ...body, page: 2, after: first.nextCursor! } }),
    );
    expect(first.total).toBe(5);
    expect([...first.items, ...second.items].map((i) => i.title)).toEqual([
      'Paging lot 0',
      'Paging lot 1',
      'Paging lot 2',
      'Paging lot 3',
    ]);
  });

  it('merges the partner’s two businesses into one order, by cursor and by page number', async () => {
    // Closing times interleave the businesses: SUP on even days, SVC on odd ones.
    const made = [];
    for (let day = 40; day < 47; day += 1) {
      const svc = day % 2 === 1;
      made.push(
        await rfq({
          closesIn: day * DAY,
          title: `Merged lot ${day}`,
          ...(svc ? { businessCode: 'SVC', categoryCode: 'SVC-LOG' } : {}),
        }),
      );
    }
    const p = await bidder();
    const body = { size: 3, searchTerm: 'merged lot', status: 'OPEN' as const };
    const titles = made.map((r) => r.title);

    const walked: string[] = [];
    let after: string | undefined;
    for (let page = 1; page <= 3; page += 1) {
      const res = await ok<{ items: RfqItem[]; nextCursor: string | null; total: number }>(
        callApi(app, api.auctions.rfqList, { headers: p.auth, body: { ...body, page, ...(after ? { after } : {}) } }),
      );
      expect(res.total).toBe(7);
      walked.push(...res.items.map((i) => i.title));
      after = res.nextCursor ?? undefined;
    }
    expect(walked).toEqual(titles);
    expect(after).toBeUndefined();

    const second = await ok<{ items: RfqItem[] }>(
      callApi(app, api.auctions.rfqList, { headers: p.auth, body: { ...body, page: 2 } }),
    );
    expect(second.items.map((i) => i.title)).toEqual(titles.slice(3, 6));
    // Closed first: the latest closing leads.
    const closedFirst = await ok<{ items: RfqItem[] }>(
      callApi(app, api.auctions.rfqList, { headers: p.auth, body: { size: 100, searchTerm: 'merged lot' } }),
    );
    expect(closedFirst.items.map((i) => i.title)).toEqual([...titles].reverse());
  });

  it('finds by the RFQ number from its start, and by words of the title', async () => {
    const cable = await rfq({ closesIn: 60 * DAY, title: 'Numbered cable drums' });
    const other = await rfq({ closesIn: 61 * DAY, title: 'Numbered pipe lot', businessCode: 'SVC', categoryCode: 'SVC-LOG' });
    const p = await bidder();
    const search = async (searchTerm: string) =>
      (
        await ok<{ items: RfqItem[] }>(
          callApi(app, api.auctions.rfqList, { headers: p.auth, body: { size: 100, searchTerm, status: 'OPEN' } }),
        )
      ).items.map((i) => i.rfqNumber);

    expect(await search(cable.rfqNumber.toLowerCase())).toEqual([cable.rfqNumber]);
    expect(await search('numbered')).toEqual([cable.rfqNumber, other.rfqNumber]);
    expect(await search('CABLE DRUMS')).toEqual([cable.rfqNumber]);
    // A start of every number ("rf", "RFQ-") matches every RFQ, as the number's start does.
    const open = await search('rf');
    expect(open).toEqual(expect.arrayContaining([cable.rfqNumber, other.rfqNumber]));
    expect(await search('RFQ-')).toEqual(open);
    expect(await search('RFQ-9-')).toEqual([]);
  });

  it('refuses bad input naming the field, no token, and staff', async () => {
    const p = await bidder();
    for (const [body, field] of [
      [{ size: 500 }, 'size'],
      [{ status: 'LIVE' }, 'status'],
      [{ page: 0 }, 'page'],
      [{ after: 'not a cursor!' }, 'after'],
      [{ extra: 1 }, ''],
    ] as const) {
      const res = await callApi(app, api.auctions.rfqList, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toContain(field);
    }
    // Cursors this list cannot have answered: not JSON, an id past PostgreSQL's int, times outside its range.
    const cursorOf = (key: string) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const after of [
      'Zm9v',
      cursorOf('2026-11-25T10:00:00.000Z|99999999999'),
      cursorOf('+275760-09-13T00:00:00.000Z|1'),
      cursorOf('0000-01-01T00:00:00.000Z|1'),
    ]) {
      const forged = await callApi(app, api.auctions.rfqList, { headers: p.auth, body: { after } });
      expect(forged.statusCode, after).toBe(400);
      expect(forged.error().failureMessage).toMatch(/^after: /);
    }
    expect((await callApi(app, api.auctions.rfqList, { body: {} })).statusCode).toBe(401);
    const staff = await createStaffUser(db, 'BUYER');
    const staffAuth = (await signIn(app, staff.username)).auth;
    expect((await callApi(app, api.auctions.rfqList, { headers: staffAuth, body: {} })).statusCode).toBe(403);
  });
});

describe('GET /api/eip/partner/detail and POST /api/eip/partner/bid', () => {
  it('a sealed RFQ takes bids and revisions until it closes, shows the partner only its own, and none after', async () => {
    const r = await rfq({ closesIn: 2 * MINUTE });
    const a = await bidder();
    const b = await bidder();
    await ok(callApi(app, api.auctions.placeBid, { headers: a.auth, body: { rfqNumber: r.rfqNumber, amount: 800_000 } }));
    await ok(callApi(app, api.auctions.placeBid, { headers: b.auth, body: { rfqNumber: r.rfqNumber, amount: 700_000 } }));
    // A sealed RFQ takes a higher revision too: the partner may correct its price.
    const revised = await ok<RfqDetail>(
      callApi(app, api.auctions.placeBid, {
        headers: a.auth,
        body: { rfqNumber: r.rfqNumber, amount: 850_000.5, remarks: 'Includes freight to site' },
      }),
    );
    expect(revised.myBid).toBe(850_000.5);
    expect(revised.lowestBid).toBeNull();
    expect(revised.myRank).toBeNull();
    expect(revised.myBids.map((x) => [x.amount, x.remarks])).toEqual([
      [850_000.5, 'Includes freight to site'],
      [800_000, null],
    ]);

    clock.advance(3 * MINUTE);
    const late = await callApi(app, api.auctions.placeBid, { headers: a.auth, body: { rfqNumber: r.rfqNumber, amount: 1 } });
    expect(late.statusCode).toBe(409);
    expect(late.error().failureMessage).toBe(`Bidding closed at ${r.closingAt.toISOString()}; bids are no longer taken.`);
    const after = await ok<RfqDetail>(
      callApi(app, api.auctions.rfqDetail, { headers: a.auth, query: { rfqNumber: r.rfqNumber } }),
    );
    expect(after.status).toBe('CLOSED');
    expect(after.myBids).toHaveLength(2);
    expect(await db.rfqBid.count({ where: { rfqId: r.id } })).toBe(3);
  });

  it('refuses a bid before the RFQ opens', async () => {
    const r = await rfq({ opensIn: DAY, closesIn: 2 * DAY });
    const p = await bidder();
    const res = await callApi(app, api.auctions.placeBid, { headers: p.auth, body: { rfqNumber: r.rfqNumber, amount: 10 } });
    expect(res.statusCode).toBe(409);
    expect(res.error().failureMessage).toBe(`Bidding has not opened yet: it opens at ${r.openingAt.toISOString()}.`);
  });

  it('a reverse auction: each bid beats the lowest by the decrement; the lowest and each partner’s rank are shown', async () => {
    const r = await rfq({ kind: 'AUCTION', closesIn: DAY });
    const a = await bidder();
    const b = await bidder();
    const tooHigh = await callApi(app, api.auctions.placeBid, {
      headers: a.auth,
      body: { rfqNumber: r.rfqNumber, amount: 999_000 },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(tooHigh.error().failureMessage).toBe('amount: must be at most 995000.00: the opening price less the decrement');
    await ok(callApi(app, api.auctions.placeBid, { headers: a.auth, body: { rfqNumber: r.rfqNumber, amount: 990_000 } }));
    const bView = await ok<RfqDetail>(
      callApi(app, api.auctions.placeBid, { headers: b.auth, body: { rfqNumber: r.rfqNumber, amount: 985_000 } }),
    );
    expect(bView).toMatchObject({ lowestBid: 985_000, maxBid: 980_000, bidders: 2, myRank: 1 });
    const aView = await ok<RfqDetail>(
      callApi(app, api.auctions.rfqDetail, { headers: a.auth, query: { rfqNumber: r.rfqNumber } }),
    );
    expect(aView).toMatchObject({ lowestBid: 985_000, myBid: 990_000, myRank: 2, startPrice: 1_000_000, minDecrement: 5_000 });
    const notLower = await callApi(app, api.auctions.placeBid, {
      headers: a.auth,
      body: { rfqNumber: r.rfqNumber, amount: 982_000 },
    });
    expect(notLower.error().failureMessage).toBe('amount: must be at most 980000.00: the lowest bid less the decrement');
  });

  it('two bids at once on an auction: the second is checked against the first', async () => {
    const r = await rfq({ kind: 'AUCTION', closesIn: DAY });
    const a = await bidder();
    const b = await bidder();
    const [x, y] = await Promise.all([
      callApi(app, api.auctions.placeBid, { headers: a.auth, body: { rfqNumber: r.rfqNumber, amount: 990_000 } }),
      callApi(app, api.auctions.placeBid, { headers: b.auth, body: { rfqNumber: r.rfqNumber, amount: 990_000 } }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 400]);
    expect(await db.rfqBid.count({ where: { rfqId: r.id } })).toBe(1);
  });

  it('another business’s RFQ is not found; bad input names the field; no token is refused', async () => {
    const other = await rfq({ closesIn: DAY, businessCode: 'SUB', categoryCode: 'SUB-CIV' });
    const p = await bidder();
    for (const res of [
      await callApi(app, api.auctions.rfqDetail, { headers: p.auth, query: { rfqNumber: other.rfqNumber } }),
      await callApi(app, api.auctions.placeBid, { headers: p.auth, body: { rfqNumber: other.rfqNumber, amount: 5 } }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.error().failureMessage).toBe('No such RFQ or auction is open to your business.');
    }
    expect(await db.rfqBid.count({ where: { rfqId: other.id } })).toBe(0);
    const r = await rfq({ closesIn: DAY });
    for (const [body, field] of [
      [{ rfqNumber: r.rfqNumber, amount: -5 }, 'amount'],
      [{ rfqNumber: r.rfqNumber, amount: 10.005 }, 'amount'],
      [{ rfqNumber: r.rfqNumber, amount: '100' }, 'amount'],
      [{ rfqNumber: 'X-1', amount: 100 }, 'rfqNumber'],
      [{ rfqNumber: r.rfqNumber, amount: 100, remarks: 'x'.repeat(501) }, 'remarks'],
    ] as const) {
      const res = await callApi(app, api.auctions.placeBid, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field}: `));
    }
    const badQuery = await callApi(app, api.auctions.rfqDetail, { headers: p.auth, query: { rfqNumber: 'nope' } });
    expect(badQuery.error().failureMessage).toMatch(/^rfqNumber: /);
    expect((await callApi(app, api.auctions.rfqDetail, { query: { rfqNumber: r.rfqNumber } })).statusCode).toBe(401);
    expect((await callApi(app, api.auctions.placeBid, { body: { rfqNumber: r.rfqNumber, amount: 1 } })).statusCode).toBe(401);
    expect(await db.rfqBid.count({ where: { rfqId: r.id } })).toBe(0);
  });
});
