import type { ReactNode } from 'react';
import { Pager } from './Pager.tsx';

export interface Column<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  className?: string;
  /** The cell shows what a user typed (a name, a message): not the page's words, not translated. */
  userContent?: boolean;
}

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
}: {
  label: string;
  page: { items: readonly T[]; total: number } | undefined;
  fetching: boolean;
  columns: readonly Column<T>[];
  rowKey: (item: T) => string;
  emptyText: string;
  pageNo: number;
  pageSize: number;
  totalText: (total: number) => string;
  onPage: (pageNo: number) => void;
}) {
  return (
    <>
      {page && page.items.length === 0 ? (
        <p className="text-muted">{emptyText}</p>
      ) : (
        <div className={`table-responsive ${fetching ? 'opacity-75' : ''}`}>
          <table className="table table-hover table-sm align-middle bg-white small" aria-label={label}>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={i} scope="col">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {page?.items.map((item) => (
                <tr key={rowKey(item)}>
                  {columns.map((c, i) => (
                    <td key={i} className={c.className} data-user-content={c.userContent || undefined}>
                      {c.cell(item)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page && <Pager pageNo={pageNo} pageSize={pageSize} total={page.total} totalText={totalText(page.total)} onPage={onPage} />}
    </>
  );
}
