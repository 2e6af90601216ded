import { TEXTS, REGISTRATION_OTP_DIGITS, type Text } from '@pp/contract';
import { Invalid } from '@pp/platform';
import { limitOtpSends, limitOtpTarget, limitResetRequests } from '../../lib/limits.ts';
import { deliverOtp } from '../../lib/outbound-messages.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';

export async function sendRegistrationOtp(app: ServiceDeps, loginName: string, mobile: string, ip: string): Promise<Text> {
  await limitOtpSends(app, mobile, ip);
  const code = await app.otp.issue(app.db, {
    purpose: 'REGISTRATION',
    target: mobile,
    loginName: loginName.toLowerCase(),
    digits: REGISTRATION_OTP_DIGITS,
    now: app.now(),
    ipAddress: ip,
  });
  await deliverOtp(app.messenger, 'REGISTRATION', mobile, code);
  return TEXTS.otpSentAnswer;
}

export async function verifyRegistrationOtp(app: ServiceDeps, loginName: string, mobile: string, code: string): Promise<Text> {
  const latest = await app.db.otp.findFirst({
    where: { purpose: 'REGISTRATION', target: mobile, consumedAt: null },
    orderBy: { createdAt: 'desc' },
  });
  if (latest && latest.loginName !== loginName.toLowerCase()) throw Invalid('otp', TEXTS.otpDead);
  await app.otp.verify(app.db, { purpose: 'REGISTRATION', target: mobile, code, now: app.now(), consume: false });
  return TEXTS.otpVerified;
}

/**
 * Resends to where the last OTP of this user name and purpose went. For a password reset the
 * answer is the reset request's, whether or not the name exists or asked for an OTP.
 */
export async function resendOtp(
  app: ServiceDeps,
  loginName: string,
  purpose: 'REGISTRATION' | 'PASSWORD_RESET',
  ip: string,
): Promise<Text> {
  const name = loginName.toLowerCase();
  if (purpose === 'PASSWORD_RESET') await limitResetRequests(app, name, ip);
  const last = await app.db.otp.findFirst({ where: { purpose, loginName: name }, orderBy: { createdAt: 'desc' } });
  if (!last) {
    if (purpose === 'PASSWORD_RESET') return TEXTS.resetOtpRequested;
    throw Invalid('login-name', TEXTS.noOtpRequested);
  }
  // A reset request has counted this client already.
  if (purpose === 'PASSWORD_RESET') await limitOtpTarget(app, last.target);
  else await limitOtpSends(app, last.target, ip);
  const code = await app.otp.issue(app.db, {
    purpose,
    target: last.target,
    loginName: last.loginName,
    digits: REGISTRATION_OTP_DIGITS,
    now: app.now(),
    ipAddress: ip,
  });
  await deliverOtp(app.messenger, purpose, last.target, code);
  return purpose === 'PASSWORD_RESET' ? TEXTS.resetOtpRequested : TEXTS.otpSentAnswer;
}
