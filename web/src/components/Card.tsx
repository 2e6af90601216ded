import type { ReactNode } from 'react';

/**
 * A titled card region of a page (its heading names the region for assistive technology), with
 * the region's own buttons, when it has any, beside the heading.
 */
export function Card({
  id,
  title,
  actions,
  children,
  className = 'card mb-3',
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const heading = (
    <h2 id={id} className={actions ? 'h5 mb-0' : 'h5'}>
      {title}
    </h2>
  );
  return (
    <section className={className} aria-labelledby={id}>
      <div className="card-body">
        {actions ? (
          <div className="d-flex align-items-center gap-2 flex-wrap mb-2">
            {heading}
            <div className="ms-auto d-flex gap-2">{actions}</div>
          </div>
        ) : (
          heading
        )}
        {children}
      </div>
    </section>
  );
}
