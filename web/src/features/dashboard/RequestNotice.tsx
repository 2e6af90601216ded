import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
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
  useEffect(() => {
    if (stale) void switchCategory(categoryCode, companyCode).catch(() => undefined);
  }, [stale, categoryCode, companyCode]);
  if (!request) return null;
  const number = request.requestNumber;
  if (request.state === 'SENT_BACK')
    return (
      <div className="alert alert-warning" role="alert" data-testid="request-notice">
        <p className="mb-1">{t('request.sentBack', { number })}</p>
        <p className="fw-semibold mb-2">{request.lastRemarks}</p>
        <Link to={href('onboardingDetails')} className="btn btn-warning btn-sm">
          {t('request.fix')}
        </Link>
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
