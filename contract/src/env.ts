import type { z } from 'zod';

/**
 * Parses a service's environment with its zod schema, or refuses to start with the list of what
 * is wrong (every service does it the same way).
 */
export function parseEnv<T extends z.ZodType>(schema: T, env: Record<string, string | undefined>, service: string): z.output<T> {
  const parsed = schema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`).join('\n');
  throw new Error(`Invalid ${service} configuration:\n${problems}`);
}
