import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { changePasswordBodySchema } from '@pp/contract';
import { SessionEndedError } from '../../api/client.ts';
import { CenteredCard, PasswordField, failureOf, fieldErrorsOf, useLanguage } from '../../components/form.tsx';
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
      if (error instanceof SessionEndedError) return;
      const { field, message } = failureOf(error);
      setErrors({ [field ?? 'oldPassword']: message });
    }
  };

  const password = (name: keyof typeof values, label: string, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField
      id={name}
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(v) => setValues((s) => ({ ...s, [name]: v }))}
    />
  );

  return (
    <CenteredCard title="Change Password">
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
          {password('oldPassword', 'Current password', 'current-password')}
          {password('newPassword', 'New password', 'new-password')}
          {password('confirmPassword', 'Re-enter new password', 'new-password')}
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
    </CenteredCard>
  );
}
