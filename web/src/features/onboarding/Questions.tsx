import { useState } from 'react';
import { Controller, FormProvider, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { answerInputSchema, type Question, type StoredFileInfo } from '@pp/contract';
import { FilePicker } from '../../components/FilePicker.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { FormAlert, TextField } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';

const answersSchema = z.object({ answers: z.array(answerInputSchema) });
type AnswerValues = z.input<typeof answersSchema>;

interface QuestionsProps {
  id: string;
  questions: readonly Question[];
  onSave: (answers: z.output<typeof answersSchema>['answers']) => Promise<unknown>;
  readOnly?: boolean;
}

const valuesOf = (questions: readonly Question[]): AnswerValues => ({
  answers: questions.map((q) => ({
    questionId: q.questionId,
    value: q.answer?.value ?? '',
    fileIds: q.answer?.files.map((f) => f.uniqueId) ?? [],
    expiryDate: q.answer?.expiryDate ?? '',
  })),
});

/** A module's questions answered in one form and saved as a draft (POST /api/onboard-answer-heads/draft). */
export function Questions({ id, questions, onSave, readOnly }: QuestionsProps) {
  const { t } = useTranslation(['onboarding', 'common']);
  const form = useContractForm(answersSchema, { defaultValues: valuesOf(questions) });
  useFieldArray({ control: form.control, name: 'answers' });
  const [alert, setAlert] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [files, setFiles] = useState(() => new Map(questions.flatMap((q) => q.answer?.files ?? []).map((f) => [f.uniqueId, f])));

  if (questions.length === 0) return null;
  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    setSaved(false);
    try {
      await onSave(values.answers.filter((a, i) => a.value !== null || questions[i]!.kind === 'FILE'));
      setSaved(true);
      form.reset(form.getValues());
    } catch (error) {
      setAlert(applyFailure(form, error));
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('questions')} className="mb-4">
        <h3 className="h6">{t('questions')}</h3>
        <FormAlert message={alert} />
        {questions.map((q, i) => {
          const name = `answers.${i}.value` as const;
          const fieldId = `${id}-q${q.questionId}`;
          return (
            <div key={q.questionId} className="mb-2">
              {q.kind === 'FILE' ? (
                <Controller
                  control={form.control}
                  name={`answers.${i}.fileIds`}
                  render={({ field }) => (
                    <FilePicker
                      id={fieldId}
                      label={q.text}
                      single={q.isStatic}
                      required={q.mandatory}
                      disabled={readOnly}
                      files={(field.value ?? []).map((fid) => files.get(fid)).filter((f): f is StoredFileInfo => f !== undefined)}
                      onChange={(list) => {
                        setFiles((m) => new Map([...m, ...list.map((f) => [f.uniqueId, f] as const)]));
                        field.onChange(list.map((f) => f.uniqueId));
                      }}
                    />
                  )}
                />
              ) : q.kind === 'YESNO' || q.kind === 'CHOICE' ? (
                <SelectField<AnswerValues>
                  id={fieldId}
                  name={name}
                  label={q.text}
                  required={q.mandatory}
                  disabled={readOnly}
                  placeholder={t('common:select')}
                  options={
                    q.kind === 'YESNO'
                      ? [
                          { value: 'Y', label: t('yes') },
                          { value: 'N', label: t('no') },
                        ]
                      : q.options.map((o, i) => ({ value: o, label: q.optionLabels[i] ?? o }))
                  }
                />
              ) : (
                <TextField<AnswerValues>
                  id={fieldId}
                  name={name}
                  label={q.text}
                  required={q.mandatory}
                  readOnly={readOnly}
                  type={q.kind === 'DATE' ? 'date' : 'text'}
                  inputMode={q.kind === 'NUMBER' ? 'decimal' : undefined}
                />
              )}
              {q.hasExpiry && (
                <div className="ms-3" style={{ maxWidth: '16rem' }}>
                  <TextField<AnswerValues>
                    id={`${fieldId}-expiry`}
                    name={`answers.${i}.expiryDate`}
                    label={t('validUntil')}
                    type="date"
                    readOnly={readOnly}
                  />
                </div>
              )}
            </div>
          );
        })}
        {!readOnly && (
          <div className="d-flex align-items-center gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={form.formState.isSubmitting}>
              {t('saveAnswers')}
            </button>
            {saved && !form.formState.isDirty && (
              <span className="small text-success" role="status">
                {t('saved')}
              </span>
            )}
          </div>
        )}
      </form>
    </FormProvider>
  );
}
