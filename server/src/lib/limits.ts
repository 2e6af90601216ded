import type { FastifyInstance } from 'fastify';
import { MESSAGES, RATE_LIMITS } from '@pp/contract';
import { consumeRateLimit } from './rate-limit.ts';

type LimitDeps = Pick<FastifyInstance, 'db' | 'now'>;

/** Availability look-ups, per client. */
export async function limitLookups(deps: LimitDeps, ip: string): Promise<void> {
  await consumeRateLimit(deps.db, `lookup:${ip}`, RATE_LIMITS.lookupPerClient, deps.now(), MESSAGES.tooManyRequests);
}

/** OTP sends to one mobile number or e-mail address, from any client. */
export async function limitOtpTarget(deps: LimitDeps, target: string): Promise<void> {
  await consumeRateLimit(deps.db, `otp-send:${target}`, RATE_LIMITS.otpSendPerTarget, deps.now(), MESSAGES.tooManyOtpRequests);
}

/** OTP sends, per client and per mobile number or e-mail address. */
export async function limitOtpSends(deps: LimitDeps, target: string, ip: string): Promise<void> {
  await consumeRateLimit(deps.db, `otp-send-ip:${ip}`, RATE_LIMITS.otpSendPerClient, deps.now(), MESSAGES.tooManyOtpRequests);
  await limitOtpTarget(deps, target);
}

/**
 * Password-reset OTP requests, per client and per user name: counted before the name is looked
 * up, so a name that does not exist runs into the same limits as one that does.
 */
export async function limitResetRequests(deps: LimitDeps, loginName: string, ip: string): Promise<void> {
  await consumeRateLimit(deps.db, `otp-send-ip:${ip}`, RATE_LIMITS.otpSendPerClient, deps.now(), MESSAGES.tooManyOtpRequests);
  await consumeRateLimit(deps.db, `reset:${loginName}`, RATE_LIMITS.resetRequestPerName, deps.now(), MESSAGES.tooManyOtpRequests);
}

/** Sign-in attempts, per client (SIGNIN_THROTTLE is per name and client). */
export async function limitSignins(deps: LimitDeps, ip: string): Promise<void> {
  await consumeRateLimit(deps.db, `signin:${ip}`, RATE_LIMITS.signinPerClient, deps.now(), MESSAGES.tooManyRequests);
}
