import { describe, expect, it } from 'vitest';
import { MESSAGES, OTP_TTL_MS, RATE_LIMITS, SIGNIN_THROTTLE, api } from '@pp/contract';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  freshIp,
  latestMessage,
  latestOtp,
  setupFeatureTest,
  signIn,
  TEST_PASSWORD,
} from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: new Date('2026-11-22T09:00:00Z') });

const signin = (username: string, password: string, headers = freshIp()) =>
  callApi(app, api.auth.signin, { body: { username, password }, headers });

async function withMobile(username: string, mobile: string) {
  await db.userAccount.update({ where: { username }, data: { mobileNumber: mobile } });
}

describe('sign-in throttle', () => {
  const { freeAttempts, firstDelayMs, maxDelayMs } = SIGNIN_THROTTLE;
  const from = (address: string) => ({ 'x-forwarded-for': address });

  it(`lets ${freeAttempts} attempts through, then makes each wait twice as long; the owner elsewhere gets in`, async () => {
    const { username } = await createPartnerUser(db);
    const attacker = from('127.0.0.21');
    for (let i = 0; i < freeAttempts; i++) {
      const res = await signin(username, 'Wrong@1234', attacker);
      expect(res.statusCode).toBe(400);
      expect(res.error().failureMessage).toBe(MESSAGES.invalidCredentials);
    }
    const waiting = await signin(username, 'Wrong@1234', attacker);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.error().failureMessage).toBe(MESSAGES.signinDelayed(firstDelayMs / 1000));
    // Even the right password waits its turn from this client: guessing cannot go faster.
    expect((await signin(username, TEST_PASSWORD, attacker)).statusCode).toBe(429);
    // The owner, from another address, is not kept out.
    expect((await signin(username, TEST_PASSWORD, from('127.0.0.22'))).statusCode).toBe(200);

    clock.advance(firstDelayMs);
    expect((await signin(username, 'Wrong@1234', attacker)).statusCode).toBe(400);
    expect((await signin(username, 'Wrong@1234', attacker)).error().failureMessage).toBe(
      MESSAGES.signinDelayed((2 * firstDelayMs) / 1000),
    );
    for (let i = 0; i < 8; i++) {
      clock.advance(maxDelayMs);
      await signin(username, 'Wrong@1234', attacker);
    }
    // The wait stops growing at the ceiling.
    expect((await signin(username, 'Wrong@1234', attacker)).error().failureMessage).toBe(
      MESSAGES.signinDelayed(maxDelayMs / 1000),
    );
    clock.advance(maxDelayMs);
    expect((await signin(username, TEST_PASSWORD, attacker)).statusCode).toBe(200);
    // A successful sign-in clears the count for that client.
    for (let i = 0; i < freeAttempts; i++) expect((await signin(username, 'Wrong@1234', attacker)).statusCode).toBe(400);
  });

  it('answers a name that does not exist exactly as one that does', async () => {
    const { username } = await createPartnerUser(db);
    const answers = async (name: string, address: string) => {
      const seen: unknown[] = [];
      for (let i = 0; i <= freeAttempts; i++) {
        const res = await signin(name, 'Wrong@1234', from(address));
        seen.push([res.statusCode, res.json()]);
      }
      return seen;
    };
    expect(await answers('nobody_here_at_all', '127.0.0.31')).toEqual(await answers(username, '127.0.0.32'));
  });

  it('counts parallel guesses: a burst cannot slip past the free attempts', async () => {
    const { username } = await createPartnerUser(db);
    const burst = await Promise.all(Array.from({ length: 12 }, () => signin(username, 'Wrong@1234', from('127.0.0.41'))));
    expect(burst.filter((r) => r.statusCode === 400)).toHaveLength(freeAttempts);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(12 - freeAttempts);
  });

  it('limits sign-in attempts per client, whatever the name', async () => {
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
    expect(sent.json().response).toBe(MESSAGES.resetOtpRequested);
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
    expect(resent.json().response).toBe(MESSAGES.resetOtpRequested);
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
    expect(sent.json().response).toBe(MESSAGES.resetOtpRequested);
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
  });

  it('answers a name that does not exist, or has no mobile, as one that does, and sends nothing for it', async () => {
    const { username, user } = await createPartnerUser(db);
    await db.userAccount.update({ where: { username }, data: { mobileNumber: null } });
    const before = await db.mailboxMessage.count();
    const unknown = await sendReset('no_such_user', 'mobile');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().response).toBe(MESSAGES.resetOtpRequested);
    const resent = await callApi(app, api.registration.resendOtp, { query: { 'login-name': 'no_such_user', 'sms-code': 2 } });
    expect(resent.json().response).toBe(MESSAGES.resetOtpRequested);
    expect(await db.mailboxMessage.count()).toBe(before);
    expect((await reset('no_such_user', '123456')).error().failureMessage).toBe(`otp: ${MESSAGES.otpDead}`);
    // Without a mobile number the OTP goes to the e-mail address, under the same answer.
    expect((await sendReset(username, 'mobile')).json().response).toBe(MESSAGES.resetOtpRequested);
    expect((await reset(username, await latestOtp(db, user.email))).statusCode).toBe(200);
  });

  it('limits reset requests per user name, existing or not, alike', async () => {
    const tries = async (name: string) => {
      const codes: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.resetRequestPerName.limit; i++) codes.push((await sendReset(name, 'email')).statusCode);
      return codes;
    };
    const { username } = await createPartnerUser(db);
    expect(await tries('never_registered_name')).toEqual(await tries(username));
  });

  it('lets a reset password in at once, even from a client that had to wait', async () => {
    const { username, user } = await createPartnerUser(db);
    const headers = { 'x-forwarded-for': '127.0.0.51' };
    for (let i = 0; i <= SIGNIN_THROTTLE.freeAttempts; i++) await signin(username, 'Wrong@1234', headers);
    await sendReset(username, 'email');
    await reset(username, await latestOtp(db, user.email));
    expect((await signin(username, 'Reset@2026', headers)).statusCode).toBe(200);
  });
});
