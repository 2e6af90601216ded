import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormProvider } from 'react-hook-form';
import type { z } from 'zod';
import {
  GRIEVANCE_REASONS,
  GRIEVANCE_REMARKS_MAX,
  grievanceReasonChangeBodySchema,
  grievanceRemarksRequired,
  grievanceStepBodySchema,
  type GrievanceAction,
  type GrievanceDetail,
  type GrievanceReason,
  type StoredFileInfo,
} from '@pp/contract';
import { FilePicker } from '../../components/FilePicker.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { FormAlert, TextAreaField, blankAsUndefined } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import {
  grievanceKeys,
  grievanceQuery,
  staffGrievanceKeys,
  staffGrievanceQuery,
  takeGrievanceStep,
  takeStaffGrievanceStep,
} from './api.ts';
import { DueBadge, Documents, PARTNER_STEPS, STAFF_STEPS, StateBadge, type Audience } from './shared.tsx';
import { Loading } from '../../components/Loading.tsx';
import { Modal } from '../../components/Modal.tsx';
import { dateTimeOf, dayOf } from '../../lib/dates.ts';

type Step = (typeof PARTNER_STEPS)[number] | (typeof STAFF_STEPS)[number];
const isStaffStep = (action: Step): action is (typeof STAFF_STEPS)[number] => (STAFF_STEPS as readonly Step[]).includes(action);

/** What a step sends: its contract body, with remarks required where the lifecycle asks for them. */
function stepSchema(action: Step) {
  const body = action === 'CHANGE_REASON' ? grievanceReasonChangeBodySchema : grievanceStepBodySchema;
  return grievanceRemarksRequired(action)
    ? body.refine((b) => Boolean(b.remarks), { path: ['remarks'], error: 'validation.required' })
    : body;
}

type StepBody = z.output<typeof grievanceStepBodySchema> & { reasonCode?: GrievanceReason };

/**
 * One step on an open grievance: its remarks (and reason, for a reason change) and documents. A
 * staff step is confirmed first, naming where the grievance goes: the partner is told at once.
 */
function StepForm({ grievance, action }: { grievance: GrievanceDetail; action: Step }) {
  const { t } = useTranslation(isStaffStep(action) ? ['partner', 'staff', 'common'] : ['partner', 'common']);
  const client = useQueryClient();
  const [schema] = useState(() => stepSchema(action));
  const form = useContractForm(schema, { defaultValues: { grievanceNumber: grievance.grievanceNumber, fileIds: [] } });
  const [files, setFiles] = useState<StoredFileInfo[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<StepBody | null>(null);
  const take = useMutation({
    mutationFn: (body: StepBody) =>
      isStaffStep(action) ? takeStaffGrievanceStep(action, body) : takeGrievanceStep(action, body),
    onMutate: () => setAlert(null),
    onSuccess: async () => {
      form.reset();
      setFiles([]);
      await client.invalidateQueries({ queryKey: isStaffStep(action) ? staffGrievanceKeys.all : grievanceKeys.all });
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const id = `step-${action}`;
  const label = isStaffStep(action) ? t(`staff:grievances.step.${action}`) : t(`grievance.action.${action}`);
  return (
    <section className="border rounded p-3 mb-3 bg-white" aria-label={label}>
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(e) => void form.handleSubmit((body) => (isStaffStep(action) ? setConfirming(body) : take.mutate(body)))(e)}
        >
          <FormAlert message={alert} />
          {action === 'CHANGE_REASON' && (
            <SelectField
              id={`${id}-reason`}
              name="reasonCode"
              label={t('grievance.newReason')}
              required
              placeholder={t('common:select')}
              options={GRIEVANCE_REASONS.filter((r) => r !== grievance.reasonCode).map((r) => ({
                value: r,
                label: t(`grievance.reason.${r}`),
              }))}
            />
          )}
          <TextAreaField
            id={`${id}-remarks`}
            name="remarks"
            label={isStaffStep(action) ? t(`staff:grievances.remarks.${action}`) : t(`grievance.remarks.${action}`)}
            required={grievanceRemarksRequired(action)}
            rows={2}
            maxLength={GRIEVANCE_REMARKS_MAX}
            setValueAs={blankAsUndefined}
          />
          {action !== 'CLOSE' && (
            <FilePicker
              id={`${id}-files`}
              label={t('grievance.attach')}
              files={files}
              onChange={(list) => {
                setFiles(list);
                form.setValue(
                  'fileIds',
                  list.map((f) => f.uniqueId),
                );
              }}
            />
          )}
          <button
            type="submit"
            className={`btn ${action === 'CLOSE' ? 'btn-outline-secondary' : 'btn-primary'}`}
            disabled={take.isPending}
          >
            {label}
          </button>
        </form>
      </FormProvider>
      {confirming && (
        <Modal
          title={t('staff:grievances.confirmTitle', { action: label })}
          onOk={() => {
            take.mutate(confirming);
            setConfirming(null);
          }}
          onCancel={() => setConfirming(null)}
        >
          {t('staff:grievances.confirm', {
            number: grievance.grievanceNumber,
            next: t(`grievance.state.${action === 'FORWARD' ? 'IN_REVIEW' : 'RESOLVED'}`),
          })}
        </Modal>
      )}
    </section>
  );
}

/**
 * One grievance with its documents, deadline, history and the steps the caller may take now: the
 * partner's own on /claimrequest, any but a draft on the staff dashboards.
 */
export function GrievanceView({
  grievanceNumber,
  audience = 'partner',
  onBack,
  onEdit,
}: {
  grievanceNumber: string;
  audience?: Audience;
  onBack: () => void;
  onEdit?: () => void;
}) {
  const { t } = useTranslation(audience === 'staff' ? ['partner', 'staff', 'common'] : ['partner', 'common']);
  const read = useQuery(audience === 'staff' ? staffGrievanceQuery(grievanceNumber) : grievanceQuery(grievanceNumber));
  const { data: g } = read;
  if (!g) return <Loading of={read} />;
  const steps = (audience === 'staff' ? STAFF_STEPS : PARTNER_STEPS).filter((a) => g.actions.includes(a as GrievanceAction));
  const byLabel = (by: 'PARTNER' | 'STAFF') => (audience === 'staff' ? t(`staff:grievances.by.${by}`) : t(`grievance.by.${by}`));
  return (
    <div>
      <button type="button" className="btn btn-link px-0 mb-2" onClick={onBack}>
        ← {t('grievance.backToList')}
      </button>
      <div className="card shadow-sm mb-3">
        <div className="card-body">
          <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
            <h2 className="h5 mb-0 me-2">{g.subject}</h2>
            <StateBadge state={g.state} />
            <span className="font-monospace small text-muted ms-auto">{g.grievanceNumber}</span>
          </div>
          <dl className="row small mb-0">
            {audience === 'staff' && (
              <>
                <dt className="col-sm-3">{t('staff:grievances.raisedBy')}</dt>
                <dd className="col-sm-9" data-user-content>
                  {g.raisedBy}
                </dd>
              </>
            )}
            {g.dueAt && (
              <>
                <dt className="col-sm-3">{t('grievance.deadline')}</dt>
                <dd className="col-sm-9">
                  <DueBadge dueAt={g.dueAt} overdue={g.overdue} />
                  {g.answeredAt && (
                    <span className="ms-2 small text-muted">{t('grievance.answeredOn', { date: dayOf(g.answeredAt) })}</span>
                  )}
                </dd>
              </>
            )}
            <dt className="col-sm-3">{t('grievance.reason')}</dt>
            <dd className="col-sm-9">{t(`grievance.reason.${g.reasonCode}`)}</dd>
            {g.documentNumber && (
              <>
                <dt className="col-sm-3">{t('grievance.documentNumber')}</dt>
                <dd className="col-sm-9 font-monospace">{g.documentNumber}</dd>
              </>
            )}
            <dt className="col-sm-3">{t('grievance.description')}</dt>
            <dd className="col-sm-9" style={{ whiteSpace: 'pre-wrap' }}>
              {g.description || '—'}
            </dd>
            <dt className="col-sm-3">{t('grievance.documents')}</dt>
            <dd className="col-sm-9">
              <Documents files={g.documents} />
            </dd>
          </dl>
          {g.state === 'DRAFT' && onEdit && (
            <button type="button" className="btn btn-primary btn-sm mt-2" onClick={onEdit}>
              {t('grievance.continueDraft')}
            </button>
          )}
        </div>
      </div>
      {steps.map((action) => (
        <StepForm key={action} grievance={g} action={action} />
      ))}
      <h3 className="h6">{t('grievance.history')}</h3>
      <table className="table table-sm bg-white small" aria-label={t('grievance.history')}>
        <thead>
          <tr>
            <th scope="col">{t('grievance.when')}</th>
            <th scope="col">{t('grievance.step')}</th>
            <th scope="col">{t('grievance.by')}</th>
            <th scope="col">{t('grievance.remarksColumn')}</th>
            <th scope="col">{t('grievance.documents')}</th>
          </tr>
        </thead>
        <tbody>
          {g.history.map((h, i) => (
            <tr key={i}>
              <td className="text-nowrap">{dateTimeOf(h.at)}</td>
              <td>
                {t(`grievance.action.${h.action}`)} → <StateBadge state={h.toState} />
              </td>
              <td>{byLabel(h.by)}</td>
              <td>
                {h.previousReason && (
                  <div className="text-muted">
                    {t('grievance.reasonWas', { reason: t(`grievance.reason.${h.previousReason}`) })}
                  </div>
                )}
                {h.remarks}
              </td>
              <td>
                <Documents files={h.documents} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
