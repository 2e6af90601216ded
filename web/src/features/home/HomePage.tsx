import { Link } from 'react-router-dom';
import { PARTNERS_CLAIMED } from '@pp/contract';

const FEATURES = [
  {
    title: 'Register online',
    text: 'Sign up with your KYP details, verify your mobile number and e-mail, and choose the group companies you want to work with.',
  },
  {
    title: 'Complete onboarding',
    text: 'Submit your organisation, bank, financial and statutory details once; our teams review and approve them.',
  },
  {
    title: 'Follow orders & invoices',
    text: 'See purchase orders, invoice status and payments received against outstanding amounts.',
  },
  { title: 'Bids & auctions', text: 'Take part in e-bids and e-auctions for the categories you are registered in.' },
  { title: 'Raise grievances', text: 'Report an issue, attach documents and follow it until it is resolved.' },
  { title: 'Help when you need it', text: 'Video guides on every page, a support form and a multilingual chat assistant.' },
];

/** Public home page: what the portal offers, with the partner count it claims (spec section 1). */
export default function HomePage() {
  return (
    <>
      <section className="hero text-white">
        <div className="container py-5">
          <div className="row align-items-center g-4">
            <div className="col-lg-7">
              <h1 className="display-5 fw-bold">Partner Portal</h1>
              <p className="lead mb-4">
                One place for the suppliers, vendors and contractors of our engineering and construction group to register,
                onboard and do business with us.
              </p>
              <div className="d-flex gap-2 flex-wrap">
                <Link to="/registration" className="btn btn-warning btn-lg fw-semibold">
                  Become a partner
                </Link>
                <Link to="/login" className="btn btn-outline-light btn-lg">
                  Partner login
                </Link>
              </div>
            </div>
            <div className="col-lg-5">
              <div className="claim-card text-center p-4 rounded-4">
                <div className="claim-number" data-testid="partner-claim">
                  {PARTNERS_CLAIMED.toLocaleString('en-IN')}+
                </div>
                <div className="fs-5">registered partners trust us</div>
                <p className="small mb-0 mt-2 opacity-75">
                  More than {PARTNERS_CLAIMED.toLocaleString('en-IN')} partners already work with the group through this portal.
                </p>
              </div>
            </div>
          </div>
        </div>
      </section>
      <section className="container py-5">
        <h2 className="h4 mb-4 text-center">What you can do here</h2>
        <div className="row g-4">
          {FEATURES.map((f) => (
            <div className="col-md-6 col-lg-4" key={f.title}>
              <div className="card h-100 shadow-sm border-0 feature-card">
                <div className="card-body">
                  <h3 className="h6 card-title text-primary">{f.title}</h3>
                  <p className="card-text small text-muted mb-0">{f.text}</p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>
    </>
  );
}
