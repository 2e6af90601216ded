import { useTranslation } from 'react-i18next';
import type { WorkflowState } from '@pp/contract';

/** Waiting for the partner is a warning; final states say how it ended; the rest are with the group. */
const TONE: Partial<Record<WorkflowState, string>> = {
  DRAFT: 'text-bg-warning',
  REKYC_DUE: 'text-bg-warning',
  SENT_BACK: 'text-bg-warning',
  APPROVED: 'text-bg-success',
  REJECTED: 'text-bg-danger',
};

/** Where a request of the partner's stands, in the partner's words (partner pages). */
export function RequestStateBadge({ state, className = '' }: { state: WorkflowState; className?: string }) {
  const { t } = useTranslation('partner');
  return <span className={`badge ${TONE[state] ?? 'text-bg-primary'} ${className}`.trim()}>{t(`requestState.${state}`)}</span>;
}
