import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REGISTRATION_OTP_DIGITS, resetPasswordBodySchema } from '@pp/contract';
import { CenteredCard, failureOf, Field, fieldErrorsOf, PasswordField, useLanguage } from '../../components/form.tsx';
import { resendResetOtp, resetPassword, sendResetOtp } from './api.ts';

/** /resetpassword: an OTP to the registered mobile or e-mail, then a new password with the same rules. */
export default function ResetPasswordPage() {
  const language = useLanguage();
  const [loginName, setLoginName] = useState('');
  const [channel, setChannel] = useState<'mobile' | 'email'>('mobile');
  const [sent, setSent] = useState<string | null>(null);
  const [values, setValues] = useState({ otp: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    setAlert(null);
    if (!loginName.trim()) {
      setErrors({ loginName: 'This field is required' });
      return;
    }
    try {
      setSent(sent ? await resendResetOtp(loginName.trim()) : await sendResetOtp(loginName.trim(), channel));
      setErrors({});
    } catch (error) {
      const { field, message } = failureOf(error);
      if (field) setErrors({ [field]: message });
      else setAlert(message);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { loginName: loginName.trim(), ...values };
    const local = fieldErrorsOf(resetPasswordBodySchema, body, language);
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    try {
      setDone(await resetPassword(body));
    } catch (error) {
      const { field, message } = failureOf(error);
      if (field) setErrors({ [field]: message });
      else setAlert(message);
    }
  };

  if (done) {
    return (
      <div className="container py-5" style={{ maxWidth: 560 }}>
        <div className="alert alert-success" role="status">
          {done}
        </div>
        <Link to="/login" className="btn btn-primary">
          Go to login
        </Link>
      </div>
    );
  }

  return (
    <CenteredCard title="Reset Password">
      {alert && (
        <div className="alert alert-danger" role="alert">
          {alert}
        </div>
      )}
      <form onSubmit={(e) => void send(e)} noValidate>
        <Field id="loginName" label="Username" required error={errors.loginName}>
          {(p) => (
            <input
              {...p}
              autoComplete="username"
              value={loginName}
              disabled={Boolean(sent)}
              onChange={(e) => setLoginName(e.target.value)}
            />
          )}
        </Field>
        {!sent && (
          <>
            <fieldset className="mb-3">
              <legend className="form-label fs-6">Send the OTP to my registered</legend>
              {(['mobile', 'email'] as const).map((c) => (
                <div className="form-check form-check-inline" key={c}>
                  <input
                    className="form-check-input"
                    type="radio"
                    id={`channel-${c}`}
                    name="channel"
                    checked={channel === c}
                    onChange={() => setChannel(c)}
                  />
                  <label className="form-check-label" htmlFor={`channel-${c}`}>
                    {c === 'mobile' ? 'Mobile number' : 'E-mail address'}
                  </label>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="btn btn-primary w-100">
              Send OTP
            </button>
          </>
        )}
      </form>
      {sent && (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-2">
          <div className="alert alert-info small" role="status">
            {sent}
          </div>
          <Field id="otp" label="OTP" required error={errors.otp}>
            {(p) => (
              <input
                {...p}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={REGISTRATION_OTP_DIGITS}
                value={values.otp}
                onChange={(e) => setValues((v) => ({ ...v, otp: e.target.value.replace(/\D/g, '') }))}
              />
            )}
          </Field>
          <PasswordField
            id="newPassword"
            label="New password"
            autoComplete="new-password"
            value={values.newPassword}
            error={errors.newPassword}
            onChange={(v) => setValues((s) => ({ ...s, newPassword: v }))}
          />
          <PasswordField
            id="confirmPassword"
            label="Re-enter new password"
            autoComplete="new-password"
            value={values.confirmPassword}
            error={errors.confirmPassword}
            onChange={(v) => setValues((s) => ({ ...s, confirmPassword: v }))}
          />
          <div className="d-flex gap-2">
            <button type="button" className="btn btn-outline-secondary" onClick={() => void send()}>
              Resend OTP
            </button>
            <button type="submit" className="btn btn-primary flex-grow-1">
              Reset password
            </button>
          </div>
        </form>
      )}
    </CenteredCard>
  );
}
