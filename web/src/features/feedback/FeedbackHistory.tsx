import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { type FeedbackQuestion } from '@pp/contract';
import { Pager } from '../../components/Pager.tsx';
import { usePageNo } from '../../lib/use-page-no.ts';
import { historiesQuery, historyQuery } from './api.ts';
import { dateTimeOf } from '../../lib/dates.ts';
import { Answers } from './answers.tsx';

const PAGE_SIZE = 10;

/** The quarters submitted, paged; one of them read-only when opened (?feedback=). */
export function History({ questions }: { questions: FeedbackQuestion[] }) {
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
