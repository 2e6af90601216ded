import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { INTERNAL_TOKEN_HEADER, TEXTS, hasPermission, type Access } from '@pp/contract';
import { AppError, bearerOf, Forbidden, Unauthenticated, type AuthContext, type CheckAccess } from '@pp/platform';
import { ACTIVITY_FLUSH_MS, createSessions, type LiveSession, type Sessions } from '../../lib/sessions.ts';
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

    /** Notes the session's activity and gives the request its caller. */
    const admit = (request: FastifyRequest, session: LiveSession, nowMs: number) => {
      sessions.touch(session, nowMs);
      request.auth = {
        sessionId: session.id,
        auditNumber: session.auditNumber,
        userId: session.userId,
        role: session.role,
        partnerId: session.partnerId,
        companyCode: session.companyCode,
        categoryCode: session.categoryCode,
      };
    };
    /**
     * The common case without a single await: a token this server verified and a session memory
     * holds, live and not idle. Anything else (a new token, a session to read, one that may be idle
     * or ended) goes the whole way through authenticate, which decides it as before.
     */
    const admitFromMemory = (request: FastifyRequest): boolean => {
      const token = bearerOf(request);
      const claims = token ? app.tokens.known(token) : undefined;
      const session = claims ? sessions.cached(claims.sid) : undefined;
      if (!session || session.ended || !session.userActive) return false;
      const nowMs = app.now().getTime();
      if (nowMs - session.lastActionMs > app.config.idleTimeoutMs) return false;
      admit(request, session, nowMs);
      return true;
    };

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerOf(request);
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
          await sessions.endAsIdle(session.id, new Date(session.lastActionMs + app.config.idleTimeoutMs));
          throw new AppError('SESSION_IDLE', { message: TEXTS.sessionIdle });
        }
      }
      admit(request, session, now.getTime());
    });

    /** 403 for the wrong kind of caller, or nothing. */
    const refusal = (access: Exclude<Access, 'public' | 'internal'>, auth: AuthContext): AppError | undefined => {
      if (access === 'partner' && auth.partnerId === null) return Forbidden(TEXTS.partnerOnly);
      // A partner on any staff page or endpoint gets the section 8 text; staff without the permission are told which.
      if ((access === 'staff' || typeof access === 'object') && auth.role === 'PARTNER') return Forbidden(TEXTS.accessDenied);
      if (typeof access === 'object' && !hasPermission(auth.role, access.permission)) {
        return Forbidden(TEXTS.permissionRequired(access.permission));
      }
      return undefined;
    };
    // 401 without a session, 403 for the wrong kind of caller. A callback hook: a signed-in call
    // whose token and session are in memory passes without a promise.
    app.decorate('checkAccess', ((access: Exclude<Access, 'public'>) => {
      if (access === 'internal') {
        return async (request: FastifyRequest) => {
          if (!hasToken(request, app.config.internalApiToken)) throw Forbidden(TEXTS.internalOnly);
        };
      }
      const hook: preValidationHookHandler = (request, _reply, done) => {
        if (admitFromMemory(request)) return done(refusal(access, request.auth!));
        app.authenticate(request).then(() => done(refusal(access, request.auth!)), done);
      };
      return hook;
    }) as CheckAccess);
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
