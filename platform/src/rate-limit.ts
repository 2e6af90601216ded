import { TooManyRequests, type AppError, type Message } from './app-error.ts';

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

/** Many hits counted within a caller's own statement: see rateLimitHits. */
export interface RateLimitHits {
  /** Two common table expressions (pp_wanted, pp_hit) for the statement's WITH list. */
  with: string;
  /** An expression for the statement's SELECT list: the windows' counts, read back by `refusals`. */
  counts: string;
  /** The parameters `with` uses, numbered from the `firstParameter` given. */
  values: unknown[];
  /** Each hit's outcome, in the order given: null, or the 429 to answer it with. */
  refusals(counts: unknown): (AppError | null)[];
}

/**
 * Many hits counted as part of a caller's own statement: the chat counts the messages that arrive
 * together, reads the conversations they continue and saves others in one round trip, not one or
 * two per message. Hits of one key in one statement count in the order given, as one after the
 * other would.
 */
export function rateLimitHits(hits: RateLimitHit[], firstParameter: number): RateLimitHits {
  // One counter row per key and window: an upsert may not touch a row twice. In key order, so two
  // statements counting the same keys lock their rows in the same order.
  const groups = new Map<string, { key: string; windowStart: string; hits: number }>();
  const groupOf = hits.map((hit) => {
    const windowStart = windowOf(hit.rule, hit.now).toISOString();
    const id = `${windowStart} ${hit.key}`;
    const group = groups.get(id) ?? { key: hit.key, windowStart, hits: 0 };
    groups.set(id, group);
    group.hits += 1;
    return { group, nth: group.hits };
  });
  const counted = [...groups.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const [keys, windows, amounts] = [0, 1, 2].map((i) => `$${firstParameter + i}`);
  return {
    with: `pp_wanted AS (
         SELECT * FROM unnest(${keys}::text[], ${windows}::timestamp(3)[], ${amounts}::int[]) WITH ORDINALITY AS w("key", "windowStart", "hits", "ord")
       ), pp_hit AS (
         INSERT INTO "RateLimitBucket" ("key", "windowStart", "count")
         SELECT "key", "windowStart", "hits" FROM pp_wanted ORDER BY "ord"
         ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitBucket"."count" + EXCLUDED."count"
         RETURNING "key", "windowStart", "count"
       )`,
    counts: `(SELECT array_agg(pp_hit."count" ORDER BY pp_wanted."ord") FROM pp_wanted JOIN pp_hit USING ("key", "windowStart"))`,
    values: [counted.map((g) => g.key), counted.map((g) => g.windowStart), counted.map((g) => g.hits)],
    refusals(counts) {
      const totals = new Map(counted.map((group, i) => [group, Number((counts as number[] | null)?.[i] ?? 0)]));
      return hits.map((hit, i) => {
        const { group, nth } = groupOf[i]!;
        // The window's count once this hit was counted: those before it in the statement came first.
        const count = totals.get(group)! - group.hits + nth;
        return count > hit.rule.limit ? overLimit(windowOf(hit.rule, hit.now), hit.rule, hit.now, hit.message) : null;
      });
    },
  };
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
