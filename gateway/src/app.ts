import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { GATEWAY_PREFIX } from '@pp/contract';
import type { GatewayConfig } from './config.ts';
import { BadRequest, sendError } from './http.ts';
import { TtsEngine } from './tts/tts-engine.ts';
import ttsRoutes from './tts/tts.routes.ts';
import websocket from '@fastify/websocket';
import { detectRecognizer, type Recognizer } from './voice/recognizer.ts';
import voiceRoutes, { VOICE_LIMITS } from './voice/voice.routes.ts';
import { Bot } from './bot/bot.ts';
import botRoutes from './bot/bot.routes.ts';
import { ConversationStore } from './bot/conversation-store.ts';
import { ServerClient } from './bot/server-client.ts';

export const GATEWAY_HEALTH_PATH = `${GATEWAY_PREFIX}/health`;

/** The gateway: chat bot, text-to-speech and the voice WebSocket live under /chatbot. */
export async function buildGateway(
  config: GatewayConfig,
  options: { logger?: FastifyServerOptions['logger']; recognizer?: Recognizer | null } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? { level: config.logLevel }, bodyLimit: 64 * 1024 });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof BadRequest) return sendError(reply, 400, error.message);
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return sendError(reply, status, (error as Error).message);
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, 'Something went wrong on our side.');
  });
  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `Route ${request.method}:${request.url} not found`));

  app.get(GATEWAY_HEALTH_PATH, async () => ({ status: 'ok', service: 'gateway' }));

  const tts = new TtsEngine({ maxQueue: config.ttsMaxQueue, timeoutMs: config.ttsTimeoutMs });
  const store = new ConversationStore(config.databaseUrl, (error) =>
    app.log.warn({ err: error }, 'idle database connection lost'),
  );
  app.addHook('onClose', async () => {
    tts.close();
    await store.close();
  });
  await app.register(websocket, { options: { maxPayload: VOICE_LIMITS.maxFrameBytes } });
  await app.register(voiceRoutes, {
    recognizer: options.recognizer === undefined ? detectRecognizer() : options.recognizer,
    allowedOrigins: config.allowedOrigins,
  });
  await app.register(ttsRoutes, { engine: tts });
  await app.register(botRoutes, { bot: new Bot(store, new ServerClient(config.serverUrl, config.internalApiToken)) });
  return app;
}
