import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import {
  type FEEDBACK_RATING_MAX,
  FEEDBACK_TEXT_MAX,
  feedbackAnswersBodySchema,
  feedbackPeriodOf,
  type Feedback,
  type FeedbackAnswer,
  type FeedbackAnswers,
  type FeedbackQuestion,
} from '@pp/contract';
import { FormProvider, useWatch } from 'react-hook-form';
import { Pager } from '../../components/Pager.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { FormAlert } from '../../forms/fields.tsx';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { usePageNo } from '../../lib/use-page-no.ts';
import {
  checkFeedback,
  currentFeedbackQuery,
  feedbackKeys,
  historiesQuery,
  historyQuery,
  questionsQuery,
  saveFeedbackDraft,
  submitFeedback,
} from './api.ts';
import { Loading } from '../../components/Loading.tsx';
import { dateTimeOf } from '../../lib/dates.ts';

const PAGE_SIZE = 10;
/** The rating choices, 1 to FEEDBACK_RATING_MAX, each with its words. */
const RATINGS = [1, 2, 3, 4, 5] as const satisfies readonly number[] & { length: typeof FEEDBACK_RATING_MAX };
type Rating = (typeof RATINGS)[number];

/** The questions by section, in the order the server gives them. */
function bySection(questions: FeedbackQuestion[]): [string, FeedbackQuestion[]][] {
  const sections = new Map<string, FeedbackQuestion[]>();
  for (const q of questions) sections.set(q.section, [...(sections.get(q.section) ?? []), q]);
  return [...sections];
}

function AnswerInput({
  question,
  value,
  missing,
  error,
  onChange,
}: {
  question: FeedbackQuestion;
  value: FeedbackAnswer | undefined;
  missing: boolean;
  /** What the answers' schema says of this one (a text over the limit). */
  error: string | undefined;
  onChange: (value: FeedbackAnswer | undefined) => void;
}) {
  const { t } = useTranslation('partner');
  const id = `q-${question.questionId}`;
  const legend = (
    <legend className={`form-label fs-6${question.mandatory ? ' required' : ''}`} id={`${id}-text`}>
      {question.text}
    </legend>
  );
  let input;
  if (question.kind === 'TEXT')
    input = (
      <textarea
        id={id}
        aria-labelledby={`${id}-text`}
        className="form-control"
        rows={2}
        maxLength={FEEDBACK_TEXT_MAX}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  else {
    const choices: [FeedbackAnswer, string][] =
      question.kind === 'RATING'
        ? RATINGS.map((r) => [r, t(`feedback.rating.${r}`)])
        : [
            [true, t('feedback.yes')],
            [false, t('feedback.no')],
          ];
    input = (
      <div className="d-flex flex-wrap gap-3">
        {choices.map(([choice, label]) => (
          <div className="form-check" key={String(choice)}>
            <input
              className="form-check-input"
              type="radio"
              name={id}
              id={`${id}-${String(choice)}`}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <label className="form-check-label" htmlFor={`${id}-${String(choice)}`}>
              {label}
            </label>
          </div>
        ))}
      </div>
    );
  }
  return (
    <fieldset
      className={`mb-3 p-2 rounded${missing || error ? ' border border-danger' : ''}`}
      aria-invalid={missing || Boolean(error) || undefined}
    >
      {legend}
      {input}
      {(missing || error) && (
        <div className="text-danger small mt-1" role="alert">
          {error ?? t('feedback.answerThis')}
        </div>
      )}
    </fieldset>
  );
}

/** A submitted feedback, read-only: each question with the answer given. */
function Answers({ feedback, questions }: { feedback: Feedback; questions: FeedbackQuestion[] }) {
  const { t } = useTranslation('partner');
  const shown = (q: FeedbackQuestion) => {
    const a = feedback.answers[String(q.questionId)];
    if (a === undefined) return '—';
    if (typeof a === 'boolean') return a ? t('feedback.yes') : t('feedback.no');
    if (typeof a === 'number') return t(`feedback.rating.${a as Rating}`);
    return a;
  };
  return (
    <dl className="row small mb-0">
      {questions.map((q) => (
        <div key={q.questionId} className="col-12 row">
          <dt className="col-md-8 fw-normal">{q.text}</dt>
          <dd className="col-md-4 fw-semibold" style={{ whiteSpace: 'pre-wrap' }}>
            {shown(q)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** This quarter's form: answers kept as typed, Save draft, and Submit after the mandatory check. */
function QuarterForm({ questions, saved }: { questions: FeedbackQuestion[]; saved: Feedback | null }) {
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

function History({ questions }: { questions: FeedbackQuestion[] }) {
  const { t } = useTranslation('partner');
  const [params, setParams] = useSearchParams();
  const open = params.get('feedback');
  const [pageNo, setPageNo] = usePageNo('');
  const { data: page } = useQuery(historiesQuery({ pageNo, pageSize: PAGE_SIZE }));
  const { data: one } = useQuery({ ...historyQuery(open ?? ''), enabled: Boolean(open) });
  return (
    <section className="mt-4" aria-label={t('feedback.history')}>
      <h2 className="h5">{t('feedback.history')}</h2>
      {page && page.items.length === 0 ? (
        <p className="text-muted small">{t('feedback.noHistory')}</p>
      ) : (
        <table className="table table-sm bg-white small align-middle" aria-label={t('feedback.history')}>
          <thead>
            <tr>
              <th scope="col">{t('feedback.period')}</th>
              <th scope="col">{t('feedback.average')}</th>
              <th scope="col">{t('feedback.submittedAt')}</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {page?.items.map((f) => (
              <tr key={f.feedbackNumber}>
                <td>{f.period}</td>
                <td>{f.averageRating === null ? '—' : t('feedback.outOf', { value: f.averageRating })}</td>
                <td className="text-nowrap">{f.submittedAt && dateTimeOf(f.submittedAt)}</td>
                <td className="text-end">
                  <button
                    type="button"
                    className="btn btn-link btn-sm p-0"
                    onClick={() => setParams({ feedback: f.feedbackNumber })}
                  >
                    {t('feedback.view', { period: f.period })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page && page.total > PAGE_SIZE && (
        <Pager
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          page={page}
          totalText={(count) => t('feedback.total', { count })}
          onPage={setPageNo}
        />
      )}
      {open && one && (
        <div className="card shadow-sm mt-3" aria-label={t('feedback.view', { period: one.period })} role="region">
          <div className="card-body">
            <div className="d-flex align-items-center mb-2">
              <h3 className="h6 mb-0">{t('feedback.view', { period: one.period })}</h3>
              <button
                type="button"
                className="btn-close ms-auto"
                aria-label={t('feedback.closeView')}
                onClick={() => setParams({})}
              />
            </div>
            <Answers feedback={one} questions={questions} />
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * /partnerfeedback: this quarter's feedback and evaluation of the session's group company (a
 * draft until submitted; submit checks the mandatory questions first) and the quarters submitted.
 */
export default function FeedbackPage() {
  const { t } = useTranslation(['partner', 'routes', 'common']);
  const questionsRead = useQuery(questionsQuery);
  const currentRead = useQuery(currentFeedbackQuery);
  const { data: questions } = questionsRead;
  const { data: current, isSuccess } = currentRead;

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.partnerFeedback')}</h1>
      <p className="text-muted small">{t('feedback.lead')}</p>
      {!questions || !isSuccess ? (
        <Loading of={[questionsRead, currentRead]} />
      ) : current?.status === 'SUBMITTED' ? (
        <div className="card shadow-sm">
          <div className="card-body">
            <div className="alert alert-success py-2" role="status">
              {t('feedback.thisQuarterDone', { period: current.period, when: dateTimeOf(current.submittedAt!) })}
            </div>
            <Answers feedback={current} questions={questions} />
          </div>
        </div>
      ) : (
        <>
          <p className="small text-muted">
            {current
              ? t('feedback.draftFrom', { period: current.period, when: dateTimeOf(current.updatedAt) })
              : t('feedback.thisQuarter', { period: feedbackPeriodOf(new Date()) })}
          </p>
          <QuarterForm questions={questions} saved={current} />
        </>
      )}
      {questions && <History questions={questions} />}
    </section>
  );
}
