import type { Db } from '@pp/db';

/** A transaction client (inside db.$transaction), where services also run. */
export type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

/**
 * Runs independent reads at once on the pool, or one after another inside a transaction, whose
 * single connection takes one query at a time (pg deprecates queuing them on it).
 */
export async function readTogether<T extends readonly unknown[]>(
  db: Db | Tx,
  reads: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  // A transaction client has no $connect (it has a $transaction that refuses nesting).
  if ('$connect' in db) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
