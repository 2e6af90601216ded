import { TooManyRequests } from './app-error.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/** What the counters need of a database: one parameterised query (node-postgres' pool fits). */
export interface SqlQuery {
  query(text: string, values: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * Fixed-window counter in Postgres (one upsert per hit, in the RateLimitBucket table), so every
 * server and gateway instance shares the count and a restart forgets nothing. Throws 429 with
 * `message(minutes)` once over the limit.
 */
export async function consumeRateLimit(
  sql: SqlQuery,
  key: string,
  rule: RateLimit,
  now: Date,
  message: (minutes: number) => string,
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const { rows } = await sql.query(
    `INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES ($1, $2::timestamp, 1)
     ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
     RETURNING "count"`,
    [key, windowStart.toISOString()],
  );
  const count = Number(rows[0]?.count ?? 0);
  if (count > rule.limit) {
    const retryMs = windowStart.getTime() + rule.windowMs - now.getTime();
    throw TooManyRequests(message(Math.max(1, Math.ceil(retryMs / 60_000))));
  }
}

/** Drops counters of windows long past; called now and then, not on the request path. */
export async function pruneRateLimits(sql: SqlQuery, now: Date, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const { rows } = await sql.query(
    `WITH gone AS (DELETE FROM "RateLimitBucket" WHERE "windowStart" < $1::timestamp RETURNING 1)
     SELECT count(*)::int AS "count" FROM gone`,
    [new Date(now.getTime() - olderThanMs).toISOString()],
  );
  return Number(rows[0]?.count ?? 0);
}
