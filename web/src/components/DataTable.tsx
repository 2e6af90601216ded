import { Fragment, type ReactNode } from 'react';

export interface Column<T> {
  header: ReactNode;
  cell: (item: T) => ReactNode;
  className?: string;
  /** The header cell's class (e.g. text-end above figures). */
  headerClassName?: string;
  /** The cell shows what a user typed (a name, a message): not the page's words, not translated. */
  userContent?: boolean;
}

/** A column of amounts: right-aligned and kept on one line, its header too. */
export const FIGURES = { className: 'text-end text-nowrap', headerClassName: 'text-end' } as const;

/** The rows in a table of the given columns: the one table markup of the lists (ServerTable pages one). */
export function DataTable<T>({
  label,
  items,
  columns,
  rowKey,
  dimmed = false,
  detail,
}: {
  label: string;
  items: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (item: T) => string;
  /** The next rows are on their way: the table stays on screen, dimmed. */
  dimmed?: boolean;
  /** What a row opens below itself, across every column (null: nothing open). */
  detail?: (item: T) => ReactNode;
}) {
  return (
    <div className={`table-responsive ${dimmed ? 'opacity-75' : ''}`}>
      <table className="table table-hover table-sm align-middle bg-white small" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col" className={c.headerClassName}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const opened = detail?.(item);
            return (
              <Fragment key={rowKey(item)}>
                <tr>
                  {columns.map((c, i) => (
                    <td key={i} className={c.className} data-user-content={c.userContent || undefined}>
                      {c.cell(item)}
                    </td>
                  ))}
                </tr>
                {opened !== undefined && opened !== null && opened !== false && (
                  <tr>
                    <td colSpan={columns.length}>{opened}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
