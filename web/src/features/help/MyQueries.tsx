import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partnerQueryQuery } from '../../api/partner-queries.ts';
import { myPartnerQueriesQuery } from './api.ts';
import { Loading } from '../../components/Loading.tsx';
import { QueryConversation, QueryStateBadge } from '../../forms/QueryConversation.tsx';
import { dayOf } from '../../lib/dates.ts';

const SHOWN = 5;

function OpenQuery({ referenceNumber }: { referenceNumber: string }) {
  const read = useQuery(partnerQueryQuery(referenceNumber));
  return read.data ? <QueryConversation query={read.data} /> : <Loading of={read} />;
}

/**
 * A signed-in partner's latest queries in the support form: each one's state, and opened, the
 * group's answers with a box to write again or close it.
 */
export function MyQueries() {
  const { t } = useTranslation('help');
  const { data } = useQuery(myPartnerQueriesQuery(SHOWN));
  const [open, setOpen] = useState<string | null>(null);
  if (!data || data.items.length === 0) return null;
  return (
    <section className="border-top pt-3 mt-3" aria-labelledby="my-queries-title">
      <h3 id="my-queries-title" className="h6">
        {t('myQueries')}
      </h3>
      <ul className="list-unstyled mb-0">
        {data.items.map((q) => (
          <li key={q.referenceNumber} className="mb-2">
            <div className="d-flex align-items-center gap-2 small">
              <button
                type="button"
                className="btn btn-link btn-sm p-0 font-monospace"
                aria-expanded={open === q.referenceNumber}
                onClick={() => setOpen(open === q.referenceNumber ? null : q.referenceNumber)}
              >
                {q.referenceNumber}
              </button>
              <QueryStateBadge state={q.state} />
              <span className="text-muted ms-auto">{dayOf(q.lastMessageAt)}</span>
            </div>
            <div className="small text-truncate" data-user-content>
              {q.message}
            </div>
            {open === q.referenceNumber && (
              <div className="mt-2">
                <OpenQuery referenceNumber={q.referenceNumber} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
