import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LOGOUT_TYPE_IDLE, MESSAGES, type UserRole } from '@pp/contract';
import { AppError, Unauthenticated } from '../../lib/app-error.ts';
import { createTokenService, type TokenService } from '../../lib/tokens.ts';

export interface AuthContext {
  sessionId: string;
  auditNumber: bigint;
  userId: number;
  role: UserRole;
  partnerId: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preValidation hook of protected routes: sets request.auth or answers 401 / 440. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Saving lastActionTime on every call would write on every request; this bounds it. */
const ACTIVITY_WRITE_INTERVAL_MS = 5_000;

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
        throw new AppError('SESSION_IDLE', MESSAGES.sessionIdle);
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
      };
    });
  },
  { name: 'auth', dependencies: ['config', 'db'] },
);
