import { describe, expect, it } from 'vitest';
import { MESSAGES, TEXTS, api, encryptId, say, type Notification } from '@pp/contract';
import { noticeTo } from '../../lib/notices.ts';
import { callApi, createPartnerUser, createStaffUser, setupFeatureTest, signIn } from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: new Date('2026-11-24T10:00:00Z') });

async function signedInPartner() {
  const user = await createPartnerUser(db);
  const { auth, auditNumber } = await signIn(app, user.username);
  return { ...user, auth, auditNumber };
}

const list = async (headers: Record<string, string>, query: Record<string, string | number> = {}) => {
  const res = await callApi(app, api.notification.list, { headers, query });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json().response;
};

describe('GET /api/notification/list and POST /api/notification/status/{id}', () => {
  it('lists a partner’s own, newest first, and marks one read (D → R), refreshing the count', async () => {
    const { auth, partner } = await signedInPartner();
    const other = await createPartnerUser(db);
    await db.notification.createMany({
      data: [
        { partnerId: partner.id, description: '<b>First</b>' },
        { partnerId: partner.id, description: 'Second' },
        { partnerId: other.partner.id, description: 'Not yours' },
      ],
    });
    const page = await list(auth);
    expect(page.unreadCount).toBe(2);
    expect(page.total).toBe(2);
    expect(page.items.map((n: Notification) => n.description)).toEqual(['Second', '<b>First</b>']);
    expect(page.items[0]).toMatchObject({ kind: 'ALERT', reminder: null, notificationStatus: 'D' });
    const id = page.items[0]!.notificationId;
    const marked = await callApi(app, api.notification.markRead, { params: { notificationId: id }, headers: auth });
    expect(marked.json().response).toMatchObject({ notificationId: id, notificationStatus: 'R' });
    expect((await list(auth)).unreadCount).toBe(1);
    const row = await db.notification.findUniqueOrThrow({ where: { notificationId: id } });
    expect(row.readAt).toEqual(clock.now());

    const othersId = (await db.notification.findFirstOrThrow({ where: { partnerId: other.partner.id } })).notificationId;
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await callApi(app, api.notification.markRead, { params: { notificationId: bad }, headers: auth });
      expect(res.statusCode).toBe(400);
      expect(res.json().failureMessage).toMatch(/^notificationId: /);
    }
    const foreign = await callApi(app, api.notification.markRead, { params: { notificationId: othersId }, headers: auth });
    expect(foreign.statusCode).toBe(404);
    expect((await db.notification.findUniqueOrThrow({ where: { notificationId: othersId } })).notificationStatus).toBe('D');
  });

  it('pages with the cursor it answers and filters by kind; bad paging names the field', async () => {
    const { auth, partner } = await signedInPartner();
    await db.notification.createMany({
      data: Array.from({ length: 5 }, (_, i) => ({
        partnerId: partner.id,
        description: `n${i}`,
        kind: i % 2 ? 'REMINDER' : 'ALERT',
      })),
    });
    const first = await list(auth, { pageSize: 2 });
    expect(first.items.map((n: Notification) => n.description)).toEqual(['n4', 'n3']);
    const second = await list(auth, { pageSize: 2, after: first.nextCursor! });
    expect(second.items.map((n: Notification) => n.description)).toEqual(['n2', 'n1']);
    const last = await list(auth, { pageSize: 2, after: second.nextCursor! });
    expect(last.items.map((n: Notification) => n.description)).toEqual(['n0']);
    expect(last.nextCursor).toBeNull();
    const reminders = await list(auth, { kind: 'REMINDER' });
    expect(reminders.items.map((n: Notification) => n.description)).toEqual(['n3', 'n1']);
    expect(reminders.total).toBe(2);
    expect(reminders.unreadCount).toBe(5);

    for (const [query, field] of [
      [{ pageSize: 0 }, 'pageSize'],
      [{ kind: 'SPAM' }, 'kind'],
      [{ after: 'not a cursor!' }, 'after'],
      [{ after: 'bm90IGpzb24' }, 'after'],
      // JSON, but not an id this list answered: a text, a fraction, past the ids' range.
      [{ after: Buffer.from('"12"').toString('base64url') }, 'after'],
      [{ after: Buffer.from('1.5').toString('base64url') }, 'after'],
      [{ after: Buffer.from('99999999999').toString('base64url') }, 'after'],
    ] as const) {
      const res = await callApi(app, api.notification.list, { headers: auth, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().failureMessage).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('refuses a caller without a token, and staff', async () => {
    expect((await callApi(app, api.notification.list)).statusCode).toBe(401);
    expect((await callApi(app, api.notification.markRead, { params: { notificationId: 1 } })).statusCode).toBe(401);
    const staff = await signIn(app, (await createStaffUser(db, 'BUYER')).username);
    const refused = await callApi(app, api.notification.list, { headers: staff.auth });
    expect(refused.statusCode).toBe(403);
    expect(refused.error().errorCode).toBe(403);
  });
});

describe('reminders of expiring documents', () => {
  /** A submitted profile of the partner with a certificate answer and statutory expiry dates. */
  async function submittedProfile(
    partnerId: number,
    dates: { certificate?: string; shop?: string; factory?: string },
    submitted = true,
  ) {
    const profile = await db.onboardingProfile.create({
      data: {
        partnerId,
        companyCode: 1,
        categoryCode: 'SUP',
        status: submitted ? 'View' : 'Edit',
        submittedAt: submitted ? clock.now() : null,
      },
    });
    if (dates.certificate)
      await db.onboardingAnswer.create({
        data: { profileId: profile.id, questionId: 701, value: 'Yes', expiryDate: new Date(`${dates.certificate}T00:00:00Z`) },
      });
    await db.onboardingPart.create({
      data: {
        profileId: profile.id,
        partName: 'statutory',
        data: { shopEstablishmentExpiry: dates.shop ?? '', factoryLicenceExpiry: dates.factory ?? '' },
      },
    });
    return profile;
  }

  it('makes one reminder per document expiring within 30 days (or expired), once, unread, in the bell’s count', async () => {
    const { auth, partner, username } = await signedInPartner();
    const question = await db.onboardingQuestion.findUniqueOrThrow({ where: { questionId: 701 } });
    // 2026-11-24 + 30 days = 2026-12-24: the certificate and the shop certificate are due, the licence is not yet.
    const profile = await submittedProfile(partner.id, { certificate: '2026-12-24', shop: '2026-11-01', factory: '2026-12-25' });

    const page = await list(auth, { kind: 'REMINDER' });
    expect(page.unreadCount).toBe(2);
    const reminders = page.items.map((n: Notification) => n.reminder);
    expect(reminders).toEqual(
      expect.arrayContaining([
        { expiryDate: '2026-12-24', daysLeft: 30, questionText: question.text, companyCode: 1 },
        { expiryDate: '2026-11-01', daysLeft: -23, statutoryDocument: 'shopEstablishment', companyCode: 1 },
      ]),
    );
    const descriptions = page.items.map((n: Notification) => n.description).join(' ');
    expect(descriptions).toContain('expires on 2026-12-24');
    // First seen already past its date: one reminder, that it expired.
    expect(descriptions).toContain('expired on 2026-11-01');

    // Read again: nothing new. A day later the licence's turn comes.
    expect((await list(auth)).total).toBe(2);
    clock.advance(24 * 60 * 60_000);
    const { auth: nextDay } = await signIn(app, username);
    const later = await list(nextDay, { kind: 'REMINDER' });
    expect(later.total).toBe(3);
    expect(later.items[0]!.reminder).toEqual({
      expiryDate: '2026-12-25',
      daysLeft: 30,
      statutoryDocument: 'factoryLicence',
      companyCode: 1,
    });

    // A renewed certificate (a new date far ahead) makes nothing; another profile's documents count too.
    await db.onboardingAnswer.update({
      where: { profileId_questionId: { profileId: profile.id, questionId: 701 } },
      data: { expiryDate: new Date('2029-03-31T00:00:00Z') },
    });
    expect((await list(nextDay, { kind: 'REMINDER' })).total).toBe(3);
  });

  it('makes none for a draft profile, nor for another partner’s documents', async () => {
    const { auth, partner } = await signedInPartner();
    const other = await createPartnerUser(db);
    await submittedProfile(partner.id, { shop: '2026-11-30' }, false);
    await submittedProfile(other.partner.id, { shop: '2026-11-30' });
    expect((await list(auth)).total).toBe(0);
  });
});

describe('scrolling messages', () => {
  it('answer the active messages of the asked types, in order, for the session’s own audit number', async () => {
    const { auth, auditNumber } = await signedInPartner();
    await db.portalMessage.deleteMany({ where: { messageTypeId: { in: [2, 3, 4] } } });
    await db.portalMessage.createMany({
      data: [
        { messageTypeId: 3, message: 'Partner news', sortOrder: 2 },
        { messageTypeId: 4, message: 'For everyone', sortOrder: 1 },
        { messageTypeId: 2, message: 'Onboarding only', sortOrder: 1 },
        { messageTypeId: 3, message: 'Switched off', isActive: false },
        { messageTypeId: 3, message: 'Over', validTo: new Date('2026-01-01T00:00:00Z') },
        { messageTypeId: 3, message: 'Not yet', validFrom: new Date('2027-01-01T00:00:00Z') },
      ],
    });
    const res = await callApi(app, api.notification.scrollMessages, {
      headers: auth,
      body: { listMessageTypeId: [3, 4], loginAuditNumber: encryptId(auditNumber) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response.map((m: { message: string }) => m.message)).toEqual(['For everyone', 'Partner news']);
    const one = await callApi(app, api.notification.scrollMessagesOfType, { headers: auth, params: { messageTypeId: 2 } });
    expect(one.json().response.map((m: { message: string }) => m.message)).toEqual(['Onboarding only']);
    // A message with a Hindi text is read in Hindi by a reader who asks for it; one without stays as written.
    await db.portalMessage.updateMany({ where: { message: 'Onboarding only' }, data: { messageHi: 'केवल ऑनबोर्डिंग' } });
    const inHindi = async (messageTypeId: number) =>
      (
        await callApi(app, api.notification.scrollMessagesOfType, {
          headers: { ...auth, 'accept-language': 'hi' },
          params: { messageTypeId },
        })
      )
        .json()
        .response.map((m: { message: string }) => m.message);
    expect(await inHindi(2)).toEqual(['केवल ऑनबोर्डिंग']);
    expect(await inHindi(4)).toEqual(['For everyone']);

    const other = await signedInPartner();
    for (const [body, field] of [
      [{ listMessageTypeId: [3], loginAuditNumber: encryptId(other.auditNumber) }, 'loginAuditNumber'],
      [{ listMessageTypeId: [3], loginAuditNumber: 'garbage' }, 'loginAuditNumber'],
      [{ listMessageTypeId: [], loginAuditNumber: encryptId(auditNumber) }, 'listMessageTypeId'],
      [{ listMessageTypeId: ['x'], loginAuditNumber: encryptId(auditNumber) }, 'listMessageTypeId'],
    ] as const) {
      const bad = await callApi(app, api.notification.scrollMessages, { headers: auth, body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().failureMessage).toMatch(new RegExp(`^${field}`));
    }
    expect((await callApi(app, api.notification.scrollMessagesOfType, { params: { messageTypeId: 3 } })).statusCode).toBe(401);
  });
});

describe('a notification made from a catalogue text', () => {
  it('is listed in the language the request asks for; the stored description stays English', async () => {
    const { auth, partner } = await signedInPartner();
    await db.notification.create({ data: noticeTo(partner.id, TEXTS.workflowApproved('ON-1-2026-0000042')) });
    const [hindi] = (await list({ ...auth, 'accept-language': 'hi' })).items;
    expect(hindi!.description).toBe(say(TEXTS.workflowApproved('ON-1-2026-0000042'), 'hi'));
    expect(hindi!.description).toMatch(/[\u0900-\u097F]/);
    const [english] = (await list(auth)).items;
    expect(english!.description).toBe(MESSAGES.workflowApproved('ON-1-2026-0000042'));
    const read = await callApi(app, api.notification.markRead, {
      headers: { ...auth, 'accept-language': 'hi' },
      params: { notificationId: english!.notificationId },
    });
    expect(read.json().response.description).toBe(hindi!.description);
  });
});
