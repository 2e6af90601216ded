import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { INTERNAL_TOKEN_HEADER, LOGOUT_TYPE_IDLE, MESSAGES, hasPermission, type Access } from '@pp/contract';
import { AppError, Forbidden, Unauthenticated } from '@pp/platform';
import { createTokenService, type TokenService } from '../../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** Sets request.auth from the bearer token, or answers 401 / 440. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Saving lastActionTime on every call would write on every request; this bounds it. */
const ACTIVITY_WRITE_INTERVAL_MS = 5_000;

function hasToken(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(String(request.headers[INTERNAL_TOKEN_HEADER] ?? ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Sessions (a signed token backed by a session row, idle after 20 minutes) and the access rules
 * of the contract: the route helper asks `checkAccess(access)` for each endpoint's hook.
 */
export default fp(
  async (app) => {
    app.decorate('tokens', createTokenService(app.config.jwtSecret));
    app.decorateRequest('auth', null);

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      const claims = token ? await app.tokens.verify(token) : null;
      if (!claims) throw Unauthenticated();

      const session = await app.db.userSession.findUnique({
        where: { id: claims.sid },
        include: { user: { select: { id: true, role: true, partnerId: true, status: true } } },
      });
      if (!session || session.logoutTime || session.user.status !== 'ACTIVE') {
        throw Unauthenticated(MESSAGES.sessionEnded);
      }

      const now = app.now();
      const idleMs = now.getTime() - session.lastActionTime.getTime();
      if (idleMs > app.config.idleTimeoutMs) {
        await app.db.userSession.update({
          where: { id: session.id },
          data: {
            logoutTime: new Date(session.lastActionTime.getTime() + app.config.idleTimeoutMs),
            logoutType: LOGOUT_TYPE_IDLE,
          },
        });
        throw new AppError('SESSION_IDLE', { message: MESSAGES.sessionIdle });
      }
      if (idleMs > ACTIVITY_WRITE_INTERVAL_MS) {
        await app.db.userSession.update({ where: { id: session.id }, data: { lastActionTime: now } });
      }

      request.auth = {
        sessionId: session.id,
        auditNumber: session.auditNumber,
        userId: session.user.id,
        role: session.user.role,
        partnerId: session.user.partnerId,
        companyCode: session.companyCode,
        categoryCode: session.categoryCode,
      };
    });

    // 401 without a session, 403 for the wrong kind of caller.
    app.decorate('checkAccess', (access: Exclude<Access, 'public'>) => async (request: FastifyRequest) => {
      if (access === 'internal') {
        if (!hasToken(request, app.config.internalApiToken)) throw Forbidden(MESSAGES.internalOnly);
        return;
      }
      await app.authenticate(request);
      const auth = request.auth!;
      if (access === 'partner' && auth.partnerId === null) throw Forbidden(MESSAGES.partnerOnly);
      // A partner on any staff page or endpoint gets the section 8 text; staff without the permission are told which.
      if ((access === 'staff' || typeof access === 'object') && auth.role === 'PARTNER') throw Forbidden(MESSAGES.accessDenied);
      if (typeof access === 'object' && !hasPermission(auth.role, access.permission)) {
        throw Forbidden(MESSAGES.permissionRequired(access.permission));
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
