import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { failureOf } from '../../forms/failure.ts';
import { procurementExchange } from './api.ts';
import { dateTimeOf } from '../../lib/dates.ts';

/**
 * /procurement: the group's procurement system's landing page, as the stack stands in for it. Staff
 * reach it from the portal with a one-time ticket (section 7, "sign-in to the external procurement
 * system"); it takes the ticket once and says who signed in. A used or stale ticket says so.
 */
export default function ProcurementPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  // A query keyed by the ticket, so React's strict mode does not spend it twice.
  const exchange = useQuery({
    queryKey: ['auth', 'procurement', ticket],
    queryFn: () => procurementExchange(ticket ?? ''),
    enabled: Boolean(ticket),
    // A ticket works once: the page says why it failed, and trying it again could not help.
    meta: { failureShown: true },
    retry: false,
    staleTime: Infinity,
  });
  const who = exchange.data;
  return (
    <CenteredCard title={t('routes:title.procurement')}>
      <p className="text-muted small">{t('procurement.lead')}</p>
      {exchange.isError || !ticket ? (
        <div className="alert alert-danger mb-0" role="alert">
          {exchange.isError ? failureOf(exchange.error).message : t('procurement.noTicket')}
        </div>
      ) : !who ? (
        <p className="text-muted">{t('procurement.opening')}</p>
      ) : (
        <div className="alert alert-success mb-0" role="status">
          {t('procurement.signedIn', {
            name: who.displayName,
            company: who.companyName ?? '—',
            at: dateTimeOf(who.signedInAt),
          })}
        </div>
      )}
    </CenteredCard>
  );
}
