import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { INTERNAL_TOKEN_HEADER, LOGOUT_TYPE_IDLE, TEXTS, hasPermission, type Access } from '@pp/contract';
import { AppError, Forbidden, Unauthenticated } from '@pp/platform';
import { ACTIVITY_FLUSH_MS, createSessions, type Sessions } from '../../lib/sessions.ts';
import { createTokenService, type TokenService } from '../../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    sessions: Sessions;
    /** Sets request.auth from the bearer token, or answers 401 / 440. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

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

    const sessions = createSessions(app.db, app.changes, {
      maxAgeMs: app.config.caches.maxAgeMs,
      maxEntries: app.config.caches.sessions,
    });
    app.decorate('sessions', sessions);
    const flush = () =>
      sessions.flush().catch((error: unknown) => app.log.warn({ err: error }, 'could not write session activity'));
    const flusher = setInterval(() => void flush(), ACTIVITY_FLUSH_MS);
    flusher.unref();
    app.addHook('onClose', async () => {
      clearInterval(flusher);
      await flush();
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
      const claims = token ? await app.tokens.verify(token) : null;
      if (!claims) throw Unauthenticated();

      let session = await sessions.find(claims.sid);
      if (!session || session.ended || !session.userActive) throw Unauthenticated(TEXTS.sessionEnded);

      const now = app.now();
      if (now.getTime() - session.lastActionMs > app.config.idleTimeoutMs) {
        // Another server may have seen this session since: its row decides.
        session = await sessions.find(claims.sid, { fresh: true });
        if (!session || session.ended || !session.userActive) throw Unauthenticated(TEXTS.sessionEnded);
        if (now.getTime() - session.lastActionMs > app.config.idleTimeoutMs) {
          await app.db.userSession.update({
            where: { id: session.id },
            data: {
              logoutTime: new Date(session.lastActionMs + app.config.idleTimeoutMs),
              logoutType: LOGOUT_TYPE_IDLE,
            },
          });
          sessions.forget(session.id);
          throw new AppError('SESSION_IDLE', { message: TEXTS.sessionIdle });
        }
      }
      sessions.touch(session, now.getTime());

      request.auth = {
        sessionId: session.id,
        auditNumber: session.auditNumber,
        userId: session.userId,
        role: session.role,
        partnerId: session.partnerId,
        companyCode: session.companyCode,
        categoryCode: session.categoryCode,
      };
    });

    // 401 without a session, 403 for the wrong kind of caller.
    app.decorate('checkAccess', (access: Exclude<Access, 'public'>) => async (request: FastifyRequest) => {
      if (access === 'internal') {
        if (!hasToken(request, app.config.internalApiToken)) throw Forbidden(TEXTS.internalOnly);
        return;
      }
      await app.authenticate(request);
      const auth = request.auth!;
      if (access === 'partner' && auth.partnerId === null) throw Forbidden(TEXTS.partnerOnly);
      // A partner on any staff page or endpoint gets the section 8 text; staff without the permission are told which.
      if ((access === 'staff' || typeof access === 'object') && auth.role === 'PARTNER') throw Forbidden(TEXTS.accessDenied);
      if (typeof access === 'object' && !hasPermission(auth.role, access.permission)) {
        throw Forbidden(TEXTS.permissionRequired(access.permission));
      }
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
