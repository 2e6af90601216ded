import proxy from '@fastify/http-proxy';
import fp from 'fastify-plugin';
import { GATEWAY_PREFIX, MESSAGES } from '@pp/contract';
import { errorBody } from '../app/errors.ts';

/**
 * Forwards /chatbot/* (HTTP and the voice WebSocket) to the gateway, so the browser stays on one
 * origin. A gateway that is down or broken answers 502, which the web client maps (spec section 8).
 */
export default fp(
  async (app) => {
    await app.register(proxy, {
      upstream: app.config.gatewayUrl,
      prefix: GATEWAY_PREFIX,
      rewritePrefix: GATEWAY_PREFIX,
      websocket: true,
      replyOptions: {
        onError: (reply, { error }) => {
          reply.log.warn({ err: error }, 'gateway unreachable');
          void reply.code(502).send(errorBody(502, MESSAGES.serviceDown));
        },
      },
    });
  },
  { name: 'gateway-proxy', dependencies: ['config'] },
);
