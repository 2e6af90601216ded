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

/** One hit of a limit: whose (`key`), which rule, when, and the 429's wording. */
export interface RateLimitHit {
  key: string;
  rule: RateLimit;
  now: Date;
  message: (minutes: number) => Message;
}

/** Counts one hit of `$1` (the key) in the window starting at `$2`, returning the window's count. */
const HIT = `INSERT INTO "RateLimitBucket" ("key", "windowStart", "count") VALUES ($1, $2::timestamp, 1)
     ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + 1
     RETURNING "count"`;

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
  const hit = { key, rule, now, message };
  const { rows } = await sql.query({ name: 'pp_rate_limit_hit', text: HIT, values: hitValues(hit) });
  refuseOverLimit(hit, rows[0]?.count);
}

/**
 * consumeRateLimit, and in the same round trip the caller's own read: a SELECT of at most one row
 * whose parameters are numbered from $1 in its text (they follow the counter's). Its row, or null
 * when it found none (every column it selects null). The chat's message limit and the
 * conversation it continues were two round trips on every message.
 */
export async function consumeRateLimitAndRead(
  sql: SqlQuery,
  hit: RateLimitHit,
  read: { name: string; text: string; values: unknown[] },
): Promise<Record<string, unknown> | null> {
  const values = hitValues(hit);
  const readText = read.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + values.length}`);
  const { rows } = await sql.query({
    name: `pp_rate_limit_hit_${read.name}`,
    text: `WITH hit AS (${HIT}) SELECT hit."count" AS "pp_hits", r.* FROM hit LEFT JOIN LATERAL (${readText}) r ON true`,
    values: [...values, ...read.values],
  });
  const { pp_hits: count, ...row } = rows[0] ?? {};
  refuseOverLimit(hit, count);
  return Object.values(row).some((value) => value !== null) ? row : null;
}

const hitValues = (hit: RateLimitHit) => [hit.key, windowOf(hit.rule, hit.now).toISOString()];

function refuseOverLimit(hit: RateLimitHit, count: unknown) {
  if (Number(count ?? 0) > hit.rule.limit) throw overLimit(windowOf(hit.rule, hit.now), hit.rule, hit.now, hit.message);
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
