import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card } from '../../components/Card.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { clearJournal, devtoolsKeys, harUrl, journalQuery, type JournalFilter } from './api.ts';
import { timeOf } from '../../lib/dates.ts';
import { CARD } from './shared.tsx';

export function JournalCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const [filter, setFilter] = useState<JournalFilter>({ account: '', client: '', path: '' });
  const journal = useQuery(journalQuery(filter));
  const clear = useMutation({
    mutationFn: clearJournal,
    onSuccess: () => client.invalidateQueries({ queryKey: devtoolsKeys.all }),
  });
  const filterInput = (key: keyof JournalFilter) => (
    <div className="col-md-3">
      <label htmlFor={`devtools-journal-${key}`} className="form-label">
        {t(`journal.${key}`)}
      </label>
      <input
        id={`devtools-journal-${key}`}
        className="form-control form-control-sm"
        value={filter[key]}
        onChange={(e) => setFilter({ ...filter, [key]: e.target.value })}
      />
    </div>
  );
  return (
    <Card
      id="devtools-journal"
      title={t('journal.title')}
      className={CARD}
      actions={
        <>
          <a className="btn btn-outline-primary btn-sm" href={harUrl(filter)} download>
            {t('journal.har')}
          </a>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => clear.mutate()}>
            {t('journal.clear')}
          </button>
        </>
      }
    >
      <div className="row g-2 mb-2">
        {filterInput('account')}
        {filterInput('client')}
        {filterInput('path')}
      </div>
      {journal.data?.length === 0 && <p className="text-muted mb-0">{t('journal.empty')}</p>}
      {journal.data && journal.data.length > 0 && (
        <DataTable
          label={t('journal.title')}
          items={journal.data}
          rowKey={(e) => String(e.id)}
          columns={[
            { header: t('journal.time'), cell: (e) => timeOf(e.at, true) },
            { header: t('journal.method'), cell: (e) => e.method },
            {
              header: t('journal.path'),
              cell: (e) => (
                <details>
                  <summary>
                    <code>{e.url}</code>
                    {e.fault !== null && <span className="badge bg-danger ms-2">{t('journal.fault', { id: e.fault })}</span>}
                  </summary>
                  <pre className="small mb-0" aria-label={t('journal.details')}>
                    {JSON.stringify({ request: e.request, response: e.response }, null, 2)}
                  </pre>
                </details>
              ),
            },
            { header: t('journal.status'), cell: (e) => (e.status === 0 ? t('journal.dropped') : e.status) },
            { header: t('journal.duration'), cell: (e) => e.durationMs },
            { header: t('journal.account'), cell: (e) => e.account },
            { header: t('journal.client'), cell: (e) => e.client },
          ]}
        />
      )}
    </Card>
  );
}
