import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '@pp/contract';
import { failureOf } from '../../components/form.tsx';
import { activate } from './api.ts';

/** Landing page of the verification link: activates the account (POST /api/mail/activate/{code}). */
export default function EmailVerificationPage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(code ? null : { ok: false, message: MESSAGES.activationInvalid });

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
    <div className="container py-5" style={{ maxWidth: 640 }}>
      <div className="card shadow border-0">
        <div className="card-body p-4 text-center">
          <h1 className="h4 mb-3">E-mail verification</h1>
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
        </div>
      </div>
    </div>
  );
}
