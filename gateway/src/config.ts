import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { defaultCorsOrigins, originListSchema, originOf, parseEnv, withLoopbackTwins } from '@pp/contract';
import { DEV_INTERNAL_TOKEN, productionSecretProblem } from '@pp/platform';

const envShape = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Speech jobs waiting at once before the gateway answers 503. */
  TTS_MAX_QUEUE: z.coerce.number().int().positive().default(16),
  /** A speech job taking longer is abandoned (the client waits at most 100 s, spec section 9). */
  TTS_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Speech recognitions at once (each uses a core) and waiting after them before "busy". */
  VOICE_WORKERS: z.coerce.number().int().positive().default(Math.max(1, availableParallelism())),
  VOICE_MAX_QUEUE: z.coerce.number().int().min(0).default(16),
  /** Conversation state lives in the portal's database. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  /** The API server, for a partner's own data and for callback requests. */
  SERVER_URL: z.url().default('http://127.0.0.1:8080'),
  INTERNAL_API_TOKEN: z.string().min(24).default(DEV_INTERNAL_TOKEN),
  /** The portal's address as browsers reach it: its pages may open the voice WebSocket. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** Other origins whose pages may open it too (a front-end developer's dev server); comma-separated. */
  CORS_ORIGINS: originListSchema.optional(),
  /**
   * Hops of trusted proxies (X-Forwarded-For). The gateway is reached through the API server's
   * proxy, which names the visitor there; 0 when clients connect directly.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(1),
});

const envSchema = envShape.superRefine((env, ctx) => {
  const problem = env.NODE_ENV === 'production' ? productionSecretProblem(env.INTERNAL_API_TOKEN) : null;
  if (problem) ctx.addIssue({ code: 'custom', path: ['INTERNAL_API_TOKEN'], message: `INTERNAL_API_TOKEN ${problem}` });
});

/** Environment variables the gateway reads (the compose test checks docker-compose.yml against them). */
export const GATEWAY_ENV_KEYS = Object.keys(envShape.shape);

/** Gateway configuration, parsed once from the environment. */
export interface GatewayConfig {
  host: string;
  port: number;
  logLevel: string;
  ttsMaxQueue: number;
  ttsTimeoutMs: number;
  voiceWorkers: number;
  voiceMaxQueue: number;
  databaseUrl: string;
  serverUrl: string;
  internalApiToken: string;
  allowedOrigins: string[];
  trustProxyHops: number;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const e = parseEnv(envSchema, env, 'gateway');
  return {
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    ttsMaxQueue: e.TTS_MAX_QUEUE,
    ttsTimeoutMs: e.TTS_TIMEOUT_MS,
    voiceWorkers: e.VOICE_WORKERS,
    voiceMaxQueue: e.VOICE_MAX_QUEUE,
    databaseUrl: e.DATABASE_URL,
    serverUrl: e.SERVER_URL.replace(/\/$/, ''),
    internalApiToken: e.INTERNAL_API_TOKEN,
    allowedOrigins: withLoopbackTwins([originOf(e.PUBLIC_URL)!, ...(e.CORS_ORIGINS ?? defaultCorsOrigins(e.NODE_ENV))]),
    trustProxyHops: e.TRUST_PROXY_HOPS,
  };
}
