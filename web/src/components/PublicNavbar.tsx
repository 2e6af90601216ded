import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage, type UiLanguage } from '../i18n/index.ts';
import { href } from '../routing/routes.ts';
import { Brand } from './Brand.tsx';

/** Each language named in itself, so a reader finds theirs whatever the page's language is. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी' };

/**
 * Public bar of spec section 2: Login and Register on home; only the logo on registration, reset
 * password and e-mail verification. The logo goes to /home, or /login from reset password.
 */
export function PublicNavbar({ pageName }: { pageName: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const onHome = pageName === 'home';
  return (
    <nav className="navbar navbar-expand bg-white border-bottom shadow-sm px-3 public-navbar" aria-label={t('publicNav')}>
      <Brand to={href(pageName === 'resetpassword' ? 'login' : 'home')} />
      <div className="ms-auto d-flex align-items-center gap-2">
        <select
          className="form-select form-select-sm w-auto"
          aria-label={t('language')}
          value={language}
          onChange={(e) => void setLanguage(e.target.value === 'hi' ? 'hi' : 'en')}
        >
          {(Object.keys(LANGUAGE_NAMES) as UiLanguage[]).map((code) => (
            <option key={code} value={code} lang={code}>
              {LANGUAGE_NAMES[code]}
            </option>
          ))}
        </select>
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
