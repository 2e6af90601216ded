import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { GATEWAY_PREFIX, PARTNER_API_PREFIX } from '@pp/contract';
import { BARE_RESPONSE_HEADERS } from '@pp/platform';
import { DOCS_PATH } from './openapi.ts';

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

/**
 * An API answer is JSON, never a document: it gets the bare headers (no sources at all, not framed,
 * not sniffed, not cached: partner info has e-mail and mobile), not the page's eleven. Each header
 * is work in Node's writer and bytes on the wire; the page's set cost a fifth of a cached read.
 * The API's docs are a page (Swagger UI), with their own CSP.
 */
const isApiAnswer = (url: string) =>
  (url.startsWith(PARTNER_API_PREFIX) && !url.startsWith(DOCS_PATH)) || url.startsWith(GATEWAY_PREFIX);

export default fp(
  async (app) => {
    const documentHeaders = helmetHeaders();
    // A callback, not an async hook: it waits for nothing, and a promise per request is work.
    app.addHook('onRequest', (request, reply, done) => {
      void reply.headers(isApiAnswer(request.url) ? BARE_RESPONSE_HEADERS : documentHeaders);
      // request.protocol reads X-Forwarded-Proto only from the trusted proxy hops.
      if (request.protocol === 'https') void reply.header('strict-transport-security', HSTS);
      done();
    });
  },
  { name: 'security' },
);
