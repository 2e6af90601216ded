import { Invalid } from '@pp/platform';
import { CURSOR_NOT_ANSWERED, SEARCH_TOTAL_CAP, type Paged, type PageQuery } from '@pp/contract';
import { Prisma, type Db } from '@pp/db';
import type { FeedCache } from './feed-cache.ts';

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
  throw invalidCursor();
}

/** A cursor this list cannot have answered: a 400 naming `after`. */
export const invalidCursor = () => Invalid('after', CURSOR_NOT_ANSWERED);

/** The key of lists ordered by a day, newest first, then by id: "2026-11-01|123". */
export const dayIdKey = (day: string, id: number) => `${day}|${id}`;

/** Largest id a key may hold: PostgreSQL's int. */
const MAX_ID = 2_147_483_647;
/** A key's day or moment starts with a year from 1000 to 9999: PostgreSQL has no year 0 (JavaScript's would be a query error). */
const YEAR = '[1-9]\\d{3}';
const DAY_ID_KEY = new RegExp(`^(${YEAR}-\\d{2}-\\d{2})\\|(\\d{1,10})$`);
const MOMENT_ID_KEY = new RegExp(`^(${YEAR}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z)\\|(\\d{1,10})$`);

/** A day-and-id key back from a cursor; one this list cannot have answered is a 400, not a query error. */
export function parseDayIdKey(after: string | null): { day: string; id: number } | null {
  if (after === null) return null;
  const match = DAY_ID_KEY.exec(after);
  const day = match?.[1];
  const id = Number(match?.[2]);
  const real = day !== undefined && !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day);
  if (!real || id > MAX_ID) throw invalidCursor();
  return { day, id };
}

/** The key of lists ordered by a moment, then by id: "2026-11-01T10:00:00.000Z|123". */
export const momentIdKey = (at: string, id: number) => `${at}|${id}`;

/** A moment-and-id key back from a cursor; one this list cannot have answered is a 400, not a query error. */
export function parseMomentIdKey(after: string | null): { at: Date; id: number } | null {
  if (after === null) return null;
  const match = MOMENT_ID_KEY.exec(after);
  const at = new Date(match?.[1] ?? '');
  const id = Number(match?.[2]);
  if (Number.isNaN(at.getTime()) || id > MAX_ID) throw invalidCursor();
  return { at, id };
}

/**
 * How many rows a list's count takes: a search's matches are counted up to one past the contract's
 * cap (enough to know there are more), so a common word costs the same at ten times the rows.
 * Spread into a Prisma count: `count({ where, ...countTake(query) })`.
 */
export function countTake(page: { searchTerm?: string | undefined }): { take?: number } {
  return page.searchTerm ? { take: SEARCH_TOTAL_CAP + 1 } : {};
}

/** Prisma's `contains` (case-insensitive) in SQL: the same pattern, so a raw count and a Prisma page agree. */
export const containsSql = (column: Prisma.Sql, term: string) => Prisma.sql`${column} ILIKE ('%' || ${term} || '%')`;

/**
 * Searched totals kept while the change feed reports no change to the tables they count (decision
 * 006): every page of a search, and every reader of it, counts its matches again otherwise, and a
 * common word's count reads a thousand rows at 350,000 partners. Follows each table of
 * `SEARCHED_TABLES`; a staff member's own write empties it (services.ts).
 */
export type SearchTotals = FeedCache<number>;
/** The tables a kept total may count, each told to the feed by a statement or row trigger. */
export const SEARCHED_TABLES = ['PartnerQuery', 'Partner', 'CompanyMapping'] as const;
export type SearchedTable = (typeof SEARCHED_TABLES)[number];
/** The group of the totals that count `table`'s rows. */
export const searchedTableGroup = (table: string) => `table:${table}`;

/**
 * A search's matches (`matches`: the FROM and WHERE of the search) counted up to one past the cap,
 * unordered. Not Prisma's limited count: it orders by id, and a common word's matches are spread
 * thin through the ids, so the ordered count walked the table by its key row by row (partner
 * queries of a company searched for "steel": 90 ms at 350,000 partners); unordered, the trigram
 * index hands over the matches. With `kept`, the count is kept until one of `tables` (every table
 * `matches` reads) changes.
 */
export async function countSearched(
  db: Db,
  matches: Prisma.Sql,
  kept?: { totals: SearchTotals; tables: readonly SearchedTable[] },
): Promise<number> {
  const count = async () => {
    const [row] = await db.$queryRaw<[{ n: number }]>`
      SELECT count(*)::int AS n FROM (SELECT 1 FROM ${matches} LIMIT ${SEARCH_TOTAL_CAP + 1}) matched`;
    return row.n;
  };
  if (!kept) return count();
  const key = `${matches.sql}\u0000${JSON.stringify(matches.values)}`;
  return kept.totals.remember(key, count, kept.tables.map(searchedTableGroup));
}

/** A list's total as answered: a search's beyond the cap is the cap, said to be capped. */
export function answeredTotal(
  page: { searchTerm?: string | undefined },
  counted: number,
): { total: number; totalCapped: boolean } {
  const totalCapped = Boolean(page.searchTerm) && counted > SEARCH_TOTAL_CAP;
  return { total: totalCapped ? SEARCH_TOTAL_CAP : counted, totalCapped };
}

/** What a page's query is given: the key bound (from `after`) or the rows to skip, and how many to take. */
export interface PageWindow<K> {
  after: K | null;
  skip: number;
  take: number;
}

/** What a list orders by: row ids (the most), or a text key (a day or a moment with an id). */
export type KeyKind = 'id' | 'text';

/** A key a cursor of this kind of list can hold; any other is a 400, not a query error. */
function keyOfKind(key: number | string, kind: KeyKind): number | string {
  if (
    kind === 'text' ? typeof key === 'string' : Number.isSafeInteger(key) && (key as number) >= 0 && (key as number) <= MAX_ID
  ) {
    return key;
  }
  throw invalidCursor();
}

/**
 * One page of a list ordered by a unique key. With `after` (a cursor this list answered) the rows
 * start after that key — keyset paging, as fast deep in the list as at its start; otherwise pageNo
 * skips from the start. `query` answers the page's rows (ordered by the key) and the list's total,
 * in one statement where it can; a searched total counts up to the cap (countTake).
 */
export async function pageOf<T, K extends number | string>(
  page: PageQuery,
  query: (window: PageWindow<K>) => Promise<{ total: number; items: T[] }>,
  keyOf: (row: T) => K,
  keyKind: KeyKind = 'id',
): Promise<Paged<T>> {
  const { total, items } = await query(windowOf<K>(page, keyKind));
  const last = items.at(-1);
  return { items, ...pagingOf(page, total, items.length, last === undefined ? null : keyOf(last)) };
}

/** The rows to read for a page: after its cursor's key, or skipping to its number. */
function windowOf<K extends number | string>(page: PageQuery, keyKind: KeyKind): PageWindow<K> {
  const after = page.after === undefined ? null : (keyOfKind(decodeCursor(page.after), keyKind) as K);
  return { after, skip: after === null ? (page.pageNo - 1) * page.pageSize : 0, take: page.pageSize };
}

/** A page's answer besides its rows; a next cursor only when the page is full. */
function pagingOf(page: PageQuery, total: number, count: number, lastKey: number | string | null): Omit<Paged<never>, 'items'> {
  return {
    ...answeredTotal(page, total),
    pageNo: page.pageNo,
    pageSize: page.pageSize,
    nextCursor: lastKey !== null && count === page.pageSize ? encodeCursor(lastKey) : null,
  };
}

/**
 * What a page's statement answers when the database writes the rows' JSON itself: the rows as a
 * JSON array (keys as the contract names them), how many, the last row's key, and the list's total.
 */
export interface WrittenRows {
  items: string;
  count: number;
  lastKey: number | string | null;
  total: number;
}

/**
 * pageOf for a statement that writes its rows as JSON: the page answered as JSON text, its fields in
 * the order the contract's schema writes them, its rows never parsed (see writtenByDatabase).
 */
export async function writtenPageOf<K extends number | string>(
  page: PageQuery,
  query: (window: PageWindow<K>) => Promise<WrittenRows>,
  keyKind: KeyKind = 'id',
): Promise<string> {
  const { items, count, lastKey, total } = await query(windowOf<K>(page, keyKind));
  return `{"items":${items},${JSON.stringify(pagingOf(page, total, count, lastKey)).slice(1)}`;
}

/** pageOf where the total and the rows are two queries (run side by side). */
export function keysetPage<T, K extends number | string>(
  page: PageQuery,
  query: {
    total: () => Promise<number>;
    rows: (window: PageWindow<K>) => Promise<T[]>;
    keyOf: (row: T) => K;
    keyKind?: KeyKind;
  },
): Promise<Paged<T>> {
  return pageOf(
    page,
    async (window) => {
      const [total, items] = await Promise.all([query.total(), query.rows(window)]);
      return { total, items };
    },
    query.keyOf,
    query.keyKind,
  );
}
