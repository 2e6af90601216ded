import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n/index.ts';
import { Brand } from './Brand.tsx';

/**
 * Public bar of spec section 2: Login and Register on home; only the logo on registration, reset
 * password and e-mail verification. The logo goes to /home, or /login from reset password.
 */
export function PublicNavbar({ pageName }: { pageName: string }) {
  const { i18n } = useTranslation();
  const onHome = pageName === 'home';
  return (
    <nav className="navbar navbar-expand bg-white border-bottom shadow-sm px-3 public-navbar" aria-label="Public">
      <Brand to={pageName === 'resetpassword' ? '/login' : '/home'} />
      <div className="ms-auto d-flex align-items-center gap-2">
        <select
          className="form-select form-select-sm w-auto"
          aria-label="Language"
          value={i18n.language === 'hi' ? 'hi' : 'en'}
          onChange={(e) => setLanguage(e.target.value === 'hi' ? 'hi' : 'en')}
        >
          <option value="en">English</option>
          <option value="hi">हिन्दी</option>
        </select>
        {onHome && (
          <>
            <Link to="/login" className="btn btn-outline-primary" role="button">
              Login
            </Link>
            <Link to="/registration" className="btn btn-primary" role="button">
              Register
            </Link>
          </>
        )}
      </div>
    </nav>
  );
}
