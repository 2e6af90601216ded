import type { ReactNode } from 'react';

export interface Column<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  className?: string;
  /** The cell shows what a user typed (a name, a message): not the page's words, not translated. */
  userContent?: boolean;
}

/** The rows in a table of the given columns: the one table markup of the lists (ServerTable pages one). */
export function DataTable<T>({
  label,
  items,
  columns,
  rowKey,
  dimmed = false,
}: {
  label: string;
  items: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (item: T) => string;
  /** The next rows are on their way: the table stays on screen, dimmed. */
  dimmed?: boolean;
}) {
  return (
    <div className={`table-responsive ${dimmed ? 'opacity-75' : ''}`}>
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
          {items.map((item) => (
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
  );
}
