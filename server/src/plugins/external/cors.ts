import cors from '@fastify/cors';
import fp from 'fastify-plugin';
import { CHAT_LANGUAGE_HEADER, DEV_CLIENT_HEADER } from '@pp/contract';

/** How long a browser may keep a preflight's answer before asking again. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * Pages of the origins in CORS_ORIGINS (a front-end developer's dev server) may call the API and
 * the chat through it. The portal's own pages are same-origin and need none of this. The bearer
 * token travels in a header, not a cookie, so no credentials are allowed (and no origin is `*`).
 */
export default fp(
  async (app) => {
    const allowed = new Set(app.config.corsOrigins);
    await app.register(cors, {
      origin: (origin, done) => done(null, origin !== undefined && allowed.has(origin)),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Accept-Language', CHAT_LANGUAGE_HEADER, DEV_CLIENT_HEADER],
      // What the web reads of an answer besides its body: a download's name, when to try again.
      exposedHeaders: ['Content-Disposition', 'Retry-After'],
      credentials: false,
      maxAge: PREFLIGHT_MAX_AGE_SECONDS,
      strictPreflight: true,
    });
  },
  { name: 'cors', dependencies: ['config'] },
);
