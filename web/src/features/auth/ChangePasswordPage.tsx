import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { changePasswordBodySchema } from '@pp/contract';
import { ApiError } from '../../api/client.ts';
import { failureOf, Field, fieldErrorsOf, useLanguage } from '../../components/form.tsx';
import { changePassword } from './api.ts';

/** The origin parameter of /changepassword decides where Back and success go (spec section 2). */
const ORIGINS = { onboardDashboard: '/dashboard', partnerDashboard: '/partnerdashboard' } as const;

export default function ChangePasswordPage() {
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const origin = ORIGINS[params.get('origin') as keyof typeof ORIGINS] ?? ORIGINS.onboardDashboard;
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = fieldErrorsOf(changePasswordBodySchema, values, language);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      setDone(await changePassword(values));
    } catch (error) {
      if (error instanceof ApiError && error.status === 440) return;
      const { field, message } = failureOf(error);
      setErrors({ [field ?? 'oldPassword']: message });
    }
  };

  const input = (name: keyof typeof values, label: string, autoComplete: string, hint?: string) => (
    <Field id={name} label={label} required error={errors[name]} hint={hint}>
      {(p) => <input {...p} type="password" autoComplete={autoComplete} maxLength={32} value={values[name]} onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))} />}
    </Field>
  );

  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <div className="card shadow border-0">
        <div className="card-body p-4">
          <h1 className="h4 mb-3">Change Password</h1>
          {done ? (
            <>
              <div className="alert alert-success" role="status">
                {done}
              </div>
              <button type="button" className="btn btn-primary" onClick={() => navigate(origin)}>
                Continue
              </button>
            </>
          ) : (
            <form onSubmit={(e) => void submit(e)} noValidate>
              {input('oldPassword', 'Current password', 'current-password')}
              {input('newPassword', 'New password', 'new-password', '8-32 characters with a lowercase and an uppercase letter, a digit and one of @ $ ! #')}
              {input('confirmPassword', 'Re-enter new password', 'new-password')}
              <div className="d-flex gap-2">
                <button type="button" className="btn btn-outline-secondary" onClick={() => navigate(origin)}>
                  Back
                </button>
                <button type="submit" className="btn btn-primary flex-grow-1">
                  Change password
                </button>
              </div>
            </form>
          )}
        </div>
      </div>
    </div>
  );
}
