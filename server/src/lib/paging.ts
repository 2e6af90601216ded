import { Invalid } from '@pp/platform';
import type { Paged, PageQuery } from '@pp/contract';

/** The order key of the last row of a page, as an opaque cursor (base64url of its JSON). */
function encodeCursor(key: number | string): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeCursor(cursor: string): number | string {
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof key === 'number' || typeof key === 'string') return key;
  } catch {
    // falls through to the 400 below
  }
  throw Invalid('after', 'must be a nextCursor this list answered');
}

/**
 * One page of a list ordered by a unique key. With `after` (a cursor this list answered) the rows
 * start after that key — keyset paging, as fast deep in the list as at its start; otherwise pageNo
 * skips from the start. `rows` gets the key bound or the rows to skip and must order by the key.
 */
export async function keysetPage<T, K extends number | string>(
  page: PageQuery,
  query: {
    total: () => Promise<number>;
    rows: (args: { after: K | null; skip: number; take: number }) => Promise<T[]>;
    keyOf: (row: T) => K;
  },
): Promise<Paged<T>> {
  const after = page.after === undefined ? null : (decodeCursor(page.after) as K);
  const [total, items] = await Promise.all([
    query.total(),
    query.rows({ after, skip: after === null ? (page.pageNo - 1) * page.pageSize : 0, take: page.pageSize }),
  ]);
  const last = items.at(-1);
  return {
    items,
    total,
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    nextCursor: last !== undefined && items.length === page.pageSize ? encodeCursor(query.keyOf(last)) : null,
  };
}
