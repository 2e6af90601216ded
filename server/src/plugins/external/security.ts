import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { GATEWAY_PREFIX, PARTNER_API_PREFIX } from '@pp/contract';

/**
 * Security headers on every answer. The portal refuses to run inside a frame (spec section 1):
 * X-Frame-Options DENY for old browsers and CSP frame-ancestors 'none' for current ones.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
} as const;

/** What HSTS asks of a browser: HTTPS only, for a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

export default fp(
  async (app) => {
    await app.register(helmet, {
      frameguard: { action: 'deny' },
      contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
      crossOriginEmbedderPolicy: false,
      // Sent below, over HTTPS only: over plain HTTP it means nothing and misleads a reader.
      strictTransportSecurity: false,
    });
    app.addHook('onSend', async (request, reply, payload) => {
      // request.protocol reads X-Forwarded-Proto only from the trusted proxy hops.
      if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
      // API answers hold personal data (partner info has e-mail and mobile): no cache keeps them.
      const url = request.url;
      if ((url.startsWith(PARTNER_API_PREFIX) || url.startsWith(GATEWAY_PREFIX)) && !reply.hasHeader('cache-control')) {
        void reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'security' },
);
