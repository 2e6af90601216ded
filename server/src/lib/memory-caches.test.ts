import { describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, api, encryptId } from '@pp/contract';
import {
  buildTestApp,
  callApi,
  createPartnerUser,
  createStaffUser,
  createTestDatabase,
  eventually,
  signIn,
  withReferenceData,
  writeUnheard,
} from '@pp/testing';
import { preparedRunnerOf, preparedRunsOn, type Db, type StatementRunner } from '@pp/db';
import { ACTIVITY_FLUSH_MS } from './sessions.ts';

/**
 * Two server instances on one database, each keeping sessions in memory: what one learns (a
 * logout, a company switch, activity) the other must honour, through the change feed and the
 * flushed activity — the idle rule and the session's end hold whichever instance answers.
 */
const { db, url } = await createTestDatabase();
await withReferenceData(db);
let now = new Date('2026-11-25T10:00:00Z');
const clock = () => now;
const one = await buildTestApp(db, { now: clock });
const two = await buildTestApp(db, { now: clock });

const info = (app: typeof one, auth: Record<string, string>) => callApi(app, api.partner.info, { headers: auth });

describe('sessions kept in memory by each server', () => {
  it('answer reads without touching the session row each time', async () => {
    const { username } = await createPartnerUser(db);
    const { auth, auditNumber } = await signIn(one, username);
    const before = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(auditNumber) } });
    now = new Date(now.getTime() + 60_000);
    for (let i = 0; i < 5; i += 1) expect((await info(one, auth)).statusCode).toBe(200);
    const during = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(auditNumber) } });
    expect(during.lastActionTime).toEqual(before.lastActionTime);
    // …and write the activity for all sessions with the next flush.
    await one.sessions.flush();
    const after = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(auditNumber) } });
    expect(after.lastActionTime).toEqual(now);
    expect(ACTIVITY_FLUSH_MS).toBeLessThanOrEqual(5_000);
  });

  it('end everywhere when the user logs out on one server', async () => {
    const { username } = await createPartnerUser(db);
    const { auth, auditNumber } = await signIn(one, username);
    expect((await info(two, auth)).statusCode).toBe(200);
    const logout = await callApi(one, api.auth.logout, {
      headers: auth,
      body: {
        lastActionTime: now.toISOString(),
        loginAuditNumber: encryptId(auditNumber),
        logoutTime: now.toISOString(),
        logoutType: 'U',
      },
    });
    expect(logout.statusCode).toBe(200);
    expect((await info(one, auth)).statusCode).toBe(401);
    expect(await eventually(async () => (await info(two, auth)).statusCode === 401)).toBe(true);
  });

  it('keep to the 20-minute rule with activity another server saw', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(one, username);
    expect((await info(two, auth)).statusCode).toBe(200);
    // Active on server one only, for 15 minutes…
    now = new Date(now.getTime() + 15 * 60_000);
    expect((await info(one, auth)).statusCode).toBe(200);
    await one.sessions.flush();
    // …so 10 minutes later server two, which last saw it 25 minutes ago, still lets it in.
    now = new Date(now.getTime() + 10 * 60_000);
    expect((await info(two, auth)).statusCode).toBe(200);
    // Idle past the limit, it ends on both.
    now = new Date(now.getTime() + IDLE_TIMEOUT_MS + 1_000);
    expect((await info(one, auth)).statusCode).toBe(440);
    expect(await eventually(async () => (await info(two, auth)).statusCode === 401)).toBe(true);
  });

  it('end everywhere when the account is disabled, without the sessions being ended', async () => {
    const { username, user } = await createPartnerUser(db);
    const { auth } = await signIn(one, username);
    expect((await info(two, auth)).statusCode).toBe(200);
    await db.userAccount.update({ where: { id: user.id }, data: { status: 'DISABLED' } });
    expect(await eventually(async () => (await info(two, auth)).statusCode === 401)).toBe(true);
    expect((await info(one, auth)).statusCode).toBe(401);
  });

  it('follow a change to the session made elsewhere (a company switch)', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(one, username);
    expect((await info(two, auth)).statusCode).toBe(200);
    const row = await db.userSession.findFirstOrThrow({ where: { user: { username } } });
    expect((await two.sessions.find(row.id))!.companyCode).toBe(row.companyCode);
    await db.userSession.update({ where: { id: row.id }, data: { companyCode: 8 } });
    expect(await eventually(async () => (await two.sessions.find(row.id))!.companyCode === 8)).toBe(true);
  });
});

describe('answers kept in memory by each server', () => {
  it('partner details follow a change made through the other server or the database', async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth } = await signIn(one, username);
    const name = async (app: typeof one) => (await info(app, auth)).json().response.organizationName;
    expect(await name(two)).toBe(partner.organizationName);
    await db.partner.update({ where: { id: partner.id }, data: { organizationName: 'Renamed Industries Pvt Ltd' } });
    expect(await eventually(async () => (await name(two)) === 'Renamed Industries Pvt Ltd')).toBe(true);
    expect(await name(one)).toBe('Renamed Industries Pvt Ltd');
  });

  it('partner details stay in memory across a POST that only reads, and not across one that writes', async () => {
    const { username, partner } = await createPartnerUser(db, { onboardStatus: 'Approved' });
    const { auth } = await signIn(one, username);
    expect((await info(one, auth)).statusCode).toBe(200);
    const held = () => one.kept.get('partnerInfo').get(`${partner.id}|en`) !== undefined;
    expect(held()).toBe(true);
    // The orders page is a POST by the contract, and reads only.
    expect((await callApi(one, api.business.orderSummary, { headers: auth, body: {} })).statusCode).toBe(200);
    expect(held()).toBe(true);
    // Making a company the default writes the partner's businesses: read again at once.
    const companyCode = (await info(one, auth)).json().response.currentCompanyCode!;
    const written = await callApi(one, api.partner.defaultCompanyDetails, { headers: auth, body: { companyCode } });
    expect(written.statusCode, JSON.stringify(written.json())).toBe(200);
    expect(held()).toBe(false);
  });

  it('the orders page follows an order, an invoice, a payment and a category name the group wrote', async () => {
    const { username, partner } = await createPartnerUser(db, { onboardStatus: 'Approved' });
    const { auth } = await signIn(two, username);
    const page = async () => {
      const res = await callApi(two, api.business.orderSummary, { headers: auth, body: { page: 1, size: 20 } });
      expect(res.statusCode).toBe(200);
      return res.json().response as {
        total: number;
        items: { orderNumber: string; invoiced: number; received: number; categoryName: string }[];
      };
    };
    const companyCode = (await info(two, auth)).json().response.currentCompanyCode as number;
    const order = (orderNumber: string) =>
      db.partnerOrder.create({
        data: {
          orderNumber,
          orderType: 'PO',
          partnerId: partner.id,
          companyCode,
          categoryCode: 'SUP-STL-TMT',
          description: 'Supply of TMT bars',
          orderDate: now,
          amount: 100_000,
          status: 'OPEN',
        },
      });
    const first = await order(`45${partner.id}01`);
    expect((await page()).items.map((o) => o.orderNumber)).toEqual([first.orderNumber]);
    // Kept (once the feed has told of the order, which refuses a page read meanwhile): the same page
    // again is answered from memory.
    const held = () =>
      two.kept
        .get('businessOrderSummary')
        .keys()
        .filter((key) => key.startsWith(`${partner.id}|`)).length === 1;
    expect(
      await eventually(async () => {
        await page();
        return held();
      }),
    ).toBe(true);

    const second = await order(`45${partner.id}02`);
    expect(await eventually(async () => (await page()).total === 2)).toBe(true);
    const invoice = await db.partnerInvoice.create({
      data: {
        invoiceNumber: `INV/${second.orderNumber}`,
        partnerId: partner.id,
        orderId: second.id,
        companyCode,
        invoiceDate: now,
        dueDate: now,
        amount: 50_000,
        taxAmount: 9_000,
        status: 'ACCEPTED',
      },
    });
    const ofSecond = async () => (await page()).items.find((o) => o.orderNumber === second.orderNumber)!;
    expect(await eventually(async () => (await ofSecond()).invoiced === 59_000)).toBe(true);
    await db.partnerPayment.create({
      data: { invoiceId: invoice.id, partnerId: partner.id, companyCode, paidOn: now, amount: 59_000, reference: 'UTR1' },
    });
    expect(await eventually(async () => (await ofSecond()).received === 59_000)).toBe(true);
    const category = await db.businessCategory.findUniqueOrThrow({ where: { categoryCode: 'SUP-STL-TMT' } });
    try {
      await db.businessCategory.update({ where: { categoryCode: 'SUP-STL-TMT' }, data: { categoryName: 'TMT Bars (Fe 550D)' } });
      expect(await eventually(async () => (await ofSecond()).categoryName === 'TMT Bars (Fe 550D)')).toBe(true);
    } finally {
      await db.businessCategory.update({ where: { categoryCode: 'SUP-STL-TMT' }, data: { categoryName: category.categoryName } });
    }
  });

  it("a searched total is kept until the table it counts changes, through any server or a staff member's own write", async () => {
    const stamp = String(Date.now()).slice(-5);
    const term = `Kestrel Alloys ${stamp}`;
    let asked = 0;
    const ask = (into: Pick<Db, 'partnerQuery'> = db) =>
      into.partnerQuery.create({
        data: {
          referenceNumber: `PQ9${stamp}${(asked += 1)}`,
          source: 'SUPPORT_FORM',
          displayName: 'Asha',
          partnerEmailId: 'asha@example.com',
          message: 'x'.repeat(60),
          title: `${term} query ${asked}`,
          companyCode: 1,
        },
      });
    const staff = await createStaffUser(db, 'APPROVER');
    const onOne = (await signIn(one, staff.username)).auth;
    const onTwo = (await signIn(two, staff.username)).auth;
    const search = async (app: typeof one, auth: Record<string, string>, state?: 'OPEN') =>
      (
        await callApi(app, api.partnerQueries.list, {
          headers: auth,
          query: { encCompanyCode: encryptId(1), searchTerm: term, ...(state ? { state } : {}) },
        })
      ).json().response as { total: number; items: { referenceNumber: string }[] };
    await ask();
    await ask();
    expect((await search(one, onOne)).total).toBe(2);

    // A query written with the feed's triggers quiet, as a bulk load writes: server one keeps the
    // total it counted (its page is read each time), server two counts it for the first time.
    await writeUnheard(db, (tx) => ask(tx));
    const kept = await search(one, onOne);
    expect(kept.total).toBe(2);
    expect(kept.items).toHaveLength(3);
    expect((await search(two, onTwo)).total).toBe(3);

    // A query written as usual reaches both servers through the feed.
    await ask();
    expect(await eventually(async () => (await search(one, onOne)).total === 4)).toBe(true);
    expect(await eventually(async () => (await search(two, onTwo)).total === 4)).toBe(true);

    // A staff member's write empties the kept totals of the server that made it at once, whatever
    // they count (the feed is asynchronous): here the vendor master's, which the write leaves alone.
    expect((await search(one, onOne, 'OPEN')).total).toBe(4);
    const admin = (await signIn(one, (await createStaffUser(db, 'ADMIN')).username)).auth;
    await callApi(one, api.vendors.search, { headers: admin, query: { searchTerm: 'Test Org' } });
    expect(one.searchTotals.keys().some((key) => key.includes('"Partner"'))).toBe(true);
    const resolve = await callApi(one, api.partnerQueries.setResolved, {
      headers: onOne,
      body: { referenceNumber: kept.items[0]!.referenceNumber, remarks: 'Done.' },
    });
    expect(resolve.statusCode).toBe(200);
    expect(one.searchTotals.size).toBe(0);
    expect((await search(one, onOne, 'OPEN')).total).toBe(3);
  });

  it("the vendor master counts a new partner's name, registered on any server", async () => {
    const admin = await createStaffUser(db, 'ADMIN');
    const onOne = (await signIn(one, admin.username)).auth;
    const search = async () =>
      (await callApi(one, api.vendors.search, { headers: onOne, query: { searchTerm: 'Test Org' } })).json().response as {
        total: number;
        matchedAs: string;
      };
    const before = await search();
    expect(before.matchedAs).toBe('name');
    await createPartnerUser(db);
    expect(await eventually(async () => (await search()).total === before.total + 1)).toBe(true);
  });

  it('the workbench follows a request of its company that moved', async () => {
    const { username } = await createStaffUser(db, 'BUYER');
    const { auth } = await signIn(two, username);
    const { partner } = await createPartnerUser(db);
    const list = async () =>
      (
        await callApi(two, api.workflow.workbench, {
          headers: auth,
          query: { companyCode: 1, searchTerm: partner.partnerNumber },
        })
      ).json().response.page.items;
    expect(await list()).toEqual([]);
    await db.workflowRequest.create({
      data: {
        requestNumber: 'ONB-1-2026-999001',
        flow: 'ONBOARDING',
        state: 'BUYER_REVIEW',
        desk: 'BUYER',
        companyCode: 1,
        partnerId: partner.id,
        title: `${partner.organizationName} ${partner.partnerNumber}`,
        submittedAt: now,
      },
    });
    expect(await eventually(async () => (await list()).length === 1)).toBe(true);
    await db.workflowRequest.update({
      where: { requestNumber: 'ONB-1-2026-999001' },
      data: { state: 'APPROVAL', desk: 'APPROVER' },
    });
    expect(await eventually(async () => (await list()).length === 0)).toBe(true);
  });

  it('the workbench never keeps a page that was being read when a request of its company moved', async () => {
    // A third server whose workbench reads can be held after they read the rows, before they answer.
    let hold: Promise<void> | null = null;
    let release = () => undefined as void;
    let heldRead = () => undefined as void;
    const readHeld = new Promise<void>((resolve) => (heldRead = resolve));
    // The workbench reads through a prepared statement: its runner is held after the rows are read.
    const gated = db.$extends({}) as unknown as Db;
    const runner = preparedRunnerOf(db);
    preparedRunsOn(gated, {
      query: (async (config: Parameters<StatementRunner['query']>[0]) => {
        const rows = await runner.query(config);
        if (hold) {
          const waiting = hold;
          hold = null;
          heldRead();
          await waiting;
        }
        return rows;
      }) as StatementRunner['query'],
    });
    const three = await buildTestApp(gated, { now: clock, databaseUrl: url });
    const { partner } = await createPartnerUser(db);
    const requestNumber = 'ONB-1-2026-999002';
    await db.workflowRequest.create({
      data: {
        requestNumber,
        flow: 'ONBOARDING',
        state: 'BUYER_REVIEW',
        desk: 'BUYER',
        companyCode: 1,
        partnerId: partner.id,
        title: `${partner.organizationName} ${partner.partnerNumber}`,
        submittedAt: now,
      },
    });
    const buyer = await createStaffUser(db, 'BUYER');
    const onThree = (await signIn(three, buyer.username)).auth;
    const onOne = (await signIn(one, buyer.username)).auth;
    const list = async () =>
      (
        await callApi(three, api.workflow.workbench, {
          headers: onThree,
          query: { companyCode: 1, searchTerm: partner.partnerNumber },
        })
      ).json().response.page.items;

    // Server three reads the page (the request is at the buyer's desk) and is held before answering…
    hold = new Promise<void>((resolve) => (release = resolve));
    const reading = list();
    await readHeld;
    // …while the buyer approves the request on server one, and the change reaches server three.
    const reached = new Promise<void>((resolve) => three.changes.on('WorkflowRequest', (key) => key === '1' && resolve()));
    const approve = await callApi(one, api.workflow.approve, { headers: onOne, body: { requestNumber, state: 'BUYER_REVIEW' } });
    expect(approve.statusCode).toBe(200);
    await reached;
    release();
    expect((await reading).map((r: { requestNumber: string }) => r.requestNumber)).toEqual([requestNumber]);
    // The page read before the change is never served after it.
    expect(await list()).toEqual([]);
  });
});
