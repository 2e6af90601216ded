import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SummaryLoginBody } from '@pp/contract';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { failureOf } from '../../forms/failure.ts';
import { href } from '../../routing/routes.ts';
import { summaryLogin } from './api.ts';

/**
 * /getsession (spec section 2): the group's sign-in sends staff here with Uid, AuditNo (a one-time
 * ticket), CompanyCode and JobCode; summary login exchanges them for a session and the page of the
 * job opens. The ticket works once, so the exchange runs as a query keyed by it (React's strict
 * mode would run an effect's mutation twice).
 */
export default function GetSessionPage() {
  const { t } = useTranslation(['auth', 'routes']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const ticket = params.get('AuditNo');
  const exchange = useQuery({
    queryKey: ['auth', 'summary-login', ticket],
    queryFn: () =>
      summaryLogin({
        uid: params.get('Uid') ?? '',
        auditNo: ticket ?? '',
        // Whatever the address carries: the server refuses a company that is not one of the group's.
        companyCode: Number(params.get('CompanyCode') ?? 0) as SummaryLoginBody['companyCode'],
        ...(params.get('DocumentNo') ? { documentNo: params.get('DocumentNo')! } : {}),
        ...(params.get('RefId') ? { refId: params.get('RefId')! } : {}),
        ...(params.get('Source') ? { source: params.get('Source')! } : {}),
        ...(params.get('JobCode') ? { jobCode: params.get('JobCode')! } : {}),
      }),
    enabled: Boolean(ticket),
    // A ticket works once: the page says why it failed and offers to sign in again, not to try it again.
    meta: { failureShown: true },
    retry: false,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (exchange.data) void navigate(exchange.data, { replace: true });
  }, [exchange.data, navigate]);

  return (
    <CenteredCard title={t('routes:title.getSession')}>
      {exchange.isError || !ticket ? (
        <>
          <div className="alert alert-danger" role="alert">
            {exchange.isError ? failureOf(exchange.error).message : t('getSession.failed')}
          </div>
          <Link to={href('groupSso')} className="btn btn-primary">
            {t('getSession.again')}
          </Link>
        </>
      ) : (
        <p className="text-muted">{t('getSession.opening')}</p>
      )}
    </CenteredCard>
  );
}
