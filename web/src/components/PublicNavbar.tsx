import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { href } from '../routing/routes.ts';
import { Brand } from './Brand.tsx';
import { LanguagePicker } from './LanguagePicker.tsx';

/**
 * Public bar of spec section 2: Login and Register on home; only the logo on registration, reset
 * password and e-mail verification. The logo goes to /home, or /login from reset password.
 */
export function PublicNavbar({ pageName }: { pageName: string }) {
  const { t } = useTranslation();
  const onHome = pageName === 'home';
  return (
    <nav className="navbar navbar-expand bg-white border-bottom shadow-sm px-3 public-navbar" aria-label={t('publicNav')}>
      <Brand to={href(pageName === 'resetpassword' ? 'login' : 'home')} />
      <div className="ms-auto d-flex align-items-center gap-2">
        <LanguagePicker />
        {onHome && (
          <>
            <Link to={href('login')} className="btn btn-outline-primary" role="button">
              {t('loginButton')}
            </Link>
            <Link to={href('registration')} className="btn btn-primary" role="button">
              {t('register')}
            </Link>
          </>
        )}
      </div>
    </nav>
  );
}
