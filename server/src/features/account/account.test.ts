import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES, MESSAGES, OTP_TTL_MS, api } from '@pp/contract';
import {
  callApi,
  buildTestApp,
  freshIp,
  latestMessage,
  latestOtp,
  testClock,
  createTestDatabase,
  TEST_PASSWORD,
  createPartnerUser,
  createStaffUser,
  signIn,
  withReferenceData,
} from '@pp/testing';

const { db } = await createTestDatabase();
const clock = testClock(new Date('2026-11-22T09:00:00Z'));
const app = await buildTestApp(db, { now: clock.now });
beforeAll(() => withReferenceData(db));

const signin = (username: string, password: string, headers = freshIp()) =>
  callApi(app, api.auth.signin, { body: { username, password }, headers });

async function withMobile(username: string, mobile: string) {
  await db.userAccount.update({ where: { username }, data: { mobileNumber: mobile } });
}

describe('login lockout', () => {
  it(`locks the account after ${LOGIN_MAX_FAILURES} wrong passwords, says so, and opens again later`, async () => {
    const { username } = await createPartnerUser(db);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      expect((await signin(username, 'Wrong@1234')).json().failureMessage).toBe(MESSAGES.invalidCredentials);
    }
    const locking = await signin(username, 'Wrong@1234');
    expect(locking.statusCode).toBe(403);
    expect(locking.json()).toMatchObject({
      errorKey: 'ACCOUNT_LOCKED',
      failureMessage: MESSAGES.accountLocked(LOGIN_LOCK_MS / 60_000),
    });
    // Even the right password is refused while locked.
    expect((await signin(username, TEST_PASSWORD)).error().errorKey).toBe('ACCOUNT_LOCKED');
    clock.advance(LOGIN_LOCK_MS + 1000);
    expect((await signin(username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets earlier failures after a successful login', async () => {
    const { username } = await createPartnerUser(db);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) await signin(username, 'Wrong@1234');
    expect((await signin(username, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await signin(username, 'Wrong@1234')).statusCode).toBe(400);
    expect((await db.userAccount.findUniqueOrThrow({ where: { username } })).failedLoginCount).toBe(1);
  });

  it('limits sign-in attempts per client IP', async () => {
    const headers = freshIp();
    let last = await signin('nobody_0', 'Wrong@1234', headers);
    for (let i = 1; i < 31; i++) last = await signin(`nobody_${i}`, 'Wrong@1234', headers);
    expect(last.statusCode).toBe(429);
  });
});

describe('GET /api/dashboard/redirection', () => {
  it('sends an approved partner to the partner dashboard, others to onboarding, staff to their page', async () => {
    const edit = await createPartnerUser(db);
    const approved = await createPartnerUser(db, { onboardStatus: 'Approved' });
    const approver = await createStaffUser(db, 'APPROVER');
    const routeOf = async (username: string) => {
      const { auth } = await signIn(app, username);
      return (await callApi(app, api.account.redirection, { headers: auth })).json().response.route;
    };
    expect(await routeOf(edit.username)).toBe('/dashboard');
    expect(await routeOf(approved.username)).toBe('/partnerdashboard');
    expect(await routeOf(approver.username)).toBe('/partnerApprovalPage');
  });
});

describe('POST /api/user/change-password', () => {
  it('changes the password; the old one stops working and other sessions end', async () => {
    const { username } = await createPartnerUser(db);
    const here = await signIn(app, username);
    const elsewhere = await signIn(app, username);
    const res = await callApi(app, api.account.changePassword, {
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Changed#2026', confirmPassword: 'Changed#2026' },
      headers: here.auth,
    });
    expect(res.json()).toEqual({ response: MESSAGES.passwordChanged, failureMessage: null });
    expect((await signin(username, TEST_PASSWORD)).statusCode).toBe(400);
    expect((await signin(username, 'Changed#2026')).statusCode).toBe(200);
    expect((await callApi(app, api.partner.info, { headers: here.auth })).statusCode).toBe(200);
    expect((await callApi(app, api.partner.info, { headers: elsewhere.auth })).statusCode).toBe(401);
  });

  it.each([
    [
      { oldPassword: 'Wrong@1234', newPassword: 'Changed#2026', confirmPassword: 'Changed#2026' },
      `oldPassword: ${MESSAGES.oldPasswordWrong}`,
    ],
    [{ oldPassword: TEST_PASSWORD, newPassword: 'weakpass', confirmPassword: 'weakpass' }, /^newPassword: Password must be/],
    [
      { oldPassword: TEST_PASSWORD, newPassword: 'Changed#2026', confirmPassword: 'Changed#2027' },
      'confirmPassword: Passwords do not match',
    ],
    [
      { oldPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD, confirmPassword: TEST_PASSWORD },
      `newPassword: ${MESSAGES.samePassword}`,
    ],
    [{ oldPassword: TEST_PASSWORD }, /newPassword: This field is required/],
  ])('refuses %j', async (payload, message) => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const res = await callApi(app, api.account.changePassword, { body: payload, headers: auth });
    expect(res.statusCode).toBe(400);
    expect(res.json().failureMessage).toMatch(message);
    expect((await signin(username, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await callApi(app, api.account.changePassword, { body: {} });
    expect(res.error().errorCode).toBe(401);
  });
});

describe('password reset', () => {
  const sendReset = (loginName: string, channel: 'mobile' | 'email') =>
    callApi(app, api.account.sendResetOtp, { query: { loginName, channel }, headers: freshIp() });
  const reset = (loginName: string, otp: string, password = 'Reset@2026') =>
    callApi(app, api.account.resetPassword, { body: { loginName, otp, newPassword: password, confirmPassword: password } });

  it('sends an OTP to the registered mobile, resets the password with it, and refuses the OTP a second time', async () => {
    const { username, user } = await createPartnerUser(db);
    await withMobile(username, '9123456789');
    const session = await signIn(app, username);
    const sent = await sendReset(username, 'mobile');
    expect(sent.json().response).toBe(MESSAGES.resetOtpSent('******6789'));
    const code = await latestOtp(db, '9123456789');
    expect((await reset(username, code)).json()).toEqual({ response: MESSAGES.passwordReset, failureMessage: null });
    expect((await signin(username, 'Reset@2026')).statusCode).toBe(200);
    expect((await signin(username, TEST_PASSWORD)).statusCode).toBe(400);
    // Sessions opened with the old password end.
    expect((await callApi(app, api.partner.info, { headers: session.auth })).statusCode).toBe(401);
    const reused = await reset(username, code, 'Again@2026');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().failureMessage).toBe(`otp: ${MESSAGES.otpDead}`);
    expect(user.id).toBeGreaterThan(0);
  });

  it('resends a reset OTP (sms-code 2) to where the last one went, and only the newest works', async () => {
    const { username } = await createPartnerUser(db);
    await withMobile(username, '9345678901');
    await sendReset(username, 'mobile');
    const first = await latestOtp(db, '9345678901');
    const resent = await callApi(app, api.registration.resendOtp, {
      query: { 'login-name': username, 'sms-code': 2 },
      headers: freshIp(),
    });
    expect(resent.json().response).toBe(MESSAGES.resetOtpSent('******8901'));
    const second = await latestOtp(db, '9345678901');
    if (first !== second) expect((await reset(username, first)).statusCode).toBe(400);
    expect((await reset(username, second)).statusCode).toBe(200);
    const badCode = await callApi(app, api.registration.resendOtp, {
      query: { 'login-name': username, 'sms-code': 7 },
      headers: freshIp(),
    });
    expect(badCode.json().failureMessage).toMatch(/^sms-code: /);
  });

  it('can send the OTP by e-mail instead, through SMTP', async () => {
    const { username, user } = await createPartnerUser(db);
    const sent = await sendReset(username, 'email');
    expect(sent.json().response).toMatch(/^OTP has been sent to p\*\*\*@example\.com/);
    const mail = await latestMessage(db, user.email);
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'Your Partner Portal password reset OTP' });
    const code = await latestOtp(db, user.email);
    expect((await reset(username, code)).statusCode).toBe(200);
  });

  it('refuses a wrong or expired OTP and a weak new password; unknown users get a clear message', async () => {
    const { username } = await createPartnerUser(db);
    await withMobile(username, '9234567890');
    await sendReset(username, 'mobile');
    const code = await latestOtp(db, '9234567890');
    const weak = await reset(username, code, 'weak');
    expect(weak.json().failureMessage).toMatch(/^newPassword: /);
    const wrong = await reset(username, code === '000000' ? '111111' : '000000');
    expect(wrong.json().failureMessage).toBe(`otp: ${MESSAGES.otpInvalid(4)}`);
    clock.advance(OTP_TTL_MS + 1000);
    expect((await reset(username, code)).json().failureMessage).toBe(`otp: ${MESSAGES.otpDead}`);
    const unknown = await sendReset('no_such_user', 'mobile');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().failureMessage).toBe(`loginName: ${MESSAGES.noSuchAccount}`);
  });

  it('unlocks a locked account', async () => {
    const { username, user } = await createPartnerUser(db);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await signin(username, 'Wrong@1234');
    await sendReset(username, 'email');
    await reset(username, await latestOtp(db, user.email));
    expect((await signin(username, 'Reset@2026')).statusCode).toBe(200);
  });
});
