import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LOGIN_NOTICES } from '@pp/contract';
import { ApiError, failureText } from '../../api/client.ts';
import { FormAlert, TextField } from '../../forms/fields.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { href } from '../../routing/routes.ts';
import { signin } from '../../api/signin.ts';
import { loginNoticesQuery, resendActivation } from './api.ts';

const IDLE_SOURCE = 'ShowValidationMessage';

/**
 * The contract's sign-in schema, imported when the form is first checked (forms/use-contract-form.ts):
 * with it the page's start built zod and its schemas, a long task after the first paint on a phone.
 */
const signinSchema = () => import('@pp/contract/auth-forms').then((m) => m.signinBodySchema);

/** Login page: the login-page notices, the idle-logout message, and sign-in. */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common', 'messages']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useContractForm(signinSchema, { defaultValues: { username: '', password: '' } });
  const [alert, setAlert] = useState<string | null>(null);
  const notices = useQuery(loginNoticesQuery);
  const login = useMutation({
    mutationFn: signin,
    onSuccess: ({ landing }) => void navigate(landing, { replace: true }),
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  const unverified = login.error instanceof ApiError && login.error.body?.errorKey === 'EMAIL_NOT_VERIFIED';

  return (
    <div className="container py-5">
      <div className="row justify-content-center g-4">
        <div className="col-md-6 col-lg-5">
          <div className="card shadow border-0">
            <div className="card-body p-4">
              <h1 className="h4 mb-3">{t('login.title')}</h1>
              {params.get('sourceFrom') === IDLE_SOURCE && (
                <div className="alert alert-warning" role="alert" data-testid="idle-message">
                  {t('messages:idleLogout')}
                </div>
              )}
              <FormAlert message={alert} />
              {unverified && <ResendActivation username={form.getValues('username')} />}
              <FormProvider {...form}>
                <form
                  noValidate
                  onSubmit={(e) => {
                    setAlert(null);
                    void form.handleSubmit((body) => login.mutate(body))(e);
                  }}
                >
                  <TextField name="username" label={t('login.username')} autoComplete="username" />
                  <TextField name="password" label={t('login.password')} type="password" autoComplete="current-password" />
                  <button type="submit" className="btn btn-primary w-100" disabled={login.isPending}>
                    {t('login.submit')}
                  </button>
                </form>
              </FormProvider>
              <div className="d-flex justify-content-between mt-3 small">
                <Link to={href('resetPassword')}>{t('login.forgotPassword')}</Link>
                <Link to={href('registration')}>{t('login.register')}</Link>
              </div>
            </div>
          </div>
        </div>
        {notices.data && notices.data.length > 0 && (
          <div className="col-md-6 col-lg-4">
            <div className="card border-0 shadow-sm notice-card">
              <div className="card-body">
                <h2 className="h6 text-primary">{t('login.notices')}</h2>
                {/* The server writes the same list into the prerendered page (LOGIN_NOTICES). */}
                <ul className="small mb-0 ps-3" dangerouslySetInnerHTML={{ __html: LOGIN_NOTICES.itemsHtml(notices.data) }} />
              </div>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

/** Sends the e-mail verification link again, for an account that signed in unverified. */
function ResendActivation({ username }: { username: string }) {
  const { t } = useTranslation(['auth', 'common', 'messages']);
  const [email, setEmail] = useState('');
  const resend = useMutation({ mutationFn: () => resendActivation(email.trim().toLowerCase(), username.trim()) });
  const note = resend.isSuccess ? resend.data : resend.isError ? failureText(resend.error) : null;
  return (
    <div className="border rounded p-3 mb-3 bg-light">
      <label htmlFor="resend-email" className="form-label small">
        {t('login.registeredEmail')}
      </label>
      <div className="input-group input-group-sm">
        <input id="resend-email" type="email" className="form-control" value={email} onChange={(e) => setEmail(e.target.value)} />
        <button type="button" className="btn btn-outline-primary" onClick={() => resend.mutate()}>
          {t('common:resendEmail')}
        </button>
      </div>
      {note && (
        <div className="small mt-2" role="status">
          {note}
        </div>
      )}
    </div>
  );
}
