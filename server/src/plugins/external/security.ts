import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

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

export default fp(
  async (app) => {
    await app.register(helmet, {
      frameguard: { action: 'deny' },
      contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
      crossOriginEmbedderPolicy: false,
    });
  },
  { name: 'security' },
);
