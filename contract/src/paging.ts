import { z } from 'zod';
import { wholeNumber } from './envelope.ts';

/** Largest page any list answers; staff lists run over 35,000 partners, so nothing lists "all". */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 20;
/** Longest free-text search term of a list. */
export const SEARCH_TERM_MAX_CHARS = 100;
/**
 * A search counts its matches up to this many; past it the total is this and `totalCapped` says
 * "more than". A common word ("steel", "payment") matches a share of every row, so an exact count
 * grows with the data (ten times the partners, ten times the time), while nobody pages a thousand
 * matches: they search closer.
 */
export const SEARCH_TOTAL_CAP = 1_000;

/**
 * The query of every list that can grow (spec section 7 names pageNo, pageSize and searchTerm).
 * `after` is the keyset cursor a previous page answered as nextCursor: following it is as fast on
 * page 1,000 as on page 1; without it, pageNo counts from the start.
 */
/** Why a cursor is refused: whatever the list could not have answered as its nextCursor. */
export const CURSOR_NOT_ANSWERED = 'must be a nextCursor this list answered';

export const pageQuerySchema = z.object({
  pageNo: wholeNumber().pipe(z.number().min(1).max(100_000)).default(1),
  pageSize: wholeNumber().pipe(z.number().min(1).max(PAGE_SIZE_MAX)).default(PAGE_SIZE_DEFAULT),
  searchTerm: z.string().trim().max(SEARCH_TERM_MAX_CHARS).optional(),
  after: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, { error: CURSOR_NOT_ANSWERED })
    .optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** One page of a list: its items, how many there are in all (a search's up to a cap), and the cursor of the next page. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    /** A search with more than SEARCH_TOTAL_CAP matches: `total` is the cap, the list holds more. */
    totalCapped: z.boolean().meta({
      description: `true when a search matched more than ${SEARCH_TOTAL_CAP} rows: total is then ${SEARCH_TOTAL_CAP}, and more pages follow while a page is full`,
    }),
    pageNo: z.number().int().positive(),
    pageSize: z.number().int().positive(),
    /** Pass as `after` for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  });
}
export type Paged<T> = {
  items: T[];
  total: number;
  totalCapped: boolean;
  pageNo: number;
  pageSize: number;
  nextCursor: string | null;
};
