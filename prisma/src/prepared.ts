import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Db } from './client.ts';

/**
 * Statements prepared once on each connection (node-postgres' named statements), for the paths
 * people wait on (issue 26): PostgreSQL parses and plans them once per connection instead of on
 * every request, and the answer skips Prisma's query compiler and result mapping. Each answers one
 * column of JSON built by PostgreSQL (json_build_object, json_agg), parsed by node-postgres with
 * JSON.parse: no timestamp or numeric goes through a type parser of its own. They run on the pool
 * Prisma runs on (createDb), outside any Prisma transaction.
 */
export interface Prepared<Answer> {
  readonly name: string;
  readonly text: string;
  /** Only carries the answer's type. */
  readonly answer?: Answer;
}

/** A statement named by its text's hash, so the same text is prepared once whoever declares it. */
export function prepared<Answer>(text: string): Prepared<Answer> {
  return { name: `pp_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text };
}

const pools = new WeakMap<Db, pg.Pool>();

/** Called by createDb: the pool its client runs on. */
export function registerPool(db: Db, pool: pg.Pool) {
  pools.set(db, pool);
}

/** Runs a prepared statement whose one row holds one JSON column `answer`. */
export async function runPrepared<Answer>(db: Db, statement: Prepared<Answer>, values: unknown[]): Promise<Answer> {
  const pool = pools.get(db);
  if (!pool) throw new Error('runPrepared needs a client made by createDb (its pool is not known)');
  const result = await pool.query<{ answer: Answer }>({ name: statement.name, text: statement.text, values });
  return result.rows[0]!.answer;
}

/** A LIKE pattern's wildcards taken literally (PostgreSQL's default escape character is the backslash). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
