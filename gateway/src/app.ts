import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { GATEWAY_PREFIX } from '@pp/contract';
import type { GatewayConfig } from './config.ts';

export const GATEWAY_HEALTH_PATH = `${GATEWAY_PREFIX}/health`;

/** The gateway: chat bot, text-to-speech and the voice WebSocket live under /chatbot. */
export async function buildGateway(
  config: GatewayConfig,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? { level: config.logLevel }, bodyLimit: 64 * 1024 });

  app.get(GATEWAY_HEALTH_PATH, async () => ({ status: 'ok', service: 'gateway' }));

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ response: null, failureMessage: `Route ${request.method}:${request.url} not found`, errorCode: 404 });
  });
  return app;
}
