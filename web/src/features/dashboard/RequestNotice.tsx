import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { switchCategory } from '../../api/partner.ts';
import { currentRequestQuery } from '../../api/workflow.ts';
import { href } from '../../routing/routes.ts';
import { useSession } from '../../session/session.ts';

/**
 * Where the partner's submitted profile stands, on the dashboard: under review, sent back with the
 * reviewer's remarks (and the way to fix and resubmit), rejected with the reason, or approved.
 * Nothing before the first submit.
 */
export function RequestNotice() {
  const { t } = useTranslation('onboarding');
  const { companyCode, categoryCode, userStatus } = useSession();
  const { data: request } = useQuery(currentRequestQuery(companyCode, categoryCode));
  // Staff moved the request since this tab's token was issued (sent back: Edit again; approved):
  // the category audit issues a token with the status the pages' guards read.
  const stale = request && categoryCode !== null && companyCode !== null && request.userStatus !== userStatus;
  const refresh = useMutation({ mutationFn: () => switchCategory(categoryCode ?? '', companyCode ?? 0) });
  const { mutate: refreshToken } = refresh;
  useEffect(() => {
    if (stale) refreshToken();
  }, [stale, refreshToken]);
  // Until the token says Edit, the onboarding page's guard would send the partner straight back here;
  // if the refresh fails the link is offered anyway (the guard then asks for a new sign-in).
  const mayFix = !stale || refresh.isError;
  if (!request) return null;
  const number = request.requestNumber;
  if (request.state === 'SENT_BACK')
    return (
      <div className="alert alert-warning" role="alert" data-testid="request-notice">
        <p className="mb-1">{t('request.sentBack', { number })}</p>
        <p className="fw-semibold mb-2">{request.lastRemarks}</p>
        {mayFix ? (
          <Link to={href('onboardingDetails')} className="btn btn-warning btn-sm">
            {t('request.fix')}
          </Link>
        ) : (
          <span className="btn btn-warning btn-sm disabled" aria-disabled="true">
            {t('request.fix')}
          </span>
        )}
      </div>
    );
  if (request.state === 'REJECTED')
    return (
      <div className="alert alert-danger" role="alert" data-testid="request-notice">
        {t('request.rejected', { number })} {request.lastRemarks}
      </div>
    );
  if (request.state === 'APPROVED')
    return (
      <div className="alert alert-success" role="status" data-testid="request-notice">
        {t('request.approved', { number })}
      </div>
    );
  return (
    <div className="alert alert-info d-flex align-items-center gap-3" role="status" data-testid="request-notice">
      <span>{t('request.inReview', { number })}</span>
      <Link to={href('onboardingDetailPreview')} className="ms-auto">
        {t('request.view')}
      </Link>
    </div>
  );
}
