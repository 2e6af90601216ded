import { z } from 'zod';

const envSchema = z.object({
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Environment variables the gateway reads (the compose test checks docker-compose.yml against them). */
export const GATEWAY_ENV_KEYS = Object.keys(envSchema.shape);

/** Gateway configuration, parsed once from the environment. */
export interface GatewayConfig {
  host: string;
  port: number;
  logLevel: string;
}

export function loadGatewayConfig(env: NodeJS.ProcessEnv = process.env): GatewayConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid gateway configuration:\n${problems}`);
  }
  return { host: parsed.data.HOST, port: parsed.data.PORT, logLevel: parsed.data.LOG_LEVEL };
}
