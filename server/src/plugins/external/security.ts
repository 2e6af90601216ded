import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
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

/**
 * Helmet's headers for our settings, worked out once. They depend on nothing in the request, and
 * @fastify/helmet built a new helmet (CSP parsing included) for every request: a tenth of the
 * server's time on a cached read.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const middleware = helmet({
    frameguard: { action: 'deny' },
    contentSecurityPolicy: { useDefaults: false, directives: { ...CSP_DIRECTIVES } },
    crossOriginEmbedderPolicy: false,
    // Sent below, over HTTPS only: over plain HTTP it means nothing and misleads a reader.
    strictTransportSecurity: false,
  });
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure || !headers['content-security-policy']) throw new Error(`helmet did not give its headers: ${String(failure)}`);
  return headers;
}

export default fp(
  async (app) => {
    const headers = helmetHeaders();
    app.addHook('onRequest', async (_request, reply) => {
      void reply.headers(headers);
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
