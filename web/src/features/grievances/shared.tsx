import { useTranslation } from 'react-i18next';
import { type GrievanceState, type StoredFileInfo } from '@pp/contract';
import { FileLink } from '../../components/FileLink.tsx';
import { dayOf } from '../../lib/dates.ts';

const STATE_TONE: Record<GrievanceState, string> = {
  DRAFT: 'text-bg-light border',
  SUBMITTED: 'text-bg-primary',
  IN_REVIEW: 'text-bg-info',
  RESOLVED: 'text-bg-success',
  REOPENED: 'text-bg-warning',
  CLOSED: 'text-bg-secondary',
};
/** The partner's steps on an open grievance, in the order the page offers them. */
export const PARTNER_STEPS = ['CHANGE_REASON', 'REOPEN', 'CLOSE'] as const;
/** The staff's steps, each confirmed before it is taken (the partner is told at once). */
export const STAFF_STEPS = ['FORWARD', 'RESOLVE'] as const;
export type Audience = 'partner' | 'staff';

/** The deadline of an open grievance, red once past. */
export function DueBadge({ dueAt, overdue }: { dueAt: string | null; overdue: boolean }) {
  const { t } = useTranslation('partner');
  if (!dueAt) return null;
  const date = dayOf(dueAt);
  return overdue ? (
    <span className="badge text-bg-danger">{t('grievance.overdueSince', { date })}</span>
  ) : (
    <span className="small text-nowrap">{t('grievance.dueOn', { date })}</span>
  );
}

export function StateBadge({ state }: { state: GrievanceState }) {
  const { t } = useTranslation('partner');
  return <span className={`badge ${STATE_TONE[state]}`}>{t(`grievance.state.${state}`)}</span>;
}

export function Documents({ files }: { files: StoredFileInfo[] }) {
  const { t } = useTranslation('partner');
  if (files.length === 0) return <span className="text-muted">{t('grievance.noDocuments')}</span>;
  return (
    <ul className="list-unstyled mb-0">
      {files.map((f) => (
        <li key={f.uniqueId}>
          <FileLink file={f} />
        </li>
      ))}
    </ul>
  );
}
