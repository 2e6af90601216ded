import { useTranslation } from 'react-i18next';
import { GRIEVANCE_DEADLINE_FILTERS, type GrievanceMetrics } from '@pp/contract';

export type Deadline = (typeof GRIEVANCE_DEADLINE_FILTERS)[number];

export type FigureKey = 'open' | 'overdue' | 'dueSoon' | 'settledLate';
/** Figures in colour while they are not zero. */
// Bootstrap's plain warning yellow is 1.6:1 on white: its emphasis shade reads (WCAG AA, 4.5:1).
export const ALARM_TONE: Partial<Record<FigureKey, string>> = { overdue: 'text-danger', dueSoon: 'text-warning-emphasis' };

/** The four figures a person looks at first; the overdue and due-soon ones (deadline filters) filter the list below. */
export function Figures({ metrics, onDeadline }: { metrics: GrievanceMetrics; onDeadline: (d: Deadline) => void }) {
  const { t } = useTranslation('staff');
  const figure = (key: FigureKey, value: number, note: string) => {
    const deadline = GRIEVANCE_DEADLINE_FILTERS.find((d) => d === key);
    return (
      <div className="col-6 col-lg-3" role="listitem" key={key} data-testid={`figure-${key}`}>
        <div className="card h-100 shadow-sm">
          <div className="card-body">
            <h2 className="h6 text-muted mb-1">{t(`grievances.figure.${key}`)}</h2>
            <p className={`display-6 mb-1 ${value > 0 ? (ALARM_TONE[key] ?? '') : ''}`}>{value}</p>
            <p className="small text-muted mb-1">{note}</p>
            {deadline && value > 0 && (
              <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onDeadline(deadline)}>
                {t('grievances.showThem')}
              </button>
            )}
          </div>
        </div>
      </div>
    );
  };
  return (
    <div className="row g-3 mb-3" role="list" aria-label={t('grievances.figures')}>
      {figure('open', metrics.open, t('grievances.openNote', { count: metrics.byState.IN_REVIEW }))}
      {figure('overdue', metrics.overdue, t('grievances.overdueNote'))}
      {figure('dueSoon', metrics.dueSoon, t('grievances.dueSoonNote'))}
      {figure('settledLate', metrics.settledLate, t('grievances.settledLateNote', { count: metrics.settled }))}
    </div>
  );
}

/** Per reason or company: what is open, past or near its deadline, and settled. */
export function BreakdownTable({
  label,
  rows,
  withAverage,
  namesTranslated = true,
}: {
  label: string;
  /** The group's company names are not translated. */
  namesTranslated?: boolean;
  rows: { key: string; name: string; open: number; overdue: number; dueSoon: number; settled: number; average?: number | null }[];
  withAverage?: boolean;
}) {
  const { t } = useTranslation('staff');
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle bg-white mb-0" aria-label={label}>
        <thead>
          <tr>
            <th scope="col">{label}</th>
            <th scope="col" className="text-end">
              {t('grievances.figure.open')}
            </th>
            <th scope="col" className="text-end">
              {t('grievances.overdue')}
            </th>
            <th scope="col" className="text-end">
              {t('grievances.figure.dueSoon')}
            </th>
            <th scope="col" className="text-end">
              {t('grievances.settled')}
            </th>
            {withAverage && (
              <th scope="col" className="text-end">
                {t('grievances.averageDays')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row" className="fw-normal" translate={namesTranslated ? undefined : 'no'}>
                {r.name}
              </th>
              <td className="text-end">{r.open}</td>
              <td className={`text-end ${r.overdue ? 'text-danger fw-semibold' : ''}`}>{r.overdue}</td>
              <td className="text-end">{r.dueSoon}</td>
              <td className="text-end">{r.settled}</td>
              {withAverage && <td className="text-end">{r.average ?? '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
