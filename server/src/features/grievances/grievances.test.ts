import { beforeEach, describe, expect, it } from 'vitest';
import { GRIEVANCE_AGEING_DAYS, GRIEVANCE_DUE_SOON_DAYS, GRIEVANCE_OPEN_STATES, api, type GrievanceDetail } from '@pp/contract';
import { Prisma } from '@pp/db';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  okResponse as ok,
  samplePdf,
  setupFeatureTest,
  signIn,
  uploadFile,
} from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: new Date('2026-11-24T10:00:00Z') });

const DESCRIPTION = 'Invoice INV1/26-27/0001 was accepted on 2 October but nothing has been paid since.';

async function partner() {
  const user = await createPartnerUser(db);
  const order = await db.partnerOrder.create({
    data: {
      orderNumber: `45${String(user.partner.id).padStart(10, '0')}`,
      orderType: 'PO',
      partnerId: user.partner.id,
      companyCode: 1,
      categoryCode: 'SUP-STL-TMT',
      description: 'Supply of TMT bars',
      orderDate: new Date('2026-09-01T00:00:00Z'),
      amount: 1000,
      status: 'OPEN',
    },
  });
  const { auth } = await signIn(app, user.username);
  return { ...user, auth, orderNumber: order.orderNumber };
}

async function upload(headers: Record<string, string>, name: string): Promise<string> {
  const res = await uploadFile(app, { name, content: samplePdf(name) }, { headers });
  expect(res.statusCode).toBe(200);
  return res.json().response.UniqueID;
}

let staff: Record<string, string>;
// A fresh staff session per test: one test moves the clock a month on.
beforeEach(async () => {
  staff = (await signIn(app, (await createStaffUser(db, 'BUYER')).username)).auth;
});

describe('a grievance from draft to resolved and closed', () => {
  it('keeps every step with who, remarks and documents; the partner hears of staff steps', async () => {
    const p = await partner();
    const proof = await upload(p.auth, 'bank-statement.pdf');
    let grievance: GrievanceDetail = await ok(
      callApi(app, api.grievances.saveDraft, {
        headers: p.auth,
        body: {
          reasonCode: 'ORDER_DISPUTE',
          subject: 'Payment not received',
          documentNumber: p.orderNumber.toLowerCase(),
          fileIds: [proof],
        },
      }),
    );
    expect(grievance).toMatchObject({ state: 'DRAFT', companyCode: 1, documentNumber: p.orderNumber, actions: ['SUBMIT'] });
    expect(grievance.grievanceNumber).toMatch(/^GRV-1-2026-\d{6}$/);
    expect(grievance.documents.map((d) => d.fileName)).toEqual(['bank-statement.pdf']);
    const number = grievance.grievanceNumber;

    // Too short a description cannot be submitted; the draft is completed, then submitted.
    const early = await callApi(app, api.grievances.submit, { headers: p.auth, body: { grievanceNumber: number } });
    expect(early.statusCode).toBe(400);
    expect(early.error().failureMessage).toMatch(/^description: /);
    await ok(
      callApi(app, api.grievances.saveDraft, {
        headers: p.auth,
        body: {
          grievanceNumber: number,
          reasonCode: 'ORDER_DISPUTE',
          subject: 'Payment not received',
          description: DESCRIPTION,
          fileIds: [proof],
        },
      }),
    );
    grievance = await ok(callApi(app, api.grievances.submit, { headers: p.auth, body: { grievanceNumber: number } }));
    expect(grievance).toMatchObject({ state: 'SUBMITTED', actions: ['CHANGE_REASON', 'CLOSE'] });

    grievance = await ok(
      callApi(app, api.grievances.changeReason, {
        headers: p.auth,
        body: { grievanceNumber: number, reasonCode: 'PAYMENT_DELAY', remarks: 'It is about the payment' },
      }),
    );
    expect(grievance).toMatchObject({ state: 'SUBMITTED', reasonCode: 'PAYMENT_DELAY' });

    // Staff see it in the company's list, forward it, and resolve it with a document of their own.
    const list = await ok(
      callApi(app, api.grievances.openList, {
        headers: staff,
        query: { state: 'SUBMITTED', searchTerm: p.partner.partnerNumber },
      }),
    );
    expect(list.items.map((i) => i.grievanceNumber)).toEqual([number]);
    const staffView = await ok(callApi(app, api.grievances.openDetail, { headers: staff, params: { grievanceNumber: number } }));
    expect(staffView.actions).toEqual(['FORWARD', 'RESOLVE']);
    await ok(
      callApi(app, api.grievances.forward, { headers: staff, body: { grievanceNumber: number, remarks: 'To accounts payable' } }),
    );
    const advice = await upload(staff, 'payment-advice.pdf');
    clock.advance(60_000);
    grievance = await ok(
      callApi(app, api.grievances.resolve, {
        headers: staff,
        body: { grievanceNumber: number, remarks: 'Paid on 20 November.', fileIds: [advice] },
      }),
    );
    expect(grievance.state).toBe('RESOLVED');

    // Both sides read each other's documents.
    const partnerReadsAdvice = await callApi(app, api.files.download, { headers: p.auth, params: { uniqueId: advice } });
    expect(partnerReadsAdvice.statusCode).toBe(200);
    expect((await callApi(app, api.files.download, { headers: staff, params: { uniqueId: proof } })).statusCode).toBe(200);
    const stranger = await partner();
    expect((await callApi(app, api.files.download, { headers: stranger.auth, params: { uniqueId: advice } })).statusCode).toBe(
      404,
    );

    grievance = await ok(
      callApi(app, api.grievances.close, { headers: p.auth, body: { grievanceNumber: number, remarks: 'Received, thank you' } }),
    );
    expect(grievance.state).toBe('CLOSED');
    expect(grievance.history.map((h) => [h.action, h.fromState, h.toState, h.by])).toEqual([
      ['DRAFT', null, 'DRAFT', 'PARTNER'],
      ['SUBMIT', 'DRAFT', 'SUBMITTED', 'PARTNER'],
      ['CHANGE_REASON', 'SUBMITTED', 'SUBMITTED', 'PARTNER'],
      ['FORWARD', 'SUBMITTED', 'IN_REVIEW', 'STAFF'],
      ['RESOLVE', 'IN_REVIEW', 'RESOLVED', 'STAFF'],
      ['CLOSE', 'RESOLVED', 'CLOSED', 'PARTNER'],
    ]);
    expect(grievance.history[2]).toMatchObject({ previousReason: 'ORDER_DISPUTE', remarks: 'It is about the payment' });
    expect(grievance.history[4]!.documents.map((d) => d.fileName)).toEqual(['payment-advice.pdf']);
    const notices = await db.notification.findMany({ where: { partnerId: p.partner.id }, orderBy: { notificationId: 'asc' } });
    expect(notices.map((n) => n.description)).toEqual([
      `Your grievance ${number} was passed on for review: To accounts payable`,
      `Your grievance ${number} is resolved: Paid on 20 November. If this does not settle it, you may reopen it.`,
    ]);

    // Reopened within 30 days, with a reason; not after.
    grievance = await ok(
      callApi(app, api.grievances.reopen, { headers: p.auth, body: { grievanceNumber: number, remarks: 'Only half arrived' } }),
    );
    expect(grievance.state).toBe('REOPENED');
    await ok(
      callApi(app, api.grievances.resolve, { headers: staff, body: { grievanceNumber: number, remarks: 'Balance paid.' } }),
    );
    clock.advance(31 * 24 * 60 * 60_000);
    const { auth: later } = await signIn(app, p.username);
    const late = await callApi(app, api.grievances.reopen, {
      headers: later,
      body: { grievanceNumber: number, remarks: 'Again' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.error().failureMessage).toBe(
      'A grievance can be reopened within 30 days of being resolved or closed; please raise a new one.',
    );
  });
});

describe('refusals', () => {
  it('names the field of bad input and keeps what was saved', async () => {
    const p = await partner();
    const other = await partner();
    const theirs = await upload(other.auth, 'theirs.pdf');
    for (const [body, field] of [
      [{ reasonCode: 'BORED', subject: 'Something' }, 'reasonCode'],
      [{ reasonCode: 'OTHER', subject: 'Hi' }, 'subject'],
      [{ reasonCode: 'OTHER', subject: 'Something', documentNumber: other.orderNumber }, 'documentNumber'],
      [{ reasonCode: 'OTHER', subject: 'Something', fileIds: [theirs] }, 'fileIds.0'],
      [{ reasonCode: 'OTHER', subject: 'Something', fileIds: ['not-a-uuid'] }, 'fileIds.0'],
      [{ reasonCode: 'OTHER', subject: 'Something', grievanceNumber: 'GRV-1' }, 'grievanceNumber'],
      [{ reasonCode: 'OTHER', subject: 'Something', extra: 1 }, ''],
    ] as const) {
      const res = await callApi(app, api.grievances.saveDraft, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    }
    expect(await db.grievance.count({ where: { partnerId: p.partner.id } })).toBe(0);
  });

  it('refuses steps out of turn, without remarks, or by the wrong side; another partner’s grievance is not found', async () => {
    const p = await partner();
    const draft = await ok(
      callApi(app, api.grievances.saveDraft, {
        headers: p.auth,
        body: { reasonCode: 'OTHER', subject: 'Portal is slow', description: DESCRIPTION },
      }),
    );
    const number = draft.grievanceNumber;
    // Staff do not see drafts.
    expect(
      (await callApi(app, api.grievances.openDetail, { headers: staff, params: { grievanceNumber: number } })).statusCode,
    ).toBe(404);
    const closeDraft = await callApi(app, api.grievances.close, { headers: p.auth, body: { grievanceNumber: number } });
    expect(closeDraft.statusCode).toBe(409);
    await ok(callApi(app, api.grievances.submit, { headers: p.auth, body: { grievanceNumber: number } }));
    const noReason = await callApi(app, api.grievances.reopen, {
      headers: p.auth,
      body: { grievanceNumber: number, remarks: 'x' },
    });
    expect(noReason.statusCode).toBe(409);
    const silent = await callApi(app, api.grievances.resolve, {
      headers: staff,
      body: { grievanceNumber: number, remarks: ' ' },
    });
    expect(silent.statusCode).toBe(400);
    expect(silent.error().failureMessage).toMatch(/^remarks: /);
    // A partner cannot use the staff steps; staff without the permission are refused.
    expect(
      (await callApi(app, api.grievances.resolve, { headers: p.auth, body: { grievanceNumber: number, remarks: 'Done' } }))
        .statusCode,
    ).toBe(403);
    const segregator = (await signIn(app, (await createStaffUser(db, 'SEGREGATOR')).username)).auth;
    expect((await callApi(app, api.grievances.openList, { headers: segregator })).statusCode).toBe(403);
    // Editing or deleting a submitted one as a draft is refused and changes nothing.
    const edit = await callApi(app, api.grievances.saveDraft, {
      headers: p.auth,
      body: { grievanceNumber: number, reasonCode: 'OTHER', subject: 'Changed' },
    });
    expect(edit.statusCode).toBe(409);
    expect(
      (await callApi(app, api.grievances.deleteDraft, { headers: p.auth, params: { grievanceNumber: number } })).statusCode,
    ).toBe(409);
    expect((await db.grievance.findUniqueOrThrow({ where: { grievanceNumber: number } })).subject).toBe('Portal is slow');

    const other = await partner();
    expect(
      (await callApi(app, api.grievances.detail, { headers: other.auth, params: { grievanceNumber: number } })).statusCode,
    ).toBe(404);
    expect(
      (await callApi(app, api.grievances.close, { headers: other.auth, body: { grievanceNumber: number } })).statusCode,
    ).toBe(404);
    expect((await callApi(app, api.grievances.list)).statusCode).toBe(401);
  });

  it('lets only one of two staff resolve at once; the other is told where it went', async () => {
    const p = await partner();
    const draft = await ok(
      callApi(app, api.grievances.saveDraft, {
        headers: p.auth,
        body: { reasonCode: 'OTHER', subject: 'Two at once', description: DESCRIPTION },
      }),
    );
    await ok(callApi(app, api.grievances.submit, { headers: p.auth, body: { grievanceNumber: draft.grievanceNumber } }));
    const second = (await signIn(app, (await createStaffUser(db, 'APPROVER')).username)).auth;
    const results = await Promise.all([
      callApi(app, api.grievances.resolve, { headers: staff, body: { grievanceNumber: draft.grievanceNumber, remarks: 'Mine' } }),
      callApi(app, api.grievances.resolve, {
        headers: second,
        body: { grievanceNumber: draft.grievanceNumber, remarks: 'Mine too' },
      }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(
      await db.grievanceStep.count({ where: { grievance: { grievanceNumber: draft.grievanceNumber }, action: 'RESOLVE' } }),
    ).toBe(1);
  });
});

describe('lists', () => {
  it('pages the partner’s own, newest first, by state and search; a draft is deleted', async () => {
    const p = await partner();
    const numbers: string[] = [];
    for (const subject of ['First complaint', 'Second complaint', 'Third complaint'])
      numbers.push(
        (await ok(callApi(app, api.grievances.saveDraft, { headers: p.auth, body: { reasonCode: 'OTHER', subject } })))
          .grievanceNumber,
      );
    const page = await ok(callApi(app, api.grievances.list, { headers: p.auth, query: { pageSize: 2 } }));
    expect(page.total).toBe(3);
    expect(page.items.map((i) => i.subject)).toEqual(['Third complaint', 'Second complaint']);
    const rest = await ok(
      callApi(app, api.grievances.list, { headers: p.auth, query: { pageSize: 2, after: page.nextCursor! } }),
    );
    expect(rest.items.map((i) => i.subject)).toEqual(['First complaint']);
    expect(
      (await ok(callApi(app, api.grievances.list, { headers: p.auth, query: { searchTerm: 'second' } }))).items,
    ).toHaveLength(1);
    await ok(callApi(app, api.grievances.deleteDraft, { headers: p.auth, params: { grievanceNumber: numbers[0]! } }));
    expect((await ok(callApi(app, api.grievances.list, { headers: p.auth, query: { state: 'DRAFT' } }))).total).toBe(2);
    const bad = await callApi(app, api.grievances.list, { headers: p.auth, query: { state: 'LOST' } });
    expect(bad.error().failureMessage).toMatch(/^state: /);
  });
});

describe('the staff dashboards', () => {
  const DAY = 86_400_000;
  /** A submitted grievance of a new partner (abroad when `countryCode` is given). */
  async function submitted(reasonCode: 'PAYMENT_DELAY' | 'PORTAL_ISSUE' | 'ORDER_DISPUTE', countryCode?: number) {
    const p = await partner();
    if (countryCode) await db.partner.update({ where: { id: p.partner.id }, data: { countryCode } });
    const draft = await ok(
      callApi(app, api.grievances.saveDraft, {
        headers: p.auth,
        body: { reasonCode, subject: 'Dashboard case', description: DESCRIPTION },
      }),
    );
    await ok(callApi(app, api.grievances.submit, { headers: p.auth, body: { grievanceNumber: draft.grievanceNumber } }));
    return { ...p, number: draft.grievanceNumber };
  }
  const metrics = async (headers: Record<string, string>, query: Record<string, string | number> = {}) =>
    ok(callApi(app, api.grievances.metrics, { headers, query }));
  /** The dashboard's open grievances, by age and deadline at the clock's time, against their rows. */
  const openAgree = async (
    headers: Record<string, string>,
    query: { scope?: 'domestic' | 'international'; companyCode?: number },
  ) => {
    const now = clock.now().getTime();
    const m = await metrics(headers, query);
    const rows = await db.grievance.findMany({
      where: {
        state: { in: [...GRIEVANCE_OPEN_STATES] },
        ...(query.scope ? { international: query.scope === 'international' } : {}),
        ...(query.companyCode === undefined ? {} : { companyCode: query.companyCode }),
      },
      select: { submittedAt: true, dueAt: true },
    });
    const counted = { open: rows.length, overdue: 0, dueSoon: 0, ageing: GRIEVANCE_AGEING_DAYS.map(() => 0).concat(0) };
    for (const { submittedAt, dueAt } of rows) {
      const bucket = GRIEVANCE_AGEING_DAYS.findIndex((days) => submittedAt !== null && submittedAt.getTime() >= now - days * DAY);
      counted.ageing[bucket === -1 ? GRIEVANCE_AGEING_DAYS.length : bucket]! += 1;
      if (dueAt && dueAt.getTime() < now) counted.overdue += 1;
      else if (dueAt && dueAt.getTime() < now + GRIEVANCE_DUE_SOON_DAYS * DAY) counted.dueSoon += 1;
    }
    expect(
      { open: m.open, overdue: m.overdue, dueSoon: m.dueSoon, ageing: m.ageing.map((a) => a.open) },
      JSON.stringify(query),
    ).toEqual(counted);
  };

  it('counts against deadlines by reason, moves them with reason changes and reopenings, and separates the world from India', async () => {
    const abroad = (await db.country.findFirstOrThrow({ where: { countryCode: { not: 100 } } })).countryCode;
    const before = {
      domestic: await metrics(staff, { scope: 'domestic' }),
      world: await metrics(staff, { scope: 'international' }),
    };
    const start = clock.now();
    const late = await submitted('PAYMENT_DELAY');
    const quick = await submitted('PORTAL_ISSUE');
    const foreign = await submitted('ORDER_DISPUTE', abroad);

    const detail = async (number: string, headers = staff) =>
      ok(callApi(app, api.grievances.openDetail, { headers, params: { grievanceNumber: number } }));
    expect((await detail(late.number)).dueAt).toBe(new Date(start.getTime() + 7 * DAY).toISOString());
    expect((await detail(quick.number)).dueAt).toBe(new Date(start.getTime() + 3 * DAY).toISOString());
    // A reason change moves the deadline by the two reasons' difference: 3 days → 15.
    await ok(
      callApi(app, api.grievances.changeReason, {
        headers: quick.auth,
        body: { grievanceNumber: quick.number, reasonCode: 'ORDER_DISPUTE', remarks: 'About the order after all' },
      }),
    );
    expect((await detail(quick.number)).dueAt).toBe(new Date(start.getTime() + 15 * DAY).toISOString());

    // Eight days on, the payment delay is overdue, the order dispute is not.
    clock.advance(8 * DAY);
    const later = (await signIn(app, (await createStaffUser(db, 'APPROVER')).username)).auth;
    const overdue = await ok(
      callApi(app, api.grievances.openList, { headers: later, query: { scope: 'domestic', deadline: 'overdue', pageSize: 100 } }),
    );
    expect(overdue.items.map((i) => i.grievanceNumber)).toContain(late.number);
    expect(overdue.items.map((i) => i.grievanceNumber)).not.toContain(quick.number);
    expect(overdue.items.every((i) => i.overdue)).toBe(true);
    const world = await ok(
      callApi(app, api.grievances.openList, { headers: later, query: { scope: 'international', pageSize: 100 } }),
    );
    expect(world.items.map((i) => i.grievanceNumber)).toContain(foreign.number);
    expect(world.items.map((i) => i.grievanceNumber)).not.toContain(late.number);

    const domestic = await metrics(later, { scope: 'domestic' });
    expect(domestic.open - before.domestic.open).toBe(2);
    expect(domestic.byState.SUBMITTED - before.domestic.byState.SUBMITTED).toBe(2);
    expect(domestic.overdue - before.domestic.overdue).toBeGreaterThanOrEqual(1);
    const reason = (m: typeof domestic, code: string) => m.reasons.find((r) => r.reasonCode === code)!;
    expect(reason(domestic, 'PAYMENT_DELAY').overdue - reason(before.domestic, 'PAYMENT_DELAY').overdue).toBe(1);
    expect(reason(domestic, 'ORDER_DISPUTE').open - reason(before.domestic, 'ORDER_DISPUTE').open).toBe(1);
    // Both are 8 days old: the second ageing bucket (8–15 days), where older ones may have moved too.
    expect(domestic.ageing.map((a) => a.upToDays)).toEqual([7, 15, 30, null]);
    const aged = (m: typeof domestic) => m.ageing.reduce((sum, a) => sum + a.open, 0);
    expect(aged(domestic) - aged(before.domestic)).toBe(2);
    expect(domestic.ageing[1]!.open - before.domestic.ageing[1]!.open).toBeGreaterThanOrEqual(2);
    expect(domestic.companies.find((c) => c.companyCode === 1)).toMatchObject({ companyName: expect.any(String) });
    const worldMetrics = await metrics(later, { scope: 'international' });
    expect(worldMetrics.open - before.world.open).toBe(1);

    // Resolved late: counted as settled late, the answer's days averaged; reopened: a new deadline.
    await ok(
      callApi(app, api.grievances.resolve, { headers: later, body: { grievanceNumber: late.number, remarks: 'Paid today.' } }),
    );
    const resolved = await detail(late.number, later);
    expect(resolved).toMatchObject({ overdue: false, answeredAt: clock.now().toISOString() });
    const after = await metrics(later, { scope: 'domestic' });
    expect(after.settledLate - before.domestic.settledLate).toBe(1);
    expect(reason(after, 'PAYMENT_DELAY').averageDaysToSettle).not.toBeNull();
    expect(after.trend).toHaveLength(12);
    expect(after.trend.at(-1)!.settled).toBeGreaterThanOrEqual(1);
    const { auth: partnerLater } = await signIn(app, late.username);
    await ok(
      callApi(app, api.grievances.reopen, {
        headers: partnerLater,
        body: { grievanceNumber: late.number, remarks: 'Short by half' },
      }),
    );
    expect(await detail(late.number, later)).toMatchObject({
      state: 'REOPENED',
      answeredAt: null,
      dueAt: new Date(clock.now().getTime() + 7 * DAY).toISOString(),
    });
  });

  it('counts the open ones of an hour a threshold falls in from their rows, of the other hours from the kept counts', async () => {
    const HOUR = 3_600_000;
    const MINUTE = 60_000;
    // Half past the hour: a minute either side of a threshold is the same hour.
    clock.advance((30 * MINUTE - (clock.now().getTime() % HOUR) + HOUR) % HOUR);
    const approver = (await createStaffUser(db, 'APPROVER')).username;
    // Signed in again after the clock moves: a session lapses after 20 idle minutes.
    const signedIn = async () => (await signIn(app, approver)).auth;
    const staffNow = await signedIn();
    const now = clock.now().getTime();
    const at = (ms: number) => new Date(now + ms);
    const soon = GRIEVANCE_DUE_SOON_DAYS * DAY;
    const placed = [
      { submittedAt: at(-7 * DAY - MINUTE), dueAt: at(5 * DAY) },
      { submittedAt: at(-7 * DAY + MINUTE), dueAt: at(5 * DAY) },
      { submittedAt: at(-30 * DAY - MINUTE), dueAt: at(-MINUTE) },
      { submittedAt: at(-30 * DAY + MINUTE), dueAt: at(MINUTE) },
      { submittedAt: at(-15 * DAY + MINUTE), dueAt: at(soon - MINUTE) },
      { submittedAt: at(-15 * DAY - MINUTE), dueAt: at(soon + MINUTE) },
      // Neither time known (no path of the portal leaves them so): the oldest, never overdue.
      { submittedAt: null, dueAt: null },
    ];
    const before = await metrics(staffNow, { scope: 'domestic' });
    for (const times of placed) {
      const { number } = await submitted('PAYMENT_DELAY');
      await db.grievance.update({ where: { grievanceNumber: number }, data: times });
    }
    const domestic = await metrics(staffNow, { scope: 'domestic' });
    // One of each pair on either side: every age bucket and deadline count moved by what was placed in it.
    expect(domestic.ageing.map((a, i) => a.open - before.ageing[i]!.open)).toEqual([1, 2, 2, 2]);
    expect([domestic.open - before.open, domestic.overdue - before.overdue, domestic.dueSoon - before.dueSoon]).toEqual([
      7, 1, 2,
    ]);
    for (const query of [{}, { scope: 'domestic' }, { scope: 'international' }, { companyCode: 1 }] as const)
      await openAgree(staffNow, query);
    // Twenty minutes on, the thresholds are in the same hours, and the minute-old ones have crossed them.
    clock.advance(20 * MINUTE);
    await openAgree(await signedIn(), { scope: 'domestic' });
    // Forty more, the next hours: the rows read before are kept counts now.
    clock.advance(40 * MINUTE);
    await openAgree(await signedIn(), { scope: 'domestic' });
  });

  it('filters by company, reason and state; refuses the wrong caller and names the bad filter', async () => {
    const one = await submitted('PAYMENT_DELAY');
    const list = await ok(
      callApi(app, api.grievances.openList, {
        headers: staff,
        query: { companyCode: 1, reasonCode: 'PAYMENT_DELAY', state: 'SUBMITTED', searchTerm: one.partner.partnerNumber },
      }),
    );
    expect(list.items.map((i) => i.grievanceNumber)).toEqual([one.number]);
    expect(
      (
        await ok(
          callApi(app, api.grievances.openList, {
            headers: staff,
            query: { companyCode: 8, searchTerm: one.partner.partnerNumber },
          }),
        )
      ).total,
    ).toBe(0);
    expect((await metrics(staff, { companyCode: 8 })).open).toBe(0);

    const segregator = (await signIn(app, (await createStaffUser(db, 'SEGREGATOR')).username)).auth;
    expect((await callApi(app, api.grievances.metrics, { headers: segregator })).statusCode).toBe(403);
    expect((await callApi(app, api.grievances.metrics, { headers: one.auth })).statusCode).toBe(403);
    expect((await callApi(app, api.grievances.metrics)).statusCode).toBe(401);
    const reports = (await signIn(app, (await createStaffUser(db, 'REPORTS')).username)).auth;
    expect((await callApi(app, api.grievances.metrics, { headers: reports })).statusCode).toBe(200);
    for (const [endpoint, query, field] of [
      [api.grievances.metrics, { scope: 'mars' }, 'scope'],
      [api.grievances.metrics, { companyCode: 'one' }, 'companyCode'],
      [api.grievances.metrics, { when: 'now' }, ''],
      [api.grievances.openList, { deadline: 'yesterday' }, 'deadline'],
      [api.grievances.openList, { reasonCode: 'BORED' }, 'reasonCode'],
      [api.grievances.openList, { scope: 'domestic', pageSize: 1000 }, 'pageSize'],
    ] as const) {
      const res = await callApi(app, endpoint, { headers: staff, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field}`));
    }
  });
  it('totals the list before a search from counts kept as grievances are raised, moved and removed', async () => {
    const filters = [
      {},
      { scope: 'domestic' },
      { scope: 'international' },
      { companyCode: 1 },
      { state: 'SUBMITTED' },
      { state: 'DRAFT' },
      { reasonCode: 'ORDER_DISPUTE', scope: 'domestic' },
      { companyCode: 1, reasonCode: 'PAYMENT_DELAY', state: 'RESOLVED' },
    ] as const;
    // What counting the rows answers, filter by filter.
    const counted = (f: (typeof filters)[number]) =>
      db.grievance.count({
        where: {
          state: 'state' in f ? f.state : { not: 'DRAFT' },
          ...('scope' in f ? { international: f.scope === 'international' } : {}),
          ...('companyCode' in f ? { companyCode: f.companyCode } : {}),
          ...('reasonCode' in f ? { reasonCode: f.reasonCode } : {}),
        },
      });
    // And the dashboards' kept counts: states, settled (late) and the months, against the rows.
    const metricsAgree = async (query: { scope?: 'domestic' | 'international'; companyCode?: number }) => {
      const m = await metrics(staff, query);
      const where = Prisma.sql`state <> 'DRAFT'
        ${query.scope ? Prisma.sql`AND international = ${query.scope === 'international'}` : Prisma.empty}
        ${query.companyCode ? Prisma.sql`AND "companyCode" = ${query.companyCode}` : Prisma.empty}`;
      const [rows] = await db.$queryRaw<
        { states: Record<string, number>; settled: number; late: number; months: Record<string, number> }[]
      >`
        SELECT (SELECT coalesce(json_object_agg(state, n), '{}') FROM (SELECT state, count(*)::int AS n FROM "Grievance" WHERE ${where} GROUP BY 1) s) AS states,
               (SELECT count(*)::int FROM "Grievance" WHERE ${where} AND state IN ('RESOLVED', 'CLOSED')) AS settled,
               (SELECT count(*)::int FROM "Grievance" WHERE ${where} AND state IN ('RESOLVED', 'CLOSED') AND "answeredAt" > "dueAt") AS late,
               (SELECT coalesce(json_object_agg(month, n), '{}') FROM (
                  SELECT 'S' || to_char("submittedAt", 'YYYY-MM') AS month, count(*)::int AS n FROM "Grievance" WHERE ${where} AND "submittedAt" IS NOT NULL GROUP BY 1
                  UNION ALL
                  SELECT 'A' || to_char("answeredAt", 'YYYY-MM'), count(*)::int FROM "Grievance" WHERE ${where} AND "answeredAt" IS NOT NULL GROUP BY 1) t) AS months`;
      expect(Object.fromEntries(Object.entries(m.byState).filter(([, n]) => n > 0))).toEqual(rows!.states);
      expect([m.settled, m.settledLate]).toEqual([rows!.settled, rows!.late]);
      for (const t of m.trend) {
        expect([t.submitted, t.settled], t.month).toEqual([rows!.months[`S${t.month}`] ?? 0, rows!.months[`A${t.month}`] ?? 0]);
      }
    };
    const totalsAgree = async () => {
      for (const query of filters) {
        const { total } = await ok(callApi(app, api.grievances.openList, { headers: staff, query }));
        expect(total, JSON.stringify(query)).toBe(await counted(query));
      }
      for (const query of [{}, { scope: 'domestic' }, { scope: 'international', companyCode: 1 }] as const) {
        await metricsAgree(query);
        await openAgree(staff, query);
      }
    };
    const abroad = (await db.country.findFirstOrThrow({ where: { countryCode: { not: 100 } } })).countryCode;
    const paid = await submitted('PAYMENT_DELAY');
    const moved = await submitted('PORTAL_ISSUE', abroad);
    const before = await ok(callApi(app, api.grievances.openList, { headers: staff, query: { state: 'SUBMITTED' } }));
    await totalsAgree();
    await ok(
      callApi(app, api.grievances.changeReason, {
        headers: moved.auth,
        body: { grievanceNumber: moved.number, reasonCode: 'ORDER_DISPUTE', remarks: 'About the order after all' },
      }),
    );
    await ok(
      callApi(app, api.grievances.resolve, { headers: staff, body: { grievanceNumber: paid.number, remarks: 'Paid today.' } }),
    );
    await totalsAgree();
    expect((await ok(callApi(app, api.grievances.openList, { headers: staff, query: { state: 'SUBMITTED' } }))).total).toBe(
      before.total - 1,
    );
    // A draft is not in the list; removing it and a partner (with its grievances) count out.
    const drafting = await partner();
    const draft = await ok(
      callApi(app, api.grievances.saveDraft, {
        headers: drafting.auth,
        body: { reasonCode: 'PORTAL_ISSUE', subject: 'Not sent yet', description: DESCRIPTION },
      }),
    );
    await totalsAgree();
    await ok(
      callApi(app, api.grievances.deleteDraft, { headers: drafting.auth, params: { grievanceNumber: draft.grievanceNumber } }),
    );
    await db.partner.delete({ where: { id: paid.partner.id } });
    await totalsAgree();
  });
});
