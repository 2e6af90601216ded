import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { MESSAGES, api, signinBodySchema, formatIssues } from '@pp/contract';
import { ApiError, call, failureText } from '../../api/client.ts';
import { resendActivation, signin } from './api.ts';

const IDLE_SOURCE = 'ShowValidationMessage';

/** Login page: the login-page notices, the idle-logout message, and sign-in. */
export default function LoginPage() {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const [resendEmail, setResendEmail] = useState('');
  const [resendNote, setResendNote] = useState<string | null>(null);

  const resend = async () => {
    try {
      setResendNote(await resendActivation(resendEmail.trim().toLowerCase(), username.trim()));
    } catch (e) {
      setResendNote(failureText(e));
    }
  };
  const notices = useQuery({
    queryKey: ['faq', 'loginPageNotification'],
    queryFn: async () => (await call(api.faq.loginPageNotification)).response,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = signinBodySchema.safeParse({ username, password }, { reportInput: true });
    if (!parsed.success) {
      setError(formatIssues(parsed.error.issues, i18n.language === 'hi' ? 'hi' : 'en').failureMessage);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { landing } = await signin(parsed.data);
      void navigate(landing, { replace: true });
    } catch (e) {
      setError(failureText(e));
      setUnverified(e instanceof ApiError && e.body?.errorKey === 'EMAIL_NOT_VERIFIED');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="container py-5">
      <div className="row justify-content-center g-4">
        <div className="col-md-6 col-lg-5">
          <div className="card shadow border-0">
            <div className="card-body p-4">
              <h1 className="h4 mb-3">Partner Login</h1>
              {params.get('sourceFrom') === IDLE_SOURCE && (
                <div className="alert alert-warning" role="alert" data-testid="idle-message">
                  {MESSAGES.idleLogout}
                </div>
              )}
              {error && (
                <div className="alert alert-danger" role="alert">
                  {error}
                </div>
              )}
              {unverified && (
                <div className="border rounded p-3 mb-3 bg-light">
                  <label htmlFor="resend-email" className="form-label small">
                    Registered e-mail address
                  </label>
                  <div className="input-group input-group-sm">
                    <input
                      id="resend-email"
                      type="email"
                      className="form-control"
                      value={resendEmail}
                      onChange={(e) => setResendEmail(e.target.value)}
                    />
                    <button type="button" className="btn btn-outline-primary" onClick={() => void resend()}>
                      Resend E-mail
                    </button>
                  </div>
                  {resendNote && (
                    <div className="small mt-2" role="status">
                      {resendNote}
                    </div>
                  )}
                </div>
              )}
              <form onSubmit={(e) => void submit(e)} noValidate>
                <div className="mb-3">
                  <label htmlFor="username" className="form-label">
                    Username
                  </label>
                  <input
                    id="username"
                    className="form-control"
                    autoComplete="username"
                    value={username}
                    onChange={(e) => setUsername(e.target.value)}
                  />
                </div>
                <div className="mb-3">
                  <label htmlFor="password" className="form-label">
                    Password
                  </label>
                  <input
                    id="password"
                    type="password"
                    className="form-control"
                    autoComplete="current-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                </div>
                <button type="submit" className="btn btn-primary w-100" disabled={busy}>
                  Login
                </button>
              </form>
              <div className="d-flex justify-content-between mt-3 small">
                <Link to="/resetpassword">Forgot password?</Link>
                <Link to="/registration">New partner? Register</Link>
              </div>
            </div>
          </div>
        </div>
        {notices.data && notices.data.length > 0 && (
          <div className="col-md-6 col-lg-4">
            <div className="card border-0 shadow-sm notice-card">
              <div className="card-body">
                <h2 className="h6 text-primary">Notices</h2>
                <ul className="small mb-0 ps-3">
                  {notices.data.map((n) => (
                    // Notices are HTML authored by portal staff.
                    <li key={n.notificationId} className="mb-2" dangerouslySetInnerHTML={{ __html: n.description }} />
                  ))}
                </ul>
              </div>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
