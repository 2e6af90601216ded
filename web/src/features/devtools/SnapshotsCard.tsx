import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SNAPSHOTS, type SnapshotName } from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { Card } from '../../components/Card.tsx';
import { DataTable } from '../../components/DataTable.tsx';
import { FormAlert } from '../../forms/fields.tsx';
import { devtoolsKeys, resetStack, saveSnapshot, snapshotsQuery } from './api.ts';
import { dateTimeOf } from '../../lib/dates.ts';
import { indianNumber } from '../../lib/numbers.ts';
import { CARD } from './shared.tsx';

export function SnapshotsCard() {
  const { t } = useTranslation('devtools');
  const client = useQueryClient();
  const snapshots = useQuery(snapshotsQuery());
  const [confirming, setConfirming] = useState<SnapshotName | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = () => {
    setError(null);
    setOutcome(null);
  };
  const save = useMutation({
    mutationFn: saveSnapshot,
    onMutate: started,
    onSuccess: (saved, name) => {
      setOutcome(t('snapshots.saved', { name, rows: indianNumber(saved.rows), seconds: (saved.tookMs / 1000).toFixed(1) }));
      void client.invalidateQueries({ queryKey: devtoolsKeys.all });
    },
    onError: (e) => setError(failureText(e)),
  });
  const reset = useMutation({
    mutationFn: resetStack,
    onMutate: started,
    onSuccess: (done, name) => {
      setConfirming(null);
      setOutcome(
        t('snapshots.done', {
          name,
          refilled: done.refilled,
          tables: done.tables,
          rows: indianNumber(done.rows),
          seconds: (done.tookMs / 1000).toFixed(1),
        }),
      );
      // Everything the page and the app hold came from the database that was just put back.
      void client.invalidateQueries();
    },
    onError: (e) => setError(failureText(e)),
  });
  const busy = save.isPending || reset.isPending;
  const rows = SNAPSHOTS.map((name) => ({ name, saved: snapshots.data?.find((s) => s.name === name) }));
  return (
    <Card id="devtools-snapshots" title={t('snapshots.title')} className={CARD}>
      <p className="text-muted small">{t('snapshots.intro')}</p>
      <FormAlert message={error} />
      {outcome && (
        <div className="alert alert-success" role="status">
          {outcome}
        </div>
      )}
      {confirming && (
        <div className="alert alert-warning d-flex gap-2 align-items-center flex-wrap" role="alert">
          <span>{t('snapshots.confirm', { name: confirming })}</span>
          <button
            type="button"
            className="btn btn-danger btn-sm ms-auto"
            disabled={busy}
            onClick={() => reset.mutate(confirming)}
          >
            {reset.isPending ? t('snapshots.resetting') : t('snapshots.confirmYes', { name: confirming })}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => setConfirming(null)}>
            {t('snapshots.cancel')}
          </button>
        </div>
      )}
      <DataTable
        label={t('snapshots.title')}
        items={rows}
        rowKey={(r) => r.name}
        columns={[
          {
            header: t('snapshots.state'),
            cell: (r) => (
              <>
                <code>{r.name}</code>
                <div className="text-muted">{t(`snapshots.about.${r.name}`)}</div>
              </>
            ),
          },
          {
            header: t('snapshots.madeAt'),
            cell: (r) =>
              r.saved ? (
                <>
                  <time dateTime={r.saved.madeAt}>{dateTimeOf(r.saved.madeAt)}</time>
                  {!r.saved.current && <span className="badge bg-warning text-dark ms-2">{t('snapshots.stale')}</span>}
                </>
              ) : (
                <span className="text-muted">{t('snapshots.never')}</span>
              ),
          },
          {
            header: '',
            className: 'text-end text-nowrap',
            cell: (r) => (
              <>
                <button
                  type="button"
                  className="btn btn-outline-danger btn-sm me-2"
                  disabled={busy || !r.saved?.current}
                  onClick={() => setConfirming(r.name)}
                >
                  {t('snapshots.reset', { name: r.name })}
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary btn-sm"
                  disabled={busy}
                  onClick={() => save.mutate(r.name)}
                >
                  {t('snapshots.save', { name: r.name })}
                </button>
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
