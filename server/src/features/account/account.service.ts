import {
  LOGOUT_TYPE_PASSWORD,
  TEXTS,
  REGISTRATION_OTP_DIGITS,
  STAFF_LANDING_ROUTES,
  type ChangePasswordBody,
  type ResetPasswordBody,
  type Text,
} from '@pp/contract';
import { hashPassword, verifyPassword } from '@pp/db/passwords';
import { Invalid, type AuthContext } from '@pp/platform';
import { limitOtpTarget, limitResetRequests } from '../../lib/limits.ts';
import { deliverOtp } from '../../lib/outbound-messages.ts';
import { profileStatus } from '../../lib/profile-status.ts';
import type { ServiceDeps } from '../../lib/service-deps.ts';

/** Partners whose current profile is approved go to the partner dashboard, others to onboarding; staff to their role's page. */
export async function dashboardRedirection(app: ServiceDeps, auth: AuthContext): Promise<{ route: string }> {
  if (auth.role !== 'PARTNER') return { route: STAFF_LANDING_ROUTES[auth.role] };
  if (auth.partnerId === null) return { route: '/dashboard' };
  const status = await profileStatus(app.db, auth.partnerId, auth.companyCode, auth.categoryCode);
  return { route: status === 'Approved' ? '/partnerdashboard' : '/dashboard' };
}

export async function changePassword(app: ServiceDeps, auth: AuthContext, body: ChangePasswordBody): Promise<Text> {
  const user = await app.db.userAccount.findUniqueOrThrow({ where: { id: auth.userId } });
  if (!(await verifyPassword(user.passwordHash, body.oldPassword))) throw Invalid('oldPassword', TEXTS.oldPasswordWrong);
  if (body.oldPassword === body.newPassword) throw Invalid('newPassword', TEXTS.samePassword);
  const now = app.now();
  await app.db.$transaction([
    app.db.userAccount.update({
      where: { id: user.id },
      data: { passwordHash: await hashPassword(body.newPassword), passwordChangedAt: now },
    }),
    // Other tabs and devices signed in with the old password are signed out; this tab stays.
    app.db.userSession.updateMany({
      where: { userId: user.id, logoutTime: null, id: { not: auth.sessionId } },
      data: { logoutTime: now, logoutType: LOGOUT_TYPE_PASSWORD },
    }),
  ]);
  return TEXTS.passwordChanged;
}

async function activeUser(app: ServiceDeps, loginName: string) {
  const user = await app.db.userAccount.findUnique({ where: { username: loginName.toLowerCase() } });
  return user && user.status !== 'DISABLED' ? user : null;
}

/**
 * Sends a reset OTP to the account's mobile number (its e-mail address when it has none) or
 * e-mail address. The answer, and the limits, are the same whether or not the name exists.
 */
export async function sendResetOtp(app: ServiceDeps, loginName: string, channel: 'mobile' | 'email', ip: string): Promise<Text> {
  await limitResetRequests(app, loginName.toLowerCase(), ip);
  const user = await activeUser(app, loginName);
  if (user) {
    const target = channel === 'mobile' && user.mobileNumber ? user.mobileNumber : user.email;
    await limitOtpTarget(app, target);
    const code = await app.otp.issue(app.db, {
      purpose: 'PASSWORD_RESET',
      target,
      loginName: user.username,
      digits: REGISTRATION_OTP_DIGITS,
      now: app.now(),
      ipAddress: ip,
    });
    await deliverOtp(app.messenger, 'PASSWORD_RESET', target, code);
  }
  return TEXTS.resetOtpRequested;
}

/** Resets with the OTP of the user's latest reset request; the OTP is used up, so it works once. */
export async function resetPassword(app: ServiceDeps, body: ResetPasswordBody): Promise<Text> {
  const user = await activeUser(app, body.loginName);
  const latest =
    user &&
    (await app.db.otp.findFirst({
      where: { purpose: 'PASSWORD_RESET', loginName: user.username },
      orderBy: { createdAt: 'desc' },
    }));
  // An unknown name gets the answer of a known one that asked for no OTP.
  if (!user || !latest) throw Invalid('otp', TEXTS.otpDead);
  await app.otp.verify(app.db, {
    purpose: 'PASSWORD_RESET',
    target: latest.target,
    code: body.otp,
    now: app.now(),
    consume: true,
  });
  const now = app.now();
  await app.db.$transaction([
    app.db.userAccount.update({
      where: { id: user.id },
      data: {
        passwordHash: await hashPassword(body.newPassword),
        passwordChangedAt: now,
        // Proving control of the registered address also verifies it.
        ...(user.status === 'PENDING_EMAIL' && latest.target === user.email
          ? { status: 'ACTIVE' as const, emailVerifiedAt: now }
          : {}),
      },
    }),
    app.db.userSession.updateMany({
      where: { userId: user.id, logoutTime: null },
      data: { logoutTime: now, logoutType: LOGOUT_TYPE_PASSWORD },
    }),
    // The owner proved control of the account, and earlier guesses were at the old password.
    app.db.signinThrottle.deleteMany({ where: { username: user.username } }),
  ]);
  return TEXTS.passwordReset;
}
