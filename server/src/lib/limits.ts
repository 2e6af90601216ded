import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@pp/contract';
import { consumeRateLimit, type RateLimit } from './rate-limit.ts';

/**
 * Rate limits of the identity calls (the spec gives no figures; these are ours). Counted
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

type LimitDeps = Pick<FastifyInstance, 'db' | 'now'>;

/** Availability look-ups, per client IP. */
export async function limitLookups(deps: LimitDeps, ip: string): Promise<void> {
  await consumeRateLimit(deps.db, `lookup:${ip}`, LIMITS.lookupPerIp, deps.now(), MESSAGES.tooManyRequests);
}

/** OTP sends, per client IP and per mobile number or e-mail address. */
export async function limitOtpSends(deps: LimitDeps, target: string, ip: string): Promise<void> {
  await consumeRateLimit(deps.db, `otp-send-ip:${ip}`, LIMITS.otpSendPerIp, deps.now(), MESSAGES.tooManyOtpRequests);
  await consumeRateLimit(deps.db, `otp-send:${target}`, LIMITS.otpSendPerTarget, deps.now(), MESSAGES.tooManyOtpRequests);
}

/** Sign-in attempts, per client IP (the per-account lockout is separate). */
export async function limitSignins(deps: LimitDeps, ip: string): Promise<void> {
  await consumeRateLimit(deps.db, `signin:${ip}`, LIMITS.signinPerIp, deps.now(), MESSAGES.tooManyRequests);
}
