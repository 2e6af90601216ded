import { randomUUID } from 'node:crypto';
import {
  LOGOUT_TYPE_SUPERSEDED,
  LOGOUT_TYPE_USER,
  MAX_LIVE_SESSIONS_PER_USER,
  MESSAGES,
  decryptId,
  type LogoutBody,
  type OnboardUserStatus,
  type SigninBody,
  type SigninResponse,
  maskEmail,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { AppError, Forbidden, Invalid, TooManyRequests } from '@pp/platform';
import { verifyPassword } from '@pp/db/passwords';
import type { TokenService } from '../../lib/tokens.ts';
import { profileStatus } from '../../lib/profile-status.ts';
import { clearSigninAttempts, countSigninAttempt } from '../../lib/signin-throttle.ts';
import type { AuthContext } from '@pp/platform';

interface SigninDeps {
  db: Db;
  tokens: TokenService;
  now: () => Date;
}

interface ClientInfo {
  ipAddress: string | undefined;
  userAgent: string | undefined;
}

/**
 * Checks the password and opens a session (one per browser tab). A wrong name and a wrong
 * password answer the same, after the same argon2 work and the same throttle, so neither
 * reveals which accounts exist.
 */
export async function signin(deps: SigninDeps, input: SigninBody, client: ClientInfo): Promise<SigninResponse> {
  const username = input.username.toLowerCase();
  const clientAddress = client.ipAddress ?? 'unknown';
  const now = deps.now();
  const attempt = await countSigninAttempt(deps.db, username, clientAddress, now);
  if (!attempt.allowed) {
    throw TooManyRequests(MESSAGES.signinDelayed(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
  }
  const user = await deps.db.userAccount.findUnique({
    where: { username },
    include: {
      partner: {
        include: {
          mappings: { where: { status: 'A' }, include: { company: true }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] },
        },
      },
    },
  });
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw new AppError('BAD_REQUEST', { message: MESSAGES.invalidCredentials });
  await clearSigninAttempts(deps.db, username, clientAddress);
  if (user.status === 'PENDING_EMAIL') {
    throw Forbidden(MESSAGES.emailNotVerified(maskEmail(user.email)), 'EMAIL_NOT_VERIFIED');
  }
  if (user.status !== 'ACTIVE') throw Forbidden(MESSAGES.accountNotActive);

  const partner = user.partner;
  const mapping =
    partner?.mappings.find(
      (m) => m.companyCode === partner.currentCompanyCode && m.categoryCode === partner.currentCategoryCode,
    ) ?? partner?.mappings[0];
  const userStatus: OnboardUserStatus = partner
    ? await profileStatus(deps.db, partner.id, mapping?.companyCode ?? null, mapping?.categoryCode ?? null)
    : 'Approved';

  // Each tab is a session; past the cap the oldest end, so one account cannot pile up live rows.
  const live = await deps.db.userSession.findMany({
    where: { userId: user.id, logoutTime: null },
    orderBy: { loginTime: 'desc' },
    skip: MAX_LIVE_SESSIONS_PER_USER - 1,
    select: { id: true },
  });
  if (live.length > 0) {
    await deps.db.userSession.updateMany({
      where: { id: { in: live.map((s) => s.id) } },
      data: { logoutTime: now, logoutType: LOGOUT_TYPE_SUPERSEDED },
    });
  }
  const session = await deps.db.userSession.create({
    data: {
      id: randomUUID(),
      userId: user.id,
      companyCode: mapping?.companyCode ?? null,
      categoryCode: mapping?.categoryCode ?? null,
      loginTime: now,
      lastActionTime: now,
      ipAddress: client.ipAddress?.slice(0, 64) ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    },
  });
  const accessToken = await deps.tokens.sign({ sid: session.id, sub: String(user.id), role: user.role, userStatus });

  return {
    accessToken,
    tokenType: 'Bearer',
    auditNumber: session.auditNumber.toString(),
    userName: user.username,
    displayName: user.displayName,
    role: user.role,
    userStatus,
    partnerNumber: partner?.partnerNumber ?? null,
    currentCompanyCode: mapping?.companyCode ?? null,
    currentCompanyName: mapping?.company.companyName ?? null,
    currentCategoryCode: mapping?.categoryCode ?? null,
  };
}

/** Ends the caller's session server-side: the token stops working at once. */
export async function logout(db: Db, auth: AuthContext, input: LogoutBody, now: Date): Promise<string> {
  const auditNumber = decryptId(input.loginAuditNumber);
  if (auditNumber === null) {
    throw Invalid('loginAuditNumber', 'is not a valid encrypted login audit number');
  }
  if (auditNumber !== auth.auditNumber.toString()) {
    throw Invalid('loginAuditNumber', 'does not belong to this session');
  }
  // The audit row keeps the server's clock: the browser's lastActionTime and logoutTime are
  // accepted as the contract sends them, but a wrong client clock once wrote 1970 into the audit.
  await db.userSession.update({
    where: { id: auth.sessionId },
    data: { logoutTime: now, logoutType: LOGOUT_TYPE_USER, lastActionTime: now },
  });
  return MESSAGES.logoutDone;
}
