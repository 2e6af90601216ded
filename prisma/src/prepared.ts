import { createHash } from 'node:crypto';
import type pg from 'pg';
// The client's own type (client.ts makes it and imports this file: no import back).
import type { PrismaClient as Db } from './generated/prisma/client.ts';

/**
 * Statements prepared once on each connection (node-postgres' named statements), for the paths
 * people wait on (issue 26): PostgreSQL parses and plans them once per connection instead of on
 * every request, and the answer skips Prisma's query compiler and result mapping. Each answers one
 * column of JSON built by PostgreSQL (json_build_object, json_agg), parsed by node-postgres with
 * JSON.parse: no timestamp or numeric goes through a type parser of its own. They run on the pool
 * Prisma runs on (createDb); inside a Prisma transaction, unprepared on its connection (queryRows).
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

/** What a prepared statement runs on: a pool (or a stand-in that holds reads, in tests). */
export type StatementRunner = Pick<pg.Pool, 'query'>;
const runners = new WeakMap<Db, StatementRunner>();

/**
 * Where `db`'s prepared statements run: createDb gives its pool; a client made from another
 * ($extends, in tests) is given its base's runner, or a wrapper of it.
 */
export function preparedRunsOn(db: Db, runner: StatementRunner) {
  runners.set(db, runner);
}

/** The runner of a client made by createDb (or given one). */
export function preparedRunnerOf(db: Db): StatementRunner {
  const runner = runners.get(db);
  if (!runner) throw new Error('prepared statements need a client made by createDb (its pool is not known)');
  return runner;
}

/** A client a statement can run on: createDb's (prepared on its pool) or a transaction's. */
export type Queryable = Pick<Db, '$queryRawUnsafe'>;

/**
 * Runs a named statement and answers its rows: prepared on the pool of a client createDb made;
 * inside a Prisma transaction (whose connection Prisma holds) the same text runs on that
 * connection, unprepared, so a service reads the same way in and out of a transaction.
 */
export async function queryRows<Row>(
  db: Queryable,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<Row[]> {
  const runner = runners.get(db as Db);
  if (!runner) return db.$queryRawUnsafe<Row[]>(statement.text, ...values);
  return (await runner.query({ name: statement.name, text: statement.text, values })).rows as Row[];
}

/** Runs a statement whose one row holds one JSON column `answer`, and answers that. */
export async function runPrepared<Answer>(db: Queryable, statement: Prepared<Answer>, values: unknown[]): Promise<Answer> {
  return (await queryRows<{ answer: Answer }>(db, statement, values))[0]!.answer;
}

/** A LIKE pattern's wildcards taken literally (PostgreSQL's default escape character is the backslash). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
/** A LIKE pattern: the text anywhere. */
export const likeContaining = (text: string) => `%${escapeLike(text)}%`;
/** A LIKE pattern: the text at the start. */
export const likeStartingWith = (text: string) => `${escapeLike(text)}%`;

/** SQL of a timestamp(3) column as JSON carries it, written as JavaScript's toISOString writes it (UTC). */
export const isoMoment = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
