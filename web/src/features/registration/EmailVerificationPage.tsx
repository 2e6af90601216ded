import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { failureOf } from '../../forms/failure.ts';
import { href } from '../../routing/routes.ts';
import { activate } from './api.ts';

/**
 * Landing page of the verification link: activates the account (POST /api/mail/activate/{code}).
 * Activation is idempotent on the server, so it runs as a query, once per code.
 */
export default function EmailVerificationPage() {
  const { t } = useTranslation(['registration', 'common', 'messages']);
  const [params] = useSearchParams();
  const code = params.get('code');
  const activation = useQuery({
    queryKey: ['registration', 'activate', code],
    queryFn: () => activate(code!),
    enabled: Boolean(code),
    // The link's verdict is the page's content, failure included.
    meta: { failureShown: true },
    retry: false,
    staleTime: Infinity,
  });
  const result = !code
    ? { ok: false, message: t('messages:activationInvalid') }
    : activation.isSuccess
      ? { ok: true, message: activation.data }
      : activation.isError
        ? { ok: false, message: failureOf(activation.error).message }
        : null;

  return (
    <CenteredCard title={t('activation.title')} width={640}>
      {!result ? (
        <p className="text-muted">{t('activation.verifying')}</p>
      ) : (
        <>
          <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </div>
          <Link to={href('login')} className="btn btn-primary">
            {t('common:goToLogin')}
          </Link>
        </>
      )}
    </CenteredCard>
  );
}
