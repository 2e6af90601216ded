import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import websocket from '@fastify/websocket';
import {
  CHAT_CONVERSATION_IDLE_MS,
  GATEWAY_BODY_LIMIT_BYTES,
  GATEWAY_PREFIX,
  TEXTS,
  RATE_LIMITS,
  endpointUrl,
  gatewayApi,
} from '@pp/contract';
import {
  accessLogOptions,
  REQUEST_TIMEOUT_MS,
  addRoute,
  answerClientError,
  consumeRateLimit,
  installErrorHandling,
  keptQuerystringParser,
  useContractSchemas,
  type RateLimit,
} from '@pp/platform';
import botRoutes from './bot/bot.routes.ts';
import { Bot } from './bot/bot.ts';
import { ConversationStore, gatewayPool } from './bot/conversation-store.ts';
import { ServerClient } from './bot/server-client.ts';
import type { GatewayConfig } from './config.ts';
import { TtsEngine } from './tts/tts-engine.ts';
import ttsRoutes from './tts/tts.routes.ts';
import { RecognitionPool } from './voice/recognition-pool.ts';
import { detectRecognizer, type Recognizer } from './voice/recognizer.ts';
import voiceRoutes, { VOICE_LIMITS } from './voice/voice.routes.ts';

export const GATEWAY_HEALTH_PATH = endpointUrl(gatewayApi.health);

/** How often idle chat conversations are forgotten. */
const PRUNE_INTERVAL_MS = 5 * 60_000;

/**
 * The gateway: chat bot, text-to-speech and the voice WebSocket under /chatbot. Its HTTP calls are
 * contract endpoints (gatewayApi), registered and answered as the API server's are.
 */
export async function buildGateway(
  config: GatewayConfig,
  options: {
    logger?: FastifyServerOptions['logger'];
    recognizer?: Recognizer | null;
    now?: () => Date;
    voiceLimits?: Partial<typeof VOICE_LIMITS>;
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    ...accessLogOptions(),
    logger: options.logger ?? { level: config.logLevel },
    bodyLimit: GATEWAY_BODY_LIMIT_BYTES,
    routerOptions: { querystringParser: keptQuerystringParser() },
    clientErrorHandler: answerClientError,
    // Fastify waits for ever by default: a client that never finishes its request would hold the connection.
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Per-client limits read request.ip: the server's proxy names the visitor in X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < config.trustProxyHops,
  });
  useContractSchemas(app);
  installErrorHandling(app);
  const now = options.now ?? (() => new Date());

  const tts = new TtsEngine({ maxQueue: config.ttsMaxQueue, timeoutMs: config.ttsTimeoutMs });
  const pool = gatewayPool(config.databaseUrl);
  // An idle connection that Postgres drops (restart, failover) must not take the gateway down.
  pool.on('error', (error) => app.log.warn({ err: error }, 'idle database connection lost'));
  const store = new ConversationStore(pool, (error) => app.log.warn({ err: error }, 'chat conversation not saved'));
  const pruneTimer = setInterval(() => {
    store
      .pruneIdle(now(), CHAT_CONVERSATION_IDLE_MS)
      .catch((error: unknown) => app.log.warn({ err: error }, 'chat prune failed'));
  }, PRUNE_INTERVAL_MS);
  pruneTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(pruneTimer);
    tts.close();
    await store.flush();
    await pool.end();
  });
  /** Counts one request against a limit in the counters the server shares; 429 once over it. */
  const limit = (key: string, rule: RateLimit) => consumeRateLimit(pool, key, rule, now(), TEXTS.tooManyRequests);
  /** The same, for a caller that counts it in a statement of its own (the chat's message and conversation). */
  const hit = (key: string, rule: RateLimit) => ({ key, rule, now: now(), message: TEXTS.tooManyRequests });
  const recognizer = options.recognizer === undefined ? detectRecognizer() : options.recognizer;
  await app.register(websocket, { options: { maxPayload: VOICE_LIMITS.maxFrameBytes } });
  await app.register(voiceRoutes, {
    recognizer: recognizer && new RecognitionPool(recognizer, { workers: config.voiceWorkers, maxQueue: config.voiceMaxQueue }),
    allowedOrigins: config.allowedOrigins,
    ...(options.voiceLimits ? { limits: options.voiceLimits } : {}),
  });
  await app.register(
    async (chatbot) => {
      // Health answers in its own shape (load balancers read it), 503 when the database is down.
      addRoute(chatbot, gatewayApi.health, async ({ reply }) => {
        const up = await pool.query('SELECT 1').then(
          () => true,
          (error: unknown) => {
            app.log.error({ err: error }, 'database health check failed');
            return false;
          },
        );
        if (!up) void reply.code(503);
        return {
          status: up ? ('ok' as const) : ('degraded' as const),
          service: 'gateway' as const,
          database: up ? ('up' as const) : ('down' as const),
        };
      });
      await chatbot.register(ttsRoutes, { engine: tts });
      const limitCallbacks = (client: string) => limit(`chat-callback:${client}`, RATE_LIMITS.chatCallbackPerClient);
      const bot = new Bot(store, new ServerClient(config.serverUrl, config.internalApiToken), limitCallbacks, now);
      await chatbot.register(botRoutes, { bot, hit });
    },
    { prefix: GATEWAY_PREFIX },
  );
  return app;
}
