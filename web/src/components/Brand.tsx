import { Link } from 'react-router-dom';

export function Brand({ to = '/home' }: { to?: string }) {
  return (
    <Link to={to} className="navbar-brand d-flex align-items-center gap-2" aria-label="Partner Portal home">
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt="Partner Portal logo" width={36} height={36} />
      <span className="brand-text">
        <strong>Partner</strong> Portal
      </span>
    </Link>
  );
}
