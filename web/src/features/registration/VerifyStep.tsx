import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { maskMobile, REGISTRATION_OTP_DIGITS, SMS_CODES, UI_MESSAGES } from '@pp/contract';
import { digitsOnly } from '../../forms/fields.tsx';
import { failureOf } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { registrationQueries, resendOtp, sendOtp, verifyOtp } from './api.ts';
import { registrationOtpSchema, type RegistrationValues } from './registration-form.ts';

const OTP_NOTE_ID = 'otp-note';

type Note = { kind: 'info' | 'error'; text: string } | null;

/** OTP to the mobile (VERIFY → VERIFIED), the terms of the chosen company and business, and submit. */
export function VerifyStep({ onSubmit, submitting }: { onSubmit: () => void; submitting: boolean }) {
  const { t } = useTranslation(['registration', 'common', 'messages']);
  const { control } = useFormContext<RegistrationValues>();
  const [username, mobileNumber, companyCode, primaryBusiness] = useWatch({
    control,
    name: ['username', 'mobileNumber', 'companyCode', 'primaryBusiness'],
  });
  // The OTP is checked by the contract's own body schema of /api/sms/verify, with the rest filled in.
  const otpForm = useContractForm(registrationOtpSchema, {
    defaultValues: { otp: '' },
    prepare: (values) => ({ ...values, loginName: username, mobileNumber }),
  });
  const [note, setNote] = useState<Note>(null);
  const [accepted, setAccepted] = useState(false);
  // Once an OTP went out, a failed resend does not take the VERIFY button away.
  const [sent, setSent] = useState(false);
  const terms = useQuery(registrationQueries.terms(Number(companyCode), primaryBusiness));

  const send = useMutation({
    mutationFn: (again: boolean) => (again ? resendOtp(username, SMS_CODES.registration) : sendOtp(username, mobileNumber)),
    onMutate: () => setNote(null),
    onSuccess: (answer) => {
      setSent(true);
      setNote({
        kind: 'info',
        text: answer === UI_MESSAGES.otpSentAnswer ? t('messages:otpSent', { destination: maskMobile(mobileNumber) }) : answer,
      });
    },
    onError: (error) => setNote({ kind: 'error', text: failureOf(error).message }),
  });
  const verify = useMutation({
    mutationFn: (otp: string) => verifyOtp(username, mobileNumber, otp),
    onMutate: () => setNote(null),
    onError: (error) => setNote({ kind: 'error', text: failureOf(error).message }),
  });
  const state = verify.isSuccess ? 'verified' : sent ? 'sent' : 'idle';
  const otpError = otpForm.formState.errors.otp?.message;
  const shown: Note = otpError ? { kind: 'error', text: otpError } : note;
  const registered = otpForm.register('otp');

  return (
    <>
      <div className="mb-3">
        <label htmlFor="otp" className="form-label">
          {t('verify.otp')}
        </label>
        <div className="input-group">
          <input
            id="otp"
            className={`form-control${otpError ? ' is-invalid' : ''}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={REGISTRATION_OTP_DIGITS}
            placeholder={t('verify.otpPlaceholder')}
            disabled={state === 'verified'}
            aria-invalid={Boolean(otpError)}
            aria-describedby={shown ? OTP_NOTE_ID : undefined}
            {...registered}
            onChange={(e) => {
              e.target.value = digitsOnly(e.target.value);
              void registered.onChange(e);
            }}
          />
          {state === 'idle' ? (
            <button
              type="button"
              className="btn btn-outline-primary"
              disabled={send.isPending}
              onClick={() => send.mutate(false)}
            >
              {t('common:sendOtp')}
            </button>
          ) : (
            <button
              type="button"
              className={`btn ${state === 'verified' ? 'btn-success' : 'btn-primary'}`}
              disabled={state === 'verified' || verify.isPending}
              onClick={() => void otpForm.handleSubmit(({ otp }) => verify.mutate(otp))()}
            >
              {state === 'verified' ? t('verify.verified') : t('verify.verify')}
            </button>
          )}
        </div>
        {state === 'sent' && (
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => send.mutate(true)}>
            {t('common:resendOtp')}
          </button>
        )}
        {shown && (
          <div
            id={OTP_NOTE_ID}
            className={`small mt-1 ${shown.kind === 'error' ? 'text-danger' : 'text-success'}`}
            role={shown.kind === 'error' ? 'alert' : 'status'}
          >
            {shown.text}
          </div>
        )}
      </div>

      <div className="mb-3">
        <div className="form-label">{t('verify.terms')}</div>
        <div className="terms-box border rounded p-3 bg-light small" role="region" tabIndex={0} aria-label={t('verify.terms')}>
          {/* Terms are HTML published by the group (business-terms reference data). */}
          {terms.data ? (
            <div dangerouslySetInnerHTML={{ __html: terms.data.termsHtml }} />
          ) : (
            <span className="text-muted" aria-busy="true">
              {t('verify.termsLoading')}
            </span>
          )}
        </div>
        <div className="form-check mt-2">
          <input
            id="termsAccepted"
            type="checkbox"
            className="form-check-input"
            checked={accepted}
            onChange={(e) => setAccepted(e.target.checked)}
          />
          <label htmlFor="termsAccepted" className="form-check-label">
            {t('verify.acceptTerms')}
          </label>
        </div>
      </div>

      <button
        type="button"
        className="btn btn-primary w-100"
        disabled={state !== 'verified' || !accepted || submitting}
        onClick={onSubmit}
      >
        {t('verify.submit')}
      </button>
    </>
  );
}
