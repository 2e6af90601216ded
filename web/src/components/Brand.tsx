import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { href } from '../routing/routes.ts';

export function Brand({ to = href('home') }: { to?: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="navbar-brand d-flex align-items-center gap-2" aria-label={t('brandHome')}>
      <img src={`${import.meta.env.BASE_URL}logo.svg`} alt={t('logoAlt')} width={36} height={36} />
      <span className="brand-text">
        <strong>{t('brandFirst')}</strong> {t('brandSecond')}
      </span>
    </Link>
  );
}
