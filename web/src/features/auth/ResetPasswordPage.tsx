import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { REGISTRATION_OTP_DIGITS, RESET_CHANNELS, resetPasswordBodySchema, sendResetOtpQuerySchema } from '@pp/contract';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { FormAlert, PasswordField, TextField, digitsOnly } from '../../forms/fields.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { href } from '../../routing/routes.ts';
import { resendResetOtp, resetPassword, sendResetOtp } from './api.ts';

/** /resetpassword: an OTP to the registered mobile or e-mail, then a new password with the same rules. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'messages']);
  const [alert, setAlert] = useState<string | null>(null);
  const request = useContractForm(sendResetOtpQuerySchema, { defaultValues: { loginName: '', channel: 'mobile' } });
  const send = useMutation({
    mutationFn: sendResetOtp,
    onMutate: () => setAlert(null),
    onError: (error) => setAlert(applyFailure(request, error)),
  });
  const resend = useMutation({
    mutationFn: resendResetOtp,
    onMutate: () => setAlert(null),
    onError: (error) => setAlert(applyFailure(request, error)),
  });
  const loginName = send.variables?.loginName ?? '';
  const reset = useContractForm(resetPasswordBodySchema, {
    defaultValues: { otp: '', newPassword: '', confirmPassword: '' },
    prepare: (values) => ({ ...values, loginName }),
  });
  const submit = useMutation({
    mutationFn: resetPassword,
    onMutate: () => setAlert(null),
    onError: (error) => setAlert(applyFailure(reset, error)),
  });
  const sent = resend.data ?? send.data;

  if (submit.isSuccess) {
    return (
      <div className="container py-5" style={{ maxWidth: 560 }}>
        <div className="alert alert-success" role="status">
          {submit.data}
        </div>
        <Link to={href('login')} className="btn btn-primary">
          {t('common:goToLogin')}
        </Link>
      </div>
    );
  }

  return (
    <CenteredCard title={t('reset.title')}>
      <FormAlert message={alert} />
      <FormProvider {...request}>
        <form noValidate onSubmit={(e) => void request.handleSubmit((query) => send.mutate(query))(e)}>
          <TextField name="loginName" label={t('login.username')} required autoComplete="username" disabled={Boolean(sent)} />
          {!sent && (
            <>
              <fieldset className="mb-3">
                <legend className="form-label fs-6">{t('reset.channel')}</legend>
                {RESET_CHANNELS.map((c) => (
                  <div className="form-check form-check-inline" key={c}>
                    <input
                      className="form-check-input"
                      type="radio"
                      id={`channel-${c}`}
                      value={c}
                      {...request.register('channel')}
                    />
                    <label className="form-check-label" htmlFor={`channel-${c}`}>
                      {t(c === 'mobile' ? 'reset.channelMobile' : 'reset.channelEmail')}
                    </label>
                  </div>
                ))}
              </fieldset>
              <button type="submit" className="btn btn-primary w-100" disabled={send.isPending}>
                {t('common:sendOtp')}
              </button>
            </>
          )}
        </form>
      </FormProvider>
      {sent && (
        <FormProvider {...reset}>
          <form
            noValidate
            className="mt-2"
            onSubmit={(e) => void reset.handleSubmit((body) => submit.mutate({ ...body, loginName }))(e)}
          >
            <div className="alert alert-info small" role="status">
              {sent}
            </div>
            <TextField
              name="otp"
              label={t('reset.otp')}
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={REGISTRATION_OTP_DIGITS}
              normalize={digitsOnly}
            />
            <PasswordField name="newPassword" label={t('password.new')} autoComplete="new-password" showRule />
            <PasswordField name="confirmPassword" label={t('password.confirm')} autoComplete="new-password" />
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-outline-secondary" onClick={() => resend.mutate(loginName)}>
                {t('common:resendOtp')}
              </button>
              <button type="submit" className="btn btn-primary flex-grow-1" disabled={submit.isPending}>
                {t('reset.submit')}
              </button>
            </div>
          </form>
        </FormProvider>
      )}
    </CenteredCard>
  );
}
