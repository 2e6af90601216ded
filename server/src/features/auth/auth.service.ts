import { randomUUID } from 'node:crypto';
import {
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGOUT_TYPE_USER,
  MESSAGES,
  decryptId,
  type LogoutBody,
  type OnboardUserStatus,
  type SigninBody,
  type SigninResponse,
  maskEmail,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { AppError, Forbidden, Invalid } from '@pp/platform';
import { verifyPassword } from '@pp/db/passwords';
import type { TokenService } from '../../lib/tokens.ts';
import type { AuthContext } from '@pp/platform';

interface SigninDeps {
  db: Db;
  tokens: TokenService;
  now: () => Date;
}

const minutesUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

interface ClientInfo {
  ipAddress: string | undefined;
  userAgent: string | undefined;
}

/**
 * Checks the password and opens a session (one per browser tab). A wrong name and a wrong
 * password answer the same, after the same argon2 work, so neither reveals which accounts exist.
 */
export async function signin(deps: SigninDeps, input: SigninBody, client: ClientInfo): Promise<SigninResponse> {
  const user = await deps.db.userAccount.findUnique({
    where: { username: input.username.toLowerCase() },
    include: {
      partner: {
        include: {
          mappings: { where: { status: 'A' }, include: { company: true }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] },
        },
      },
    },
  });
  const now = deps.now();
  // A locked account is not even checked, so guessing cannot go on while it is locked.
  if (user?.lockedUntil && user.lockedUntil > now) {
    throw Forbidden(MESSAGES.accountLocked(minutesUntil(user.lockedUntil, now)), 'ACCOUNT_LOCKED');
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user) throw new AppError('BAD_REQUEST', { message: MESSAGES.invalidCredentials });
  if (!passwordOk) {
    const failures = user.failedLoginCount + 1;
    const locks = failures >= LOGIN_MAX_FAILURES;
    await deps.db.userAccount.update({
      where: { id: user.id },
      data: locks
        ? { failedLoginCount: 0, lockedUntil: new Date(now.getTime() + LOGIN_LOCK_MS) }
        : { failedLoginCount: failures },
    });
    if (locks) throw Forbidden(MESSAGES.accountLocked(LOGIN_LOCK_MS / 60_000), 'ACCOUNT_LOCKED');
    throw new AppError('BAD_REQUEST', { message: MESSAGES.invalidCredentials });
  }
  if (user.status === 'PENDING_EMAIL') {
    throw Forbidden(MESSAGES.emailNotVerified(maskEmail(user.email)), 'EMAIL_NOT_VERIFIED');
  }
  if (user.status !== 'ACTIVE') throw Forbidden(MESSAGES.accountNotActive);
  if (user.failedLoginCount > 0 || user.lockedUntil) {
    await deps.db.userAccount.update({ where: { id: user.id }, data: { failedLoginCount: 0, lockedUntil: null } });
  }

  const partner = user.partner;
  const mapping =
    partner?.mappings.find(
      (m) => m.companyCode === partner.currentCompanyCode && m.categoryCode === partner.currentCategoryCode,
    ) ?? partner?.mappings[0];
  const userStatus: OnboardUserStatus = partner?.onboardStatus ?? 'Approved';

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
  const lastActionTime = new Date(input.lastActionTime);
  await db.userSession.update({
    where: { id: auth.sessionId },
    data: {
      logoutTime: now,
      logoutType: LOGOUT_TYPE_USER,
      // The browser's last action is kept when it is plausible (not in the future).
      ...(lastActionTime.getTime() <= now.getTime() ? { lastActionTime } : {}),
    },
  });
  return MESSAGES.logoutDone;
}
