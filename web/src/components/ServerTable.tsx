import type { ReactNode } from 'react';
import { DataTable, type Column } from './DataTable.tsx';
import { Pager } from './Pager.tsx';

/**
 * One page of a list paged and searched on the server: the table (dimmed while the next page
 * loads, the previous one staying on screen), the list's words for no match, and the pager.
 */
export function ServerTable<T>({
  label,
  page,
  fetching,
  columns,
  rowKey,
  emptyText,
  pageNo,
  pageSize,
  totalText,
  onPage,
  detail,
}: {
  label: string;
  page: { items: readonly T[]; total: number; totalCapped: boolean } | undefined;
  fetching: boolean;
  columns: readonly Column<T>[];
  rowKey: (item: T) => string;
  emptyText: string;
  pageNo: number;
  pageSize: number;
  totalText: (total: number) => string;
  onPage: (pageNo: number) => void;
  /** What a row opens below itself (DataTable's detail). */
  detail?: (item: T) => ReactNode;
}) {
  return (
    <>
      {page && page.items.length === 0 ? (
        <p className="text-muted">{emptyText}</p>
      ) : (
        <DataTable
          label={label}
          items={page?.items ?? []}
          columns={columns}
          rowKey={rowKey}
          dimmed={fetching}
          {...(detail ? { detail } : {})}
        />
      )}
      {page && <Pager page={page} pageNo={pageNo} pageSize={pageSize} totalText={totalText} onPage={onPage} />}
    </>
  );
}
