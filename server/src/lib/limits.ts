import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { REPORT_DOWNLOADS_AT_ONCE, TEXTS, RATE_LIMITS } from '@pp/contract';
import { queryRows, type Db } from '@pp/db';
import { TooManyRequests, consumeAllowance, consumeRateLimit, type Message, type RateLimit, type SqlQuery } from '@pp/platform';
import type { UploadBudget } from '../config.ts';

type LimitDeps = Pick<FastifyInstance, 'db' | 'now'>;

/** The database as the shared counters' query runner, on Prisma's pool (the gateway passes its own pg pool). */
export const sqlOf = (db: Db): SqlQuery => ({
  query: async ({ values, ...statement }) => ({ rows: await queryRows<Record<string, unknown>>(db, statement, values) }),
});

const hit = (deps: LimitDeps, key: string, rule: RateLimit, message: (minutes: number) => Message) =>
  consumeRateLimit(sqlOf(deps.db), key, rule, deps.now(), message);

/** Availability look-ups, per client. */
export async function limitLookups(deps: LimitDeps, ip: string): Promise<void> {
  await hit(deps, `lookup:${ip}`, RATE_LIMITS.lookupPerClient, TEXTS.tooManyRequests);
}

/** OTP sends to one mobile number or e-mail address, from any client. */
export async function limitOtpTarget(deps: LimitDeps, target: string): Promise<void> {
  await hit(deps, `otp-send:${target}`, RATE_LIMITS.otpSendPerTarget, TEXTS.tooManyOtpRequests);
}

/** OTP sends, per client and per mobile number or e-mail address. */
export async function limitOtpSends(deps: LimitDeps, target: string, ip: string): Promise<void> {
  await hit(deps, `otp-send-ip:${ip}`, RATE_LIMITS.otpSendPerClient, TEXTS.tooManyOtpRequests);
  await limitOtpTarget(deps, target);
}

/**
 * Password-reset OTP requests, per client and per user name: counted before the name is looked
 * up, so a name that does not exist runs into the same limits as one that does.
 */
export async function limitResetRequests(deps: LimitDeps, loginName: string, ip: string): Promise<void> {
  await hit(deps, `otp-send-ip:${ip}`, RATE_LIMITS.otpSendPerClient, TEXTS.tooManyOtpRequests);
  await hit(deps, `reset:${loginName}`, RATE_LIMITS.resetRequestPerName, TEXTS.tooManyOtpRequests);
}

/** Sign-in attempts, per client (SIGNIN_THROTTLE is per name and client). */
export async function limitSignins(deps: LimitDeps, ip: string): Promise<void> {
  await hit(deps, `signin:${ip}`, RATE_LIMITS.signinPerClient, TEXTS.tooManyRequests);
}

/** Verification e-mails sent again, per address. */
export async function limitActivationResends(deps: LimitDeps, email: string): Promise<void> {
  await hit(deps, `activation:${email}`, RATE_LIMITS.activationResendPerEmail, TEXTS.tooManyRequests);
}

const MB = 1024 * 1024;
const PER_MINUTE = 60_000;
type UploadDeps = LimitDeps & { config: { uploads: UploadBudget } };

/** Files uploaded per account and minute (counted before the bytes arrive). */
export async function limitUploadedFiles(deps: UploadDeps, userId: number): Promise<void> {
  const files = deps.config.uploads.filesPerMinute;
  await hit(deps, `upload-files:${userId}`, { limit: files, windowMs: PER_MINUTE }, (minutes) =>
    TEXTS.uploadFilesPerMinute(files, minutes),
  );
}

/** Bytes uploaded per account and minute (counted once the file's size is known; a refused file is not counted). */
export async function limitUploadedBytes(deps: UploadDeps, userId: number, bytes: number): Promise<void> {
  const limit = deps.config.uploads.bytesPerMinute;
  await consumeAllowance(
    sqlOf(deps.db),
    `upload-bytes:${userId}`,
    { limit, windowMs: PER_MINUTE },
    bytes,
    deps.now(),
    (minutes) => TEXTS.uploadBytesPerMinute(Math.round((limit / MB) * 10) / 10, minutes),
  );
}

/**
 * A place among at most `max` at once for `key`, on every server: answers how to give it back, or
 * null when all are taken. The advisory lock makes concurrent claims of one key take turns, each
 * counting (in a statement of its own, so it sees the claims committed before it) what the others hold.
 */
async function claimLease(deps: LimitDeps, key: string, max: number, leaseMs: number): Promise<(() => Promise<void>) | null> {
  const now = deps.now();
  const id = randomUUID();
  const claimed = await deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`lease:${key}`}))`;
    await tx.$executeRaw`DELETE FROM "ConcurrencyLease" WHERE key = ${key} AND "expiresAt" <= ${now}`;
    return tx.$executeRaw`
      INSERT INTO "ConcurrencyLease" (id, key, "expiresAt")
      SELECT ${id}::uuid, ${key}, ${new Date(now.getTime() + leaseMs)}
       WHERE (SELECT count(*) FROM "ConcurrencyLease" WHERE key = ${key}) < ${max}`;
  });
  if (claimed === 0) return null;
  return async () => {
    await deps.db.$executeRaw`DELETE FROM "ConcurrencyLease" WHERE id = ${id}::uuid`;
  };
}

/** A report download's place among the user's REPORT_DOWNLOADS_AT_ONCE; 429 with Retry-After when none is free. */
export async function claimReportDownload(deps: LimitDeps, userId: number): Promise<() => Promise<void>> {
  const { perUser, retryAfterSeconds, leaseMs } = REPORT_DOWNLOADS_AT_ONCE;
  const release = await claimLease(deps, `report-download:${userId}`, perUser, leaseMs);
  if (!release) throw TooManyRequests(TEXTS.tooManyDownloads(perUser), retryAfterSeconds);
  return release;
}
