import type { RateLimit } from './rate-limit.ts';

/**
 * Rate limits of the identity calls (issue 3 asks for them; the spec gives no figures). Counted
 * in Postgres per fixed window; see lib/rate-limit.ts.
 */
export const LIMITS = {
  /** Availability and validation look-ups (username, mobile, e-mail, DUNS, national id) per IP. */
  lookupPerIp: { limit: 60, windowMs: 60_000 },
  /** OTP sends (first send and resends) per mobile number or e-mail address. */
  otpSendPerTarget: { limit: 5, windowMs: 15 * 60_000 },
  /** OTP sends per client IP, whatever the target. */
  otpSendPerIp: { limit: 20, windowMs: 15 * 60_000 },
  /** Sign-in attempts per client IP (the per-account lockout is separate). */
  signinPerIp: { limit: 30, windowMs: 60_000 },
  /** Verification e-mails sent again, per address. */
  activationResendPerEmail: { limit: 3, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateLimit>;
