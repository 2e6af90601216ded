import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import { GATEWAY_PREFIX } from '@pp/contract';
import { installErrorHandling, useContractSchemas } from '@pp/platform';
import botRoutes from './bot/bot.routes.ts';
import { Bot } from './bot/bot.ts';
import { ConversationStore } from './bot/conversation-store.ts';
import { ServerClient } from './bot/server-client.ts';
import type { GatewayConfig } from './config.ts';
import { TtsEngine } from './tts/tts-engine.ts';
import ttsRoutes from './tts/tts.routes.ts';
import { detectRecognizer, type Recognizer } from './voice/recognizer.ts';
import voiceRoutes, { VOICE_LIMITS } from './voice/voice.routes.ts';

export const GATEWAY_HEALTH_PATH = `${GATEWAY_PREFIX}/health`;

/** Largest request body the gateway reads (chat messages and texts to speak are small). */
const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * The gateway: chat bot, text-to-speech and the voice WebSocket under /chatbot. Its HTTP calls are
 * contract endpoints (gatewayApi), registered and answered as the API server's are.
 */
export async function buildGateway(
  config: GatewayConfig,
  options: { logger?: FastifyServerOptions['logger']; recognizer?: Recognizer | null } = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? { level: config.logLevel }, bodyLimit: BODY_LIMIT_BYTES });
  useContractSchemas(app);
  installErrorHandling(app);

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
  await app.register(
    async (chatbot) => {
      await chatbot.register(ttsRoutes, { engine: tts });
      await chatbot.register(botRoutes, { bot: new Bot(store, new ServerClient(config.serverUrl, config.internalApiToken)) });
    },
    { prefix: GATEWAY_PREFIX },
  );
  return app;
}
