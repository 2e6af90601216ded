import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  GRIEVANCE_DESCRIPTION_MAX,
  GRIEVANCE_DESCRIPTION_MIN,
  GRIEVANCE_REASONS,
  GRIEVANCE_SUBJECT_MAX,
  grievanceDraftBodySchema,
  type GrievanceDetail,
  type StoredFileInfo,
} from '@pp/contract';
import { failureText } from '../../api/client.ts';
import { FilePicker } from '../../components/FilePicker.tsx';
import { FormAlert, TextAreaField, TextField } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { deleteGrievanceDraft, grievanceKeys, saveGrievanceDraft, takeGrievanceStep } from './api.ts';

/** New grievance or a draft: what it is about, then Save draft or Submit (which saves first). */
export function DraftEditor({
  draft,
  onDone,
}: {
  draft: GrievanceDetail | null;
  onDone: (grievanceNumber: string | null) => void;
}) {
  const { t } = useTranslation(['partner', 'common']);
  const client = useQueryClient();
  const [files, setFiles] = useState<StoredFileInfo[]>(draft?.documents ?? []);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useContractForm(grievanceDraftBodySchema, {
    defaultValues: {
      reasonCode: draft?.reasonCode,
      subject: draft?.subject ?? '',
      description: draft?.description ?? '',
      documentNumber: draft?.documentNumber ?? '',
    },
  });
  const description = form.watch('description') ?? '';
  // A new grievance has its number from its first save on (a refused submit has saved it).
  const [saved, setSaved] = useState(draft?.grievanceNumber);
  const save = useMutation({
    mutationFn: async ({ submit, body }: { submit: boolean; body: Parameters<typeof saveGrievanceDraft>[0] }) => {
      const { grievanceNumber } = await saveGrievanceDraft({
        ...body,
        ...(saved ? { grievanceNumber: saved } : {}),
        ...(body.documentNumber ? {} : { documentNumber: undefined }),
        fileIds: files.map((f) => f.uniqueId),
      });
      setSaved(grievanceNumber);
      return submit ? takeGrievanceStep('SUBMIT', { grievanceNumber }) : { grievanceNumber };
    },
    onMutate: () => setAlert(null),
    onSuccess: async (saved) => {
      await client.invalidateQueries({ queryKey: grievanceKeys.all });
      onDone(saved.grievanceNumber);
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const remove = useMutation({
    mutationFn: () => deleteGrievanceDraft(saved!),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: grievanceKeys.all });
      onDone(null);
    },
    onError: (error) => setAlert(failureText(error)),
  });
  const submitWith = (submit: boolean) => form.handleSubmit((body) => save.mutate({ submit, body }));

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="card card-body shadow-sm"
        aria-label={t('grievance.form')}
        onSubmit={(e) => void submitWith(false)(e)}
      >
        <h2 className="h5">{draft ? t('grievance.editDraft', { number: draft.grievanceNumber }) : t('grievance.new')}</h2>
        <FormAlert message={alert} />
        <div className="row">
          <div className="col-md-6">
            <SelectField
              name="reasonCode"
              label={t('grievance.reason')}
              required
              placeholder={t('common:select')}
              options={GRIEVANCE_REASONS.map((r) => ({ value: r, label: t(`grievance.reason.${r}`) }))}
            />
          </div>
          <div className="col-md-6">
            <TextField
              name="documentNumber"
              label={t('grievance.documentNumber')}
              hint={t('grievance.documentHint')}
              maxLength={30}
            />
          </div>
        </div>
        <TextField name="subject" label={t('grievance.subject')} required maxLength={GRIEVANCE_SUBJECT_MAX} />
        <TextAreaField
          name="description"
          label={t('grievance.description')}
          rows={5}
          maxLength={GRIEVANCE_DESCRIPTION_MAX}
          hint={t('grievance.descriptionHint', { count: description.length, min: GRIEVANCE_DESCRIPTION_MIN })}
        />
        <FilePicker id="grievance-files" label={t('grievance.documents')} files={files} onChange={setFiles} />
        <div className="d-flex gap-2 flex-wrap">
          <button type="button" className="btn btn-outline-secondary" onClick={() => onDone(saved ?? null)}>
            {t('common:back')}
          </button>
          {saved && (
            <button type="button" className="btn btn-outline-danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
              {t('grievance.deleteDraft')}
            </button>
          )}
          <button type="submit" className="btn btn-outline-primary ms-auto" disabled={save.isPending}>
            {t('grievance.saveDraft')}
          </button>
          <button type="button" className="btn btn-primary" disabled={save.isPending} onClick={(e) => void submitWith(true)(e)}>
            {t('grievance.submit')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
