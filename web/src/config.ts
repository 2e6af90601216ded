import { z } from 'zod';
import { IDLE_TIMEOUT_MS, WEB_BASE_PATH } from '@pp/contract';

/**
 * Run-time settings: the server injects them into index.html as JSON (so one build serves every
 * stack); Vite's dev server has none, and the defaults apply.
 */
const configSchema = z.object({
  /** Client idle time-out (spec section 9: 20 minutes); test stacks shorten it. */
  idleTimeoutMs: z.number().int().positive().default(IDLE_TIMEOUT_MS),
  /** Where staff pages send a user without a token, and idle users of two staff pages (spec section 2). */
  externalLoginUrl: z.string().min(1).default(`${WEB_BASE_PATH}/login`),
});

function readInjected(): unknown {
  const text = document.getElementById('pp-config')?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

const parsed = configSchema.safeParse(readInjected());
export const webConfig = parsed.success ? parsed.data : configSchema.parse({});
