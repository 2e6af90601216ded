import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import {
  remarksRequired,
  sentBackTo,
  workflowActionInputSchema,
  transition,
  type UserRole,
  type WorkflowAction,
  type WorkflowFlow,
  type WorkflowState,
} from '@pp/contract';
import { Modal } from '../components/Modal.tsx';
import { applyFailure } from '../forms/failure.ts';
import { FormAlert, TextAreaField, blankAsUndefined } from '../forms/fields.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useSession } from '../session/session.ts';
import { decideRequest, requestStatusQuery, workflowKeys } from './requests-api.ts';

/** What the staff member writes; the request and the state it was seen in come from the page. */
const remarksSchema = workflowActionInputSchema.pick({ remarks: true });

/** The section 7 verb of each engine action the staff buttons take. */
const VERB_OF: Partial<Record<WorkflowAction, 'approve' | 'sendBack' | 'reject'>> = {
  SEGREGATE: 'approve',
  CATEGORISE: 'approve',
  FORWARD: 'approve',
  APPROVE: 'approve',
  SEND_BACK: 'sendBack',
  REJECT: 'reject',
};

/**
 * The actions the signed-in staff member may take on a request where it is now (the engine's
 * actionsFor, from the server), each with the remarks box; the one button per action says what it
 * does, and is confirmed in a modal that names where the request goes next. The state the page
 * showed goes with the action, so a request moved meanwhile is refused.
 */
export function RequestActions({ requestNumber, state }: { requestNumber: string; state: WorkflowState }) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const form = useContractForm(remarksSchema, { defaultValues: {} });
  const remarks = form.watch('remarks') ?? '';
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<WorkflowAction | null>(null);
  const { role } = useSession();
  const status = useQuery(requestStatusQuery(requestNumber));
  const act = useMutation({
    mutationFn: ({ action, remarks }: { action: WorkflowAction; remarks: string | undefined }) =>
      decideRequest(VERB_OF[action]!, { requestNumber, state, ...(remarks ? { remarks } : {}) }),
    onSuccess: () => client.invalidateQueries({ queryKey: workflowKeys.all }),
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const actions = (status.data?.actions ?? []).filter((a) => VERB_OF[a]);
  // A send-back says where the request goes: the partner's own, or the buyer who registered a customer.
  const labelOf = (a: WorkflowAction) =>
    a === 'SEND_BACK' && status.data && sentBackTo(status.data.flow) === 'BUYER'
      ? t('action.SEND_BACK_TO_BUYER')
      : t(`action.${a}`);
  if (status.data && actions.length === 0) return <p className="small text-muted mb-0">{t('actions.none')}</p>;
  return (
    <FormProvider {...form}>
      <div className="d-flex flex-column gap-2">
        <FormAlert message={alert} />
        <TextAreaField
          id={`remarks-${requestNumber}`}
          name="remarks"
          label={t('actions.remarks')}
          rows={2}
          maxLength={2000}
          setValueAs={blankAsUndefined}
        />
        <div className="d-flex gap-2 flex-wrap">
          {actions.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn btn-sm ${a === 'REJECT' ? 'btn-outline-danger' : a === 'SEND_BACK' ? 'btn-outline-warning' : 'btn-primary'}`}
              disabled={act.isPending || (remarksRequired(status.data?.flow ?? 'ONBOARDING', state, a) && !remarks.trim())}
              onClick={() => {
                setAlert(null);
                setConfirming(a);
              }}
            >
              {labelOf(a)}
            </button>
          ))}
        </div>
        {confirming && status.data && role && (
          <Modal
            title={t('actions.confirmTitle', { action: labelOf(confirming) })}
            onOk={() => {
              setConfirming(null);
              void form.handleSubmit(({ remarks }) => act.mutate({ action: confirming, remarks }))();
            }}
            onCancel={() => setConfirming(null)}
          >
            {t('actions.confirm', {
              requestNumber,
              next: t(`state.${nextStateOf(status.data.flow, state, confirming, role, remarks)}`),
            })}
          </Modal>
        )}
      </div>
    </FormProvider>
  );
}

/** Where a staff action takes the request (the engine's own rule), for the confirmation to name. */
function nextStateOf(
  flow: WorkflowFlow,
  state: WorkflowState,
  action: WorkflowAction,
  role: UserRole,
  remarks: string,
): WorkflowState {
  // Only a partner's resubmission returns to where a request was sent back from; staff actions never do.
  const moved = transition(flow, { state, sentBackFrom: null }, action, role, remarks);
  return moved.ok ? moved.state : state;
}
