import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@pp/contract';
import { CenteredCard, failureOf } from '../../components/form.tsx';
import { activate } from './api.ts';

/** Landing page of the verification link: activates the account (POST /api/mail/activate/{code}). */
export default function EmailVerificationPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(
    code ? null : { ok: false, message: MESSAGES.activationInvalid },
  );

  useEffect(() => {
    if (!code) return;
    let active = true;
    activate(code).then(
      (message) => active && setResult({ ok: true, message }),
      (error: unknown) =>
        active &&
        setResult({
          ok: false,
          message: failureOf(error).message,
        }),
    );
    return () => {
      active = false;
    };
  }, [code]);

  return (
    <CenteredCard title="E-mail verification" width={640}>
      {!result ? (
        <p className="text-muted">Verifying your e-mail address…</p>
      ) : (
        <>
          <div className={`alert ${result.ok ? 'alert-success' : 'alert-danger'}`} role={result.ok ? 'status' : 'alert'}>
            {result.message}
          </div>
          <Link to="/login" className="btn btn-primary">
            Go to login
          </Link>
        </>
      )}
    </CenteredCard>
  );
}
