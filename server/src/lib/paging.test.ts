import { describe, expect, it } from 'vitest';
import { SEARCH_TOTAL_CAP } from '@pp/contract';
import { countTake, keysetPage } from './paging.ts';

/** A list of `rows` ids, newest first, whose count honours a take as Prisma's count does. */
function listOf(rows: number) {
  const ids = Array.from({ length: rows }, (_, i) => rows - i);
  const counted: (number | undefined)[] = [];
  const page = (query: { pageNo: number; pageSize: number; searchTerm?: string }) =>
    keysetPage<number, number>(query, {
      total: async () => {
        const { take } = countTake(query);
        counted.push(take);
        return take === undefined ? ids.length : Math.min(take, ids.length);
      },
      rows: async ({ skip, take }) => ids.slice(skip, skip + take),
      keyOf: (id) => id,
    });
  return { page, counted };
}

describe('a list’s total', () => {
  it('counts a search up to one past the cap and answers the cap, said to be capped', async () => {
    const list = listOf(SEARCH_TOTAL_CAP + 50);
    const answer = await list.page({ pageNo: 1, pageSize: 20, searchTerm: 'steel' });
    expect(answer).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    expect(list.counted).toEqual([SEARCH_TOTAL_CAP + 1]);
    // Rows past the cap are still paged.
    const deep = await list.page({ pageNo: 52, pageSize: 20, searchTerm: 'steel' });
    expect(deep.items).toEqual(Array.from({ length: 20 }, (_, i) => 30 - i));
  });

  it('is exact for a search within the cap, and for a list not searched however long', async () => {
    expect(await listOf(SEARCH_TOTAL_CAP).page({ pageNo: 1, pageSize: 20, searchTerm: 'steel' })).toMatchObject({
      total: SEARCH_TOTAL_CAP,
      totalCapped: false,
    });
    const unsearched = listOf(SEARCH_TOTAL_CAP * 3);
    expect(await unsearched.page({ pageNo: 1, pageSize: 20 })).toMatchObject({ total: SEARCH_TOTAL_CAP * 3, totalCapped: false });
    expect(unsearched.counted).toEqual([undefined]);
  });
});
