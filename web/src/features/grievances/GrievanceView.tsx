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
import { FormAlert, SelectField, TextAreaField, blankAsUndefined } from '../../forms/fields.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { grievanceKeys, grievanceQuery, takeGrievanceStep } from './api.ts';
import { Documents, PARTNER_STEPS, StateBadge, when } from './shared.tsx';
import { Loading } from '../../components/Loading.tsx';

/** What a partner's step sends: its contract body, with remarks required where the lifecycle asks for them. */
function stepSchema(action: (typeof PARTNER_STEPS)[number]) {
  const body = action === 'CHANGE_REASON' ? grievanceReasonChangeBodySchema : grievanceStepBodySchema;
  return grievanceRemarksRequired(action)
    ? body.refine((b) => Boolean(b.remarks), { path: ['remarks'], error: 'validation.required' })
    : body;
}

/** One of the partner's steps on an open grievance: its remarks (and reason, for a reason change) and documents. */
function StepForm({ grievance, action }: { grievance: GrievanceDetail; action: (typeof PARTNER_STEPS)[number] }) {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const [schema] = useState(() => stepSchema(action));
  const form = useContractForm(schema, { defaultValues: { grievanceNumber: grievance.grievanceNumber, fileIds: [] } });
  const [files, setFiles] = useState<StoredFileInfo[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const take = useMutation({
    mutationFn: (body: z.output<typeof grievanceStepBodySchema> & { reasonCode?: GrievanceReason }) =>
      takeGrievanceStep(action, body),
    onMutate: () => setAlert(null),
    onSuccess: async () => {
      form.reset();
      setFiles([]);
      await client.invalidateQueries({ queryKey: grievanceKeys.all });
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const id = `step-${action}`;
  return (
    <section className="border rounded p-3 mb-3 bg-white" aria-label={t(`grievance.action.${action}`)}>
      <FormProvider {...form}>
        <form noValidate onSubmit={(e) => void form.handleSubmit((body) => take.mutate(body))(e)}>
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
            label={t(`grievance.remarks.${action}`)}
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
            {t(`grievance.action.${action}`)}
          </button>
        </form>
      </FormProvider>
    </section>
  );
}

export function GrievanceView({
  grievanceNumber,
  onBack,
  onEdit,
}: {
  grievanceNumber: string;
  onBack: () => void;
  onEdit: () => void;
}) {
  const { t } = useTranslation(['partner', 'common']);
  const { data: g } = useQuery(grievanceQuery(grievanceNumber));
  if (!g) return <Loading />;
  const steps = PARTNER_STEPS.filter((a) => g.actions.includes(a as GrievanceAction));
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
          {g.state === 'DRAFT' && (
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
              <td className="text-nowrap">{when(h.at)}</td>
              <td>
                {t(`grievance.action.${h.action}`)} → <StateBadge state={h.toState} />
              </td>
              <td>{t(`grievance.by.${h.by}`)}</td>
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
