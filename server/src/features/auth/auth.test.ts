import { describe, expect, it } from 'vitest';
import {
  IDLE_TIMEOUT_MS,
  LOGOUT_TYPE_SUPERSEDED,
  MAX_LIVE_SESSIONS_PER_USER,
  MESSAGES,
  encryptId,
  type ErrorBody,
  api,
  endpointUrl,
} from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, setupFeatureTest, signIn, TEST_CLOCK_START } from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: TEST_CLOCK_START });

function logoutPayload(auditNumber: string) {
  const now = clock.now().toISOString();
  return { lastActionTime: now, loginAuditNumber: encryptId(auditNumber), logoutTime: now, logoutType: 'U' };
}

describe('POST /api/auth/signin', () => {
  it('answers a bearer token backed by a session row', async () => {
    const { username, password, user } = await createPartnerUser(db);
    const res = await callApi(app, api.auth.signin, { body: { username, password } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.failureMessage).toBeNull();
    expect(body.response).toMatchObject({
      tokenType: 'Bearer',
      userName: username,
      role: 'PARTNER',
      userStatus: 'Edit',
      currentCompanyCode: 1,
      currentCategoryCode: 'SUP',
    });
    const sessions = await db.userSession.findMany({ where: { userId: user.id } });
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.auditNumber.toString()).toBe(body.response.auditNumber);
    expect(sessions[0]!.logoutTime).toBeNull();
  });

  it('accepts the user name in any letter case', async () => {
    const { username, password } = await createPartnerUser(db);
    const res = await callApi(app, api.auth.signin, { body: { username: username.toUpperCase(), password } });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown user with the same answer, and opens no session', async () => {
    const { username, user } = await createPartnerUser(db);
    const wrong = await callApi(app, api.auth.signin, { body: { username, password: 'Wrong@1234' } });
    const unknown = await callApi(app, api.auth.signin, { body: { username: 'nobody_here', password: 'Wrong@1234' } });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ response: null, failureMessage: MESSAGES.invalidCredentials, errorCode: 400 });
    }
    expect(await db.userSession.count({ where: { userId: user.id } })).toBe(0);
  });

  it('refuses an account whose e-mail is not verified yet', async () => {
    const { username, password } = await createPartnerUser(db, { status: 'PENDING_EMAIL' });
    const res = await callApi(app, api.auth.signin, { body: { username, password } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      errorKey: 'EMAIL_NOT_VERIFIED',
      failureMessage: MESSAGES.emailNotVerified('p***@example.com'),
    });
  });

  it.each([
    [{}, 'username: This field is required; password: This field is required'],
    [{ username: 'a' }, 'password: This field is required'],
    [{ username: '', password: 'x' }, 'username: This field is required'],
    [{ username: 42, password: 'x' }, 'username: Expected string'],
    [{ username: 'a', password: 'x', extra: 1 }, 'body: Unknown field: extra'],
    [{ username: 'a'.repeat(101), password: 'x' }, 'username: Must be at most 100 characters long'],
  ])('answers 400 naming the field for %j', async (payload, message) => {
    const res = await callApi(app, api.auth.signin, { body: payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ response: null, failureMessage: message, errorCode: 400 });
  });

  it('answers 400 for a body that is not JSON, and for no body at all', async () => {
    const broken = await app.inject({
      method: 'POST',
      url: endpointUrl(api.auth.signin),
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ErrorBody>().failureMessage).toMatch(/not valid JSON/);
    const none = await callApi(app, api.auth.signin);
    expect(none.statusCode).toBe(400);
    expect(none.json().failureMessage).toBe('body: This field is required');
  });

  it('lets staff sign in with their role, and no partner details', async () => {
    const { username, password } = await createStaffUser(db, 'APPROVER');
    const res = await callApi(app, api.auth.signin, { body: { username, password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toMatchObject({
      role: 'APPROVER',
      userStatus: 'Approved',
      partnerNumber: null,
      currentCompanyCode: null,
    });
  });
});

describe('protected endpoints', () => {
  it('answer a body errorCode 401 without a token, with a malformed one and with a forged one', async () => {
    const { username } = await createPartnerUser(db);
    const { token } = await signIn(app, username);
    const forged = `${token.slice(0, -4)}AAAA`;
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer not-a-token' },
      { authorization: `Bearer ${forged}` },
      { authorization: token },
    ]) {
      const res = await callApi(app, api.partner.info, { headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ response: null, errorCode: 401 });
    }
  });

  it('answer HTTP 440 once the session idled past 20 minutes, and keep it ended', async () => {
    const { username } = await createPartnerUser(db);
    const { auth, auditNumber } = await signIn(app, username);
    clock.advance(IDLE_TIMEOUT_MS - 1000);
    expect((await callApi(app, api.partner.info, { headers: auth })).statusCode).toBe(200);
    // Activity moved the idle window: another 19 minutes are fine, then 20 minutes and a bit are not.
    clock.advance(IDLE_TIMEOUT_MS - 1000);
    expect((await callApi(app, api.partner.info, { headers: auth })).statusCode).toBe(200);
    clock.advance(IDLE_TIMEOUT_MS + 1000);
    const idle = await callApi(app, api.partner.info, { headers: auth });
    expect(idle.statusCode).toBe(440);
    expect(idle.json()).toMatchObject({ response: null, errorCode: 440, failureMessage: MESSAGES.sessionIdle });
    const session = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(auditNumber) } });
    expect(session.logoutType).toBe('I');
    expect(session.logoutTime).not.toBeNull();
    const after = await callApi(app, api.partner.info, { headers: auth });
    expect(after.statusCode).toBe(401);
  });
});

describe('POST /api/useraudit/extend-session', () => {
  it('keeps a session alive for another 20 minutes from the call, and answers until when', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    clock.advance(IDLE_TIMEOUT_MS - 60_000);
    const res = await callApi(app, api.auth.extendSession, { headers: auth });
    expect(res.statusCode).toBe(200);
    const { lastActionTime, idleExpiresAt } = res.json().response;
    expect(lastActionTime).toBe(clock.now().toISOString());
    expect(new Date(idleExpiresAt).getTime() - clock.now().getTime()).toBe(IDLE_TIMEOUT_MS);
    // Without the extension the session would have idled out by now.
    clock.advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await callApi(app, api.partner.info, { headers: auth })).statusCode).toBe(200);
    expect((await callApi(app, api.auth.extendSession, { headers: {} })).statusCode).toBe(401);
  });
});

describe('POST /api/useraudit/logout', () => {
  it('ends the session server-side: the same token stops working at once', async () => {
    const { username } = await createPartnerUser(db);
    const { auth, auditNumber } = await signIn(app, username);
    const res = await callApi(app, api.auth.logout, { body: logoutPayload(auditNumber), headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: MESSAGES.logoutDone, failureMessage: null });
    const session = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(auditNumber) } });
    expect(session.logoutType).toBe('U');
    expect(session.logoutTime).not.toBeNull();
    const reuse = await callApi(app, api.partner.info, { headers: auth });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.error().errorCode).toBe(401);
  });

  it("records the server's time in the audit row, whatever the browser's clock says", async () => {
    const { username } = await createPartnerUser(db);
    const { auth, auditNumber } = await signIn(app, username);
    const wrongClock = { ...logoutPayload(auditNumber), lastActionTime: '1970-01-01T00:00:00.000Z' };
    expect((await callApi(app, api.auth.logout, { body: wrongClock, headers: auth })).statusCode).toBe(200);
    const session = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(auditNumber) } });
    expect(session.lastActionTime).toEqual(clock.now());
    expect(session.logoutTime).toEqual(clock.now());
  });

  it(`keeps at most ${MAX_LIVE_SESSIONS_PER_USER} live sessions per user: signing in again ends the oldest`, async () => {
    const { username, user } = await createPartnerUser(db);
    const first = await signIn(app, username);
    for (let i = 1; i < MAX_LIVE_SESSIONS_PER_USER; i++) {
      clock.advance(1000);
      await signIn(app, username);
    }
    expect((await callApi(app, api.partner.info, { headers: first.auth })).statusCode).toBe(200);
    clock.advance(1000);
    const newest = await signIn(app, username);
    expect(await db.userSession.count({ where: { userId: user.id, logoutTime: null } })).toBe(MAX_LIVE_SESSIONS_PER_USER);
    expect((await callApi(app, api.partner.info, { headers: first.auth })).statusCode).toBe(401);
    expect((await callApi(app, api.partner.info, { headers: newest.auth })).statusCode).toBe(200);
    const ended = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(first.auditNumber) } });
    expect(ended.logoutType).toBe(LOGOUT_TYPE_SUPERSEDED);
  });

  it('keeps the other tabs of the same user signed in', async () => {
    const { username } = await createPartnerUser(db);
    const tab1 = await signIn(app, username);
    const tab2 = await signIn(app, username);
    await callApi(app, api.auth.logout, { body: logoutPayload(tab1.auditNumber), headers: tab1.auth });
    expect((await callApi(app, api.partner.info, { headers: tab2.auth })).statusCode).toBe(200);
  });

  it('refuses an audit number that is not encrypted, or belongs to another session', async () => {
    const { username } = await createPartnerUser(db);
    const mine = await signIn(app, username);
    const other = await signIn(app, username);
    const plain = await callApi(app, api.auth.logout, {
      body: { ...logoutPayload(mine.auditNumber), loginAuditNumber: 'not-encrypted' },
      headers: mine.auth,
    });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().failureMessage).toMatch(/^loginAuditNumber: /);
    const foreign = await callApi(app, api.auth.logout, { body: logoutPayload(other.auditNumber), headers: mine.auth });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().failureMessage).toBe('loginAuditNumber: does not belong to this session');
    expect((await callApi(app, api.partner.info, { headers: mine.auth })).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a bad payload', async () => {
    const { username } = await createPartnerUser(db);
    const { auth, auditNumber } = await signIn(app, username);
    const res = await callApi(app, api.auth.logout, { body: { ...logoutPayload(auditNumber), logoutType: 'X' }, headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().failureMessage).toMatch(/^logoutType: /);
    const missing = await callApi(app, api.auth.logout, { body: { logoutType: 'U' }, headers: auth });
    expect(missing.json().failureMessage).toContain('lastActionTime: This field is required');
  });

  it('needs a valid token', async () => {
    const res = await callApi(app, api.auth.logout, { body: logoutPayload('1') });
    expect(res.statusCode).toBe(401);
    expect(res.error().errorCode).toBe(401);
  });
});
