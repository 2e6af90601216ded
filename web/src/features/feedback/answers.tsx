import { useTranslation } from 'react-i18next';
import {
  type FEEDBACK_RATING_MAX,
  FEEDBACK_TEXT_MAX,
  type Feedback,
  type FeedbackAnswer,
  type FeedbackQuestion,
} from '@pp/contract';

/** The rating choices, 1 to FEEDBACK_RATING_MAX, each with its words. */
export const RATINGS = [1, 2, 3, 4, 5] as const satisfies readonly number[] & { length: typeof FEEDBACK_RATING_MAX };
export type Rating = (typeof RATINGS)[number];

/** The questions by section, in the order the server gives them. */
export function bySection(questions: FeedbackQuestion[]): [string, FeedbackQuestion[]][] {
  const sections = new Map<string, FeedbackQuestion[]>();
  for (const q of questions) sections.set(q.section, [...(sections.get(q.section) ?? []), q]);
  return [...sections];
}

export function AnswerInput({
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
export function Answers({ feedback, questions }: { feedback: Feedback; questions: FeedbackQuestion[] }) {
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
