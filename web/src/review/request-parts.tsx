import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reviewQueries } from './review-api.ts';
import { Loading } from '../components/Loading.tsx';
import { dateTimeOf } from '../lib/dates.ts';

export function History({ requestNumber }: { requestNumber: string }) {
  const { t } = useTranslation('staff');
  const read = useQuery(reviewQueries.history(requestNumber));
  const { data } = read;
  if (!data) return <Loading text={t('summary.loading')} className="small text-muted" of={read} />;
  return (
    <div className="table-responsive">
      <table className="table table-sm small mb-0" aria-label={t('summary.history')}>
        <thead>
          <tr>
            <th scope="col">{t('history.when')}</th>
            <th scope="col">{t('history.who')}</th>
            <th scope="col">{t('history.action')}</th>
            <th scope="col">{t('history.step')}</th>
            <th scope="col">{t('history.remarks')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((m) => (
            <tr key={`${m.createdAt}-${m.action}`}>
              <td>{dateTimeOf(m.createdAt)}</td>
              <td>
                {m.actorName} <span className="text-muted">({t(`role.${m.actorRole}`)})</span>
              </td>
              <td>{t(`action.${m.action}`)}</td>
              <td>
                {m.fromStatus ? t(`state.${m.fromStatus as 'DRAFT'}`) : '—'} → {t(`state.${m.toStatus as 'DRAFT'}`)}
              </td>
              <td className="text-break">{m.remarks ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatutoryChecks({ requestNumber, asAdmin }: { requestNumber: string; asAdmin: boolean }) {
  const { t } = useTranslation('staff');
  const read = useQuery(reviewQueries.statutory(requestNumber, asAdmin));
  const { data } = read;
  if (!data) return <Loading text={t('summary.loading')} className="small text-muted" of={read} />;
  if (data.length === 0) return <p className="small text-muted mb-0">{t('summary.noNumbers')}</p>;
  return (
    <table className="table table-sm small mb-0" aria-label={t('summary.statutoryChecks')}>
      <thead>
        <tr>
          <th scope="col">{t('statutory.kind')}</th>
          <th scope="col">{t('statutory.number')}</th>
          <th scope="col">{t('statutory.check')}</th>
          <th scope="col">{t('statutory.duplicates')}</th>
        </tr>
      </thead>
      <tbody>
        {data.map((item) => (
          <tr key={`${item.kind}-${item.value}`} className={item.duplicates.length > 0 ? 'table-warning' : undefined}>
            <td>{item.kind}</td>
            <td className="font-monospace">{item.value}</td>
            <td>{item.valid ? t('statutory.valid') : (item.failureMessage ?? t('statutory.invalid'))}</td>
            <td>
              {item.duplicates.length === 0
                ? t('statutory.none')
                : item.duplicates.map((d) => `${d.organizationName} (${d.partnerNumber})`).join('; ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
