import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  COMPANY_CODES,
  PROCUREMENT_JOB,
  WEB_PATHS,
  LOGOUT_TYPE_SUPERSEDED,
  LOGOUT_TYPE_USER,
  MAX_LIVE_SESSIONS_PER_USER,
  TEXTS,
  SSO_TICKET_TTL_MS,
  WEB_BASE_PATH,
  staffLandingRoute,
  type GroupSigninBody,
  type SummaryLoginBody,
  type LogoutBody,
  type OnboardUserStatus,
  type SigninBody,
  type SigninResponse,
  maskEmail,
  type Text,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { AppError, Forbidden, TooManyRequests } from '@pp/platform';
import { verifyPassword } from '@pp/db/passwords';
import type { TokenService } from '../../lib/tokens.ts';
import { profileStatus } from '../../lib/profile-status.ts';
import { clearSigninAttempts, countSigninAttempt } from '../../lib/signin-throttle.ts';
import type { AuthContext } from '@pp/platform';
import { assertOwnAuditNumber } from '../../lib/portal-messages.ts';

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
    throw TooManyRequests(TEXTS.signinDelayed(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
  }
  const user = await findUserForSession(deps.db, { username });
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw new AppError('BAD_REQUEST', { message: TEXTS.invalidCredentials });
  await clearSigninAttempts(deps.db, username, clientAddress);
  if (user.status === 'PENDING_EMAIL') {
    throw Forbidden(TEXTS.emailNotVerified(maskEmail(user.email)), 'EMAIL_NOT_VERIFIED');
  }
  if (user.status !== 'ACTIVE') throw Forbidden(TEXTS.accountNotActive);

  return openSession(deps, user, client);
}

type SessionUser = NonNullable<Awaited<ReturnType<typeof findUserForSession>>>;

/** A user with what opening a session needs: the partner and its active company mappings. */
function findUserForSession(db: Db, where: { username: string } | { id: number }) {
  return db.userAccount.findUnique({
    where,
    include: {
      partner: {
        include: {
          mappings: { where: { status: 'A' }, include: { company: true }, orderBy: [{ isDefault: 'desc' }, { id: 'asc' }] },
        },
      },
    },
  });
}

/**
 * Opens a session (one per browser tab) for a user whose identity is proven (a password, a
 * one-time ticket) and answers what the browser keeps. Staff work in `staffCompanyCode`.
 */
async function openSession(
  deps: SigninDeps,
  user: SessionUser,
  client: ClientInfo,
  staffCompanyCode: number | null = null,
): Promise<SigninResponse> {
  const now = deps.now();
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
      companyCode: mapping?.companyCode ?? staffCompanyCode,
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
    currentCompanyCode: mapping?.companyCode ?? staffCompanyCode,
    currentCompanyName:
      mapping?.company.companyName ??
      (staffCompanyCode === null
        ? null
        : ((await deps.db.groupCompany.findUnique({ where: { companyCode: staffCompanyCode } }))?.companyName ?? null)),
    currentCategoryCode: mapping?.categoryCode ?? null,
  };
}

/** Ends the caller's session server-side: the token stops working at once. */
/**
 * Session extension: authenticating the call already moved the session's idle clock (at most a
 * few seconds old); the answer says until when the session lives without another call.
 */
/** The session's activity is written now, not with the next flush: the caller wants the new time. */
export async function extendSession(deps: { db: Db; config: { idleTimeoutMs: number }; now: () => Date }, auth: AuthContext) {
  const session = await deps.db.userSession.update({ where: { id: auth.sessionId }, data: { lastActionTime: deps.now() } });
  return {
    lastActionTime: session.lastActionTime.toISOString(),
    idleExpiresAt: new Date(session.lastActionTime.getTime() + deps.config.idleTimeoutMs).toISOString(),
  };
}

export async function logout(db: Db, auth: AuthContext, input: LogoutBody, now: Date): Promise<Text> {
  assertOwnAuditNumber(auth, input.loginAuditNumber);
  // The audit row keeps the server's clock: the browser's lastActionTime and logoutTime are
  // accepted as the contract sends them, but a wrong client clock once wrote 1970 into the audit.
  await db.userSession.update({
    where: { id: auth.sessionId },
    data: { logoutTime: now, logoutType: LOGOUT_TYPE_USER, lastActionTime: now },
  });
  return TEXTS.logoutDone;
}

/**
 * A ticket that cannot be used: a 400, not a 401 (whose errorCode makes the web clear its session
 * and go to the start, section 8); the page shows the message and a way to sign in again.
 */
const ticketRefused = () => new AppError('BAD_REQUEST', { message: TEXTS.ssoTicketInvalid });

const ticketHash = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/**
 * The group's external sign-in, as the local stand-in does it: a staff account's password (with the
 * same throttle as the portal's sign-in) answers the /getsession address carrying a one-time ticket,
 * valid for a minute. Partners are refused: they log in on the portal.
 */
export async function groupSignin(
  deps: SigninDeps,
  input: GroupSigninBody,
  client: ClientInfo,
): Promise<{ redirectUrl: string }> {
  const username = input.username.toLowerCase();
  const clientAddress = client.ipAddress ?? 'unknown';
  const now = deps.now();
  const attempt = await countSigninAttempt(deps.db, username, clientAddress, now);
  if (!attempt.allowed) throw TooManyRequests(TEXTS.signinDelayed(Math.max(1, Math.ceil(attempt.retryAfterMs / 1000))));
  const user = await deps.db.userAccount.findUnique({ where: { username } });
  const passwordOk = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !passwordOk) throw new AppError('BAD_REQUEST', { message: TEXTS.invalidCredentials });
  await clearSigninAttempts(deps.db, username, clientAddress);
  if (user.role === 'PARTNER') throw Forbidden(TEXTS.staffSigninOnly);
  if (user.status !== 'ACTIVE') throw Forbidden(TEXTS.accountNotActive);
  const ticket = randomBytes(32).toString('base64url');
  await deps.db.ssoTicket.create({
    data: {
      id: ticketHash(ticket),
      userId: user.id,
      companyCode: input.companyCode,
      jobCode: input.jobCode ?? null,
      expiresAt: new Date(now.getTime() + SSO_TICKET_TTL_MS),
    },
  });
  const query = new URLSearchParams({
    Uid: user.username,
    AuditNo: ticket,
    DocumentNo: '',
    RefId: '',
    CompanyCode: String(input.companyCode),
    Source: 'GROUP-SSO',
    JobCode: input.jobCode ?? '',
  });
  return { redirectUrl: `${WEB_BASE_PATH}/getsession?${query.toString()}` };
}

/**
 * Summary login (section 7): the ticket of /getsession, once, within its minute, for the user it
 * was issued to, opens a staff session. An edited Uid, a replayed or expired ticket get nothing.
 */
export async function summaryLogin(
  deps: SigninDeps,
  input: SummaryLoginBody,
  client: ClientInfo,
): Promise<SigninResponse & { landingRoute: string }> {
  const now = deps.now();
  const id = ticketHash(input.auditNo);
  // Consumed by the DELETE itself, so two exchanges of one ticket cannot both succeed.
  const ticket = await deps.db.ssoTicket.findUnique({ where: { id }, include: { user: true } });
  const { count } = await deps.db.ssoTicket.deleteMany({ where: { id, expiresAt: { gt: now } } });
  if (
    !ticket ||
    count === 0 ||
    ticket.jobCode === PROCUREMENT_JOB ||
    ticket.user.username !== input.uid.toLowerCase() ||
    ticket.companyCode !== input.companyCode
  ) {
    throw ticketRefused();
  }
  const user = await findUserForSession(deps.db, { id: ticket.userId });
  if (!user || user.status !== 'ACTIVE' || user.role === 'PARTNER') throw ticketRefused();
  const session = await openSession(deps, user, client, ticket.companyCode);
  return { ...session, landingRoute: staffLandingRoute(user.role, ticket.jobCode, input.documentNo ?? null) };
}

/**
 * Sign-in to the group's procurement system (section 7): a one-time ticket for the staff member
 * signed in here, in the session's company, and the procurement landing page that takes it. The
 * stack stands in for that system (the /procurement page), as it does for the group's sign-in.
 */
export async function procurementTicket(deps: SigninDeps, auth: AuthContext): Promise<{ redirectUrl: string }> {
  const ticket = randomBytes(32).toString('base64url');
  await deps.db.ssoTicket.create({
    data: {
      id: ticketHash(ticket),
      userId: auth.userId,
      companyCode: auth.companyCode ?? COMPANY_CODES[0],
      jobCode: PROCUREMENT_JOB,
      expiresAt: new Date(deps.now().getTime() + SSO_TICKET_TTL_MS),
    },
  });
  return { redirectUrl: `${WEB_BASE_PATH}${WEB_PATHS.procurement}?${new URLSearchParams({ ticket }).toString()}` };
}

/** The procurement stand-in takes its ticket: once, within its minute, and only a procurement one. */
export async function procurementExchange(deps: SigninDeps, ticketText: string) {
  const now = deps.now();
  const id = ticketHash(ticketText);
  const ticket = await deps.db.ssoTicket.findUnique({ where: { id }, include: { user: true } });
  const { count } = await deps.db.ssoTicket.deleteMany({ where: { id, jobCode: PROCUREMENT_JOB, expiresAt: { gt: now } } });
  if (!ticket || count === 0 || ticket.user.status !== 'ACTIVE') throw ticketRefused();
  const company = await deps.db.groupCompany.findUnique({ where: { companyCode: ticket.companyCode } });
  return {
    username: ticket.user.username,
    displayName: ticket.user.displayName,
    role: ticket.user.role,
    companyName: company?.companyName ?? null,
    signedInAt: now.toISOString(),
  };
}
