import { TooManyRequests, type Message } from './app-error.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * What the counters need of a database: one parameterised statement (node-postgres' pool fits),
 * named so a pool prepares it once per connection: a counter is hit on every chat message.
 */
export interface SqlQuery {
  query(statement: { name: string; text: string; values: unknown[] }): Promise<{ rows: Record<string, unknown>[] }>;
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
  message: (minutes: number) => Message,
): Promise<void> {
  const windowStart = windowOf(rule, now);
  const { rows } = await sql.query({
    name: 'pp_rate_limit_hit',
    text: `INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES ($1, $2::timestamp, 1)
     ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
     RETURNING "count"`,
    values: [key, windowStart.toISOString()],
  });
  const count = Number(rows[0]?.count ?? 0);
  if (count > rule.limit) throw overLimit(windowStart, rule, now, message);
}

/**
 * Takes `amount` (bytes, say) out of a fixed-window allowance shared by every instance, or throws
 * 429 with `message(minutes)` when it would go past `rule.limit`; a refused amount is not counted,
 * so one refusal does not use up the rest of the window.
 */
export async function consumeAllowance(
  sql: SqlQuery,
  key: string,
  rule: RateLimit,
  amount: number,
  now: Date,
  message: (minutes: number) => Message,
): Promise<void> {
  const windowStart = windowOf(rule, now);
  if (amount > rule.limit) throw overLimit(windowStart, rule, now, message);
  const { rows } = await sql.query({
    name: 'pp_rate_limit_take',
    text: `INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES ($1, $2::timestamp, $3)
     ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + EXCLUDED."count"
       WHERE "RateLimitBucket"."count" + EXCLUDED."count" <= $4
     RETURNING "count"`,
    values: [key, windowStart.toISOString(), amount, rule.limit],
  });
  if (rows.length === 0) throw overLimit(windowStart, rule, now, message);
}

/** The start of the fixed window `now` falls in. */
const windowOf = (rule: RateLimit, now: Date) => new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);

function overLimit(windowStart: Date, rule: RateLimit, now: Date, message: (minutes: number) => Message) {
  const retryMs = Math.max(1_000, windowStart.getTime() + rule.windowMs - now.getTime());
  return TooManyRequests(message(Math.ceil(retryMs / 60_000)), Math.ceil(retryMs / 1_000));
}

/** Drops counters of windows long past; called now and then, not on the request path. */
export async function pruneRateLimits(sql: SqlQuery, now: Date, olderThanMs = 24 * 60 * 60 * 1000): Promise<number> {
  const { rows } = await sql.query({
    name: 'pp_rate_limit_prune',
    text: `WITH gone AS (DELETE FROM "RateLimitBucket" WHERE "windowStart" < $1::timestamp RETURNING 1)
     SELECT count(*)::int AS "count" FROM gone`,
    values: [new Date(now.getTime() - olderThanMs).toISOString()],
  });
  return Number(rows[0]?.count ?? 0);
}
