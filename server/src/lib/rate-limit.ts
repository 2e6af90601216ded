import type { Db } from '@pp/db';
import { TooManyRequests } from '@pp/platform';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counter in Postgres (one upsert per hit), so every server instance shares the
 * count and a restart forgets nothing. Throws 429 with `message(minutes)` once over the limit.
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  rule: RateLimit,
  now: Date,
  message: (minutes: number) => string,
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const rows = await db.$queryRaw<{ count: number }[]>`
    INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES (${key}, ${windowStart}, 1)
    ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
    RETURNING "count"`;
  const count = Number(rows[0]?.count ?? 0);
  if (count > rule.limit) {
    const retryMs = windowStart.getTime() + rule.windowMs - now.getTime();
    throw TooManyRequests(message(Math.max(1, Math.ceil(retryMs / 60_000))));
  }
}

/** Drops counters of windows long past; called now and then, not on the request path. */
export async function pruneRateLimits(db: Db, now: Date, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const { count } = await db.rateLimitBucket.deleteMany({
    where: { windowStart: { lt: new Date(now.getTime() - olderThanMs) } },
  });
  return count;
}
