import type { ReactNode } from 'react';

/** A titled card region of a page (its heading names the region for assistive technology). */
export function Card({
  id,
  title,
  children,
  className = 'card mb-3',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
