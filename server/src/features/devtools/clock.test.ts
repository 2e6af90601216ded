import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES, OTP_TTL_MS, SIGNIN_THROTTLE, api, type Scenario, type ScenarioName } from '@pp/contract';
import { callApi, freshIp, latestOtp, setupFeatureTest, signIn } from '@pp/testing';

/**
 * Each rule that reads the time, moved by the developer controls' virtual clock (POST /dev/clock),
 * with no waiting: what becomes due when the clock moves happens then.
 */
const { db, app } = await setupFeatureTest();
afterEach(() => callApi(app, api.devtools.resetClock));
const DAY = 86_400_000;

const advance = (advanceMs: number) => callApi(app, api.devtools.setClock, { body: { advanceMs } });
const moveTo = (at: Date) => callApi(app, api.devtools.setClock, { body: { at: at.toISOString() } });
async function scenario(name: ScenarioName): Promise<Scenario> {
  const res = await callApi(app, api.devtools.makeScenario, { body: { scenario: name } });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json().response;
}
const partnerOf = async (s: Scenario) => (await signIn(app, s.username, s.password)).auth;

describe('the virtual clock drives every rule that reads the time', () => {
  it('makes a document-expiry reminder when the clock reaches 30 days before the expiry', async () => {
    const s = await scenario('approved'); // its ISO certificate expires on 2028-03-31
    const reminders = async () =>
      (await callApi(app, api.notification.list, { headers: await partnerOf(s) }))
        .json()
        .response.items.filter((n) => n.kind === 'REMINDER');
    expect(await reminders()).toEqual([]);
    await moveTo(new Date('2028-03-10T09:00:00Z'));
    const due = await reminders();
    expect(due.map((r) => r.reminder?.expiryDate)).toContain('2028-03-31');
    // Counted by the server's clock, the virtual one, not the caller's.
    expect(due.find((r) => r.reminder?.expiryDate === '2028-03-31')!.reminder!.daysLeft).toBe(21);
  });

  it('makes an expired reminder, unread, when the clock passes the expiry', async () => {
    const s = await scenario('approved');
    const reminders = async () =>
      (await callApi(app, api.notification.list, { headers: await partnerOf(s) }))
        .json()
        .response.items.filter((n) => n.reminder?.expiryDate === '2028-03-31');
    await moveTo(new Date('2028-03-10T09:00:00Z'));
    expect(await reminders()).toHaveLength(1);
    await moveTo(new Date('2028-04-01T09:00:00Z'));
    const after = await reminders();
    expect(after).toHaveLength(2);
    const [expired] = after;
    expect(expired).toMatchObject({ notificationStatus: 'D', reminder: { daysLeft: -1 } });
    expect(expired!.description).toContain('expired on 2028-03-31');
    // Read again, nothing more: one reminder of each.
    expect(await reminders()).toHaveLength(2);
  });

  it('expires an OTP', async () => {
    const s = await scenario('registered');
    const mobile = (await db.userAccount.findUniqueOrThrow({ where: { username: s.username } })).mobileNumber!;
    await callApi(app, api.account.sendResetOtp, { query: { loginName: s.username, channel: 'mobile' }, headers: freshIp() });
    const code = await latestOtp(db, mobile);
    await advance(OTP_TTL_MS + 1_000);
    const reset = await callApi(app, api.account.resetPassword, {
      body: { loginName: s.username, otp: code, newPassword: 'Reset@2026', confirmPassword: 'Reset@2026' },
    });
    expect(reset.json().failureMessage).toBe(`otp: ${MESSAGES.otpDead}`);
  });

  it("ends a sign-in throttle's wait", async () => {
    const s = await scenario('registered');
    const from = { 'x-forwarded-for': '127.0.9.9' };
    const signin = (password: string) =>
      callApi(app, api.auth.signin, { body: { username: s.username, password }, headers: from });
    for (let i = 0; i < SIGNIN_THROTTLE.freeAttempts; i++) await signin('Wrong@1234');
    expect((await signin(s.password)).statusCode).toBe(429);
    await advance(SIGNIN_THROTTLE.firstDelayMs);
    expect((await signin(s.password)).statusCode).toBe(200);
  });

  it("closes a grievance's reopen window after 30 days", async () => {
    const s = await scenario('grievanceResolved');
    await advance(31 * DAY);
    const reopen = await callApi(app, api.grievances.reopen, {
      headers: await partnerOf(s),
      body: { grievanceNumber: s.grievanceNumber!, remarks: 'Still not paid' },
    });
    expect(reopen.statusCode).toBe(409);
  });

  it("closes an auction's bidding when its closing time passes", async () => {
    const s = await scenario('approved');
    const now = Date.parse((await callApi(app, api.devtools.clock)).json().response.now);
    const rfq = await db.rfq.create({
      data: {
        rfqNumber: 'RFQ-1-20261127-901',
        kind: 'RFQ',
        companyCode: 1,
        businessCode: 'SUP',
        categoryCode: 'SUP-STL-TMT',
        title: 'TMT bars Fe 500D, clock lot',
        description: 'Supply of TMT bars to site stores.',
        quantity: 50,
        unit: 'MT',
        deliveryLocation: 'Pune',
        openingAt: new Date(now - DAY),
        closingAt: new Date(now + 2 * DAY),
      },
    });
    // Signed in again after the clock moves: three days idle end a session too.
    const bid = async (amount: number) =>
      callApi(app, api.auctions.placeBid, { headers: await partnerOf(s), body: { rfqNumber: rfq.rfqNumber, amount } });
    expect((await bid(900_000)).statusCode).toBe(200);
    await advance(3 * DAY);
    const late = await bid(800_000);
    expect(late.statusCode).toBe(409);
    expect(late.error().failureMessage).toMatch(/^Bidding closed at/);
  });

  it("opens a new quarter's feedback when the quarter changes", async () => {
    const s = await scenario('approved');
    const periodAt = async (at: string) => {
      await moveTo(new Date(at));
      const headers = await partnerOf(s);
      const draft = await callApi(app, api.feedback.saveDraft, { headers, body: { answers: {} } });
      expect(draft.statusCode, JSON.stringify(draft.json())).toBe(200);
      return draft.json().response.period;
    };
    expect(await periodAt('2027-01-05T09:00:00Z')).toBe('FY2026-27 Q4');
    expect(await periodAt('2027-04-05T09:00:00Z')).toBe('FY2027-28 Q1');
  });
});
