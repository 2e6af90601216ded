import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  feedbackAnswersBodySchema,
  type Feedback,
  type FeedbackAnswer,
  type FeedbackAnswers,
  type FeedbackQuestion,
} from '@pp/contract';
import { FormProvider, useWatch } from 'react-hook-form';
import { applyFailure } from '../../forms/failure.ts';
import { FormAlert } from '../../forms/fields.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { checkFeedback, feedbackKeys, saveFeedbackDraft, submitFeedback } from './api.ts';
import { AnswerInput, bySection } from './answers.tsx';

/** This quarter's form: answers kept as typed, Save draft, and Submit after the mandatory check. */
export function QuarterForm({ questions, saved }: { questions: FeedbackQuestion[]; saved: Feedback | null }) {
  const { t } = useTranslation('partner');
  const client = useQueryClient();
  // One field holds the answers by question id: react-hook-form reads a numeric name as an array index.
  const form = useContractForm(feedbackAnswersBodySchema, { defaultValues: { answers: saved?.answers ?? {} } });
  const answers = useWatch({ control: form.control, name: 'answers' });
  const fieldErrors = form.formState.errors.answers as Record<string, { message?: string } | undefined> | undefined;
  const [missing, setMissing] = useState<number[]>([]);
  const [alert, setAlert] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const done = async (message: string) => {
    setNote(message);
    await client.invalidateQueries({ queryKey: feedbackKeys.all });
  };
  const save = useMutation({
    mutationFn: saveFeedbackDraft,
    onMutate: () => {
      setAlert(null);
      setNote(null);
    },
    onSuccess: () => done(t('feedback.draftSaved')),
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const submit = useMutation({
    // The mandatory check first, so every unanswered question is marked at once, not only the first.
    mutationFn: async (body: FeedbackAnswers) => {
      const check = await checkFeedback(body);
      return { missing: check.missing, submitted: check.complete ? await submitFeedback(body) : null };
    },
    onMutate: () => {
      setAlert(null);
      setNote(null);
    },
    onSuccess: async (result) => {
      setMissing(result.missing);
      if (result.submitted) await done(t('feedback.submitted'));
      else setAlert(t('feedback.missing', { count: result.missing.length }));
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const set = (q: FeedbackQuestion, value: FeedbackAnswer | undefined) => {
    const key = String(q.questionId);
    const { [key]: _, ...rest } = form.getValues('answers');
    form.setValue('answers', value === undefined || value === '' ? rest : { ...rest, [key]: value }, { shouldValidate: true });
    setMissing((m) => m.filter((id) => id !== q.questionId));
  };
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void form.handleSubmit(({ answers }) => submit.mutate(answers))(e)}>
        <FormAlert message={alert} />
        {note && (
          <div className="alert alert-success py-2" role="status">
            {note}
          </div>
        )}
        {bySection(questions).map(([section, qs]) => (
          <section key={section} className="card shadow-sm mb-3">
            <div className="card-body">
              <h3 className="h6 mb-3">{section}</h3>
              {qs.map((q) => (
                <AnswerInput
                  key={q.questionId}
                  question={q}
                  value={answers[String(q.questionId)]}
                  missing={missing.includes(q.questionId)}
                  error={fieldErrors?.[String(q.questionId)]?.message}
                  onChange={(v) => set(q, v)}
                />
              ))}
            </div>
          </section>
        ))}
        <div className="d-flex gap-2">
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={save.isPending}
            onClick={() => void form.handleSubmit(({ answers }) => save.mutate(answers))()}
          >
            {t('feedback.saveDraft')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={submit.isPending}>
            {t('feedback.submit')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
