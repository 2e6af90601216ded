import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { href } from '../../routing/routes.ts';
import { PARTNERS_CLAIMED } from '@pp/contract';
import { indianNumber } from '../../lib/numbers.ts';

const FEATURES = ['register', 'onboard', 'orders', 'bids', 'grievances', 'help'] as const;

/** Public home page: what the portal offers, with the spec's claim of more than 35,000 registered partners (sections 1 and 9). */
export default function HomePage() {
  const { t } = useTranslation('home');
  const number = indianNumber(PARTNERS_CLAIMED);
  return (
    <>
      <section className="hero text-white">
        <div className="container py-5">
          <div className="row align-items-center g-4">
            <div className="col-lg-7">
              <h1 className="display-5 fw-bold">{t('title')}</h1>
              <p className="lead mb-4">{t('lead')}</p>
              <div className="d-flex gap-2 flex-wrap">
                <Link to={href('registration')} className="btn btn-warning btn-lg fw-semibold">
                  {t('becomePartner')}
                </Link>
                <Link to={href('login')} className="btn btn-outline-light btn-lg">
                  {t('partnerLogin')}
                </Link>
              </div>
            </div>
            <div className="col-lg-5">
              <div className="claim-card text-center p-4 rounded-4">
                <div className="claim-number" data-testid="partner-claim">
                  {t('claimNumber', { number })}
                </div>
                <div className="fs-5">{t('claim')}</div>
                <p className="small mb-0 mt-2 opacity-75">{t('claimText', { number })}</p>
              </div>
            </div>
          </div>
        </div>
      </section>
      <section className="container py-5">
        <h2 className="h4 mb-4 text-center">{t('whatYouCanDo')}</h2>
        <div className="row g-4">
          {FEATURES.map((f) => (
            <div className="col-md-6 col-lg-4" key={f}>
              <div className="card h-100 shadow-sm border-0 feature-card">
                <div className="card-body">
                  <h3 className="h6 card-title text-primary">{t(`feature.${f}.title`)}</h3>
                  <p className="card-text small text-muted mb-0">{t(`feature.${f}.text`)}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
