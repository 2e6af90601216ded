import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { feedbackPeriodOf } from '@pp/contract';
import { currentFeedbackQuery, questionsQuery } from './api.ts';
import { Loading } from '../../components/Loading.tsx';
import { dateTimeOf } from '../../lib/dates.ts';
import { History } from './FeedbackHistory.tsx';
import { QuarterForm } from './QuarterForm.tsx';
import { Answers } from './answers.tsx';

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
