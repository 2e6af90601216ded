import { z } from 'zod';

const envSchema = z.object({
  /** Where staff pages send a user without a token, and idle users of two staff pages (spec section 2). */
  VITE_EXTERNAL_LOGIN_URL: z.string().min(1).default('/PartnerMgmtApp/login'),
  /** Client idle time-out; shortened only by test stacks (spec section 9: 20 minutes). */
  VITE_IDLE_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Invalid web configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
}

export const webConfig = {
  externalLoginUrl: parsed.data.VITE_EXTERNAL_LOGIN_URL,
  idleTimeoutMs: parsed.data.VITE_IDLE_TIMEOUT_MS,
};
