import { SIGNIN_THROTTLE } from '@pp/contract';
import type { Db } from '@pp/db';

export type SigninAttempt = { allowed: true } | { allowed: false; retryAfterMs: number };

/** The wait that the n-th counted attempt sets: none before the last free one, then 30 s, 60 s, … up to the ceiling. */
function waitAfterAttempt(attempts: number): number {
  const { freeAttempts, firstDelayMs, maxDelayMs } = SIGNIN_THROTTLE;
  return attempts < freeAttempts ? 0 : Math.min(maxDelayMs, firstDelayMs * 2 ** (attempts - freeAttempts));
}

/**
 * Counts a sign-in attempt for this name from this client before the password is checked. The
 * pair's row is locked while it is read and written, so parallel guesses are counted one by one
 * and cannot slip past the free ones. An attempt made while the pair waits is refused and not
 * counted. A successful sign-in clears the pair (clearSigninAttempts).
 */
export async function countSigninAttempt(db: Db, username: string, clientAddress: string, now: Date): Promise<SigninAttempt> {
  const key = { username: username.slice(0, 100), clientAddress: clientAddress.slice(0, 64) };
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`
      INSERT INTO "SigninThrottle" ("username", "clientAddress", "attempts", "lastAttemptAt")
      VALUES (${key.username}, ${key.clientAddress}, 0, ${now}) ON CONFLICT DO NOTHING`;
    const rows = await tx.$queryRaw<{ attempts: number; lastAttemptAt: Date; blockedUntil: Date | null }[]>`
      SELECT "attempts", "lastAttemptAt", "blockedUntil" FROM "SigninThrottle"
      WHERE "username" = ${key.username} AND "clientAddress" = ${key.clientAddress} FOR UPDATE`;
    // The insert above guarantees the row.
    const row = rows[0]!;
    const forgotten = row.lastAttemptAt.getTime() < now.getTime() - SIGNIN_THROTTLE.forgetAfterMs;
    if (!forgotten && row.blockedUntil && row.blockedUntil > now) {
      return { allowed: false, retryAfterMs: row.blockedUntil.getTime() - now.getTime() };
    }
    const attempts = (forgotten ? 0 : row.attempts) + 1;
    const wait = waitAfterAttempt(attempts);
    await tx.signinThrottle.update({
      where: { username_clientAddress: key },
      data: { attempts, lastAttemptAt: now, blockedUntil: wait ? new Date(now.getTime() + wait) : null },
    });
    return { allowed: true };
  });
}

/** After a successful sign-in the client starts again from nothing for this name. */
export async function clearSigninAttempts(db: Db, username: string, clientAddress: string): Promise<void> {
  await db.signinThrottle.deleteMany({ where: { username: username.slice(0, 100), clientAddress: clientAddress.slice(0, 64) } });
}

/** Drops pairs with no attempt for a day; called now and then, not on the request path. */
export async function pruneSigninAttempts(db: Db, now: Date): Promise<number> {
  const { count } = await db.signinThrottle.deleteMany({
    where: { lastAttemptAt: { lt: new Date(now.getTime() - SIGNIN_THROTTLE.forgetAfterMs) } },
  });
  return count;
}
