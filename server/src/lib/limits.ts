import type { FastifyInstance } from 'fastify';
import { MESSAGES, RATE_LIMITS } from '@pp/contract';
import type { Db } from '@pp/db';
import { consumeRateLimit, type RateLimit, type SqlQuery } from '@pp/platform';

type LimitDeps = Pick<FastifyInstance, 'db' | 'now'>;

/** Prisma's client as the shared counters' query runner (the gateway passes its pg pool). */
export const sqlOf = (db: Db): SqlQuery => ({
  query: async (text, values) => ({ rows: await db.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values) }),
});

const hit = (deps: LimitDeps, key: string, rule: RateLimit, message: (minutes: number) => string) =>
  consumeRateLimit(sqlOf(deps.db), key, rule, deps.now(), message);

/** Availability look-ups, per client. */
export async function limitLookups(deps: LimitDeps, ip: string): Promise<void> {
  await hit(deps, `lookup:${ip}`, RATE_LIMITS.lookupPerClient, MESSAGES.tooManyRequests);
}

/** OTP sends to one mobile number or e-mail address, from any client. */
export async function limitOtpTarget(deps: LimitDeps, target: string): Promise<void> {
  await hit(deps, `otp-send:${target}`, RATE_LIMITS.otpSendPerTarget, MESSAGES.tooManyOtpRequests);
}

/** OTP sends, per client and per mobile number or e-mail address. */
export async function limitOtpSends(deps: LimitDeps, target: string, ip: string): Promise<void> {
  await hit(deps, `otp-send-ip:${ip}`, RATE_LIMITS.otpSendPerClient, MESSAGES.tooManyOtpRequests);
  await limitOtpTarget(deps, target);
}

/**
 * Password-reset OTP requests, per client and per user name: counted before the name is looked
 * up, so a name that does not exist runs into the same limits as one that does.
 */
export async function limitResetRequests(deps: LimitDeps, loginName: string, ip: string): Promise<void> {
  await hit(deps, `otp-send-ip:${ip}`, RATE_LIMITS.otpSendPerClient, MESSAGES.tooManyOtpRequests);
  await hit(deps, `reset:${loginName}`, RATE_LIMITS.resetRequestPerName, MESSAGES.tooManyOtpRequests);
}

/** Sign-in attempts, per client (SIGNIN_THROTTLE is per name and client). */
export async function limitSignins(deps: LimitDeps, ip: string): Promise<void> {
  await hit(deps, `signin:${ip}`, RATE_LIMITS.signinPerClient, MESSAGES.tooManyRequests);
}

/** Verification e-mails sent again, per address. */
export async function limitActivationResends(deps: LimitDeps, email: string): Promise<void> {
  await hit(deps, `activation:${email}`, RATE_LIMITS.activationResendPerEmail, MESSAGES.tooManyRequests);
}
