import { useState } from 'react';

/**
 * The page of a server-paged list, which belongs to the filters it was chosen under: new filters
 * (a new `key`) start again at page 1.
 */
export function usePageNo(key: string): [number, (pageNo: number) => void] {
  const [paging, setPaging] = useState({ key, pageNo: 1 });
  return [paging.key === key ? paging.pageNo : 1, (pageNo: number) => setPaging({ key, pageNo })];
}
