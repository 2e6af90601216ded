import proxy from '@fastify/http-proxy';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { GATEWAY_BODY_LIMIT_BYTES, GATEWAY_PREFIX, TEXTS, isAllowedOrigin, say } from '@pp/contract';
import { errorBody, requestLanguage, socketLanguage } from '@pp/platform';

/**
 * The gateway limits chat per visitor, so it is told who the visitor is: this server's own idea of
 * the client (request.ip, which trusts only the configured proxy hops), replacing whatever the
 * client claimed.
 */
const FORWARDED_FOR = 'x-forwarded-for';

const isUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/**
 * Forwards /chatbot/* (HTTP and the voice WebSocket) to the gateway, so the browser stays on one
 * origin. A gateway that is down or broken answers 502, which the web client maps (spec section 8).
 * A WebSocket upgrade from a page of another origin is refused here with 403; the gateway checks
 * the Origin of its own upgrades as well, as it can be reached directly.
 */
export default fp(
  async (app) => {
    // rewriteRequestHeaders is supported for sockets but missing from the plugin's types.
    const wsClientOptions = {
      origin: app.config.allowedOrigins[0],
      rewriteRequestHeaders: (headers: Record<string, string>, request: FastifyRequest) => ({
        ...headers,
        [FORWARDED_FOR]: request.ip,
      }),
    };
    await app.register(proxy, {
      upstream: app.config.gatewayUrl,
      prefix: GATEWAY_PREFIX,
      rewritePrefix: GATEWAY_PREFIX,
      websocket: true,
      preValidation: (request, reply, done) => {
        if (isUpgrade(request) && !isAllowedOrigin(request.headers.origin, app.config.allowedOrigins)) {
          void reply.code(403).send(errorBody(403, say(TEXTS.voiceOriginRefused, socketLanguage(request))));
          return;
        }
        // The gateway refuses such a body as soon as it sees its length and closes the connection
        // while the body is still being sent, which the upstream client reported as a 502 or not at
        // all; refused here, the body is never forwarded and the client gets the 413 every time.
        if (Number(request.headers['content-length'] ?? 0) > GATEWAY_BODY_LIMIT_BYTES) {
          void reply.code(413).send(errorBody(413, say(TEXTS.bodyTooLarge(GATEWAY_BODY_LIMIT_BYTES), requestLanguage(request))));
          return;
        }
        done();
      },
      // Only allowed pages get this far; the gateway is told the portal's origin, which it allows too.
      wsClientOptions,
      replyOptions: {
        // The client's Expect: 100-continue was already answered by this server when it read the
        // body; the upstream client (undici) refuses the header outright, which made every such
        // request a 502 instead of the gateway's own answer.
        rewriteRequestHeaders: (request, headers) => {
          const { expect: _expect, ...forwarded } = headers;
          return { ...forwarded, [FORWARDED_FOR]: request.ip };
        },
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'gateway unreachable');
          void reply.code(502).send(errorBody(502, say(TEXTS.serviceDown, requestLanguage(reply.request))));
        },
      },
    });
  },
  { name: 'gateway-proxy', dependencies: ['config'] },
);
