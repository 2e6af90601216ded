import type { ReactNode } from 'react';

/** The centred card the sign-in, reset and verification pages sit in. */
export function CenteredCard({ title, children, width = 560 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <div className="container py-5" style={{ maxWidth: width }}>
      <div className="card shadow border-0">
        <div className="card-body p-4">
          <h1 className="h4 mb-3">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
