import { useState } from 'react';
import { MESSAGES, REGISTRATION_OTP_DIGITS, SMS_CODES } from '@pp/contract';
import { failureOf } from '../../components/form.tsx';
import { resendOtp, sendOtp, useBusinessTerms, verifyOtp } from './api.ts';
import type { FormState } from './form-model.ts';

/** OTP to the mobile (VERIFY → VERIFIED), the terms of the chosen company and business, and submit. */
export function VerifyStep({ form, onSubmit }: { form: FormState; onSubmit: () => Promise<void> }) {
  const [otp, setOtp] = useState('');
  const [state, setState] = useState<'idle' | 'sent' | 'verified'>('idle');
  const [note, setNote] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const terms = useBusinessTerms(Number(form.companyCode), form.primaryBusiness, true);
  const masked = `${'*'.repeat(Math.max(0, form.mobileNumber.length - 4))}${form.mobileNumber.slice(-4)}`;

  const send = async (again: boolean) => {
    setNote(null);
    try {
      const answer = again
        ? await resendOtp(form.username, SMS_CODES.registration)
        : await sendOtp(form.username, form.mobileNumber);
      setState('sent');
      setNote({
        kind: 'info',
        text: answer === MESSAGES.otpSentAnswer ? `OTP has been sent to ${masked}. Kindly enter OTP and verify.` : answer,
      });
    } catch (error) {
      setNote({ kind: 'error', text: failureOf(error).message });
    }
  };

  const verify = async () => {
    setNote(null);
    if (!new RegExp(`^\\d{${REGISTRATION_OTP_DIGITS}}$`).test(otp)) {
      setNote({ kind: 'error', text: 'Enter Valid 6 digit OTP' });
      return;
    }
    try {
      await verifyOtp(form.username, form.mobileNumber, otp);
      setState('verified');
    } catch (error) {
      setNote({ kind: 'error', text: failureOf(error).message });
    }
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      await onSubmit();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <div className="mb-3">
        <label htmlFor="otp" className="form-label">
          Mobile OTP
        </label>
        <div className="input-group">
          <input
            id="otp"
            className="form-control"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={REGISTRATION_OTP_DIGITS}
            placeholder="6-digit OTP"
            value={otp}
            disabled={state === 'verified'}
            onChange={(e) => setOtp(e.target.value.replace(/\D/g, ''))}
          />
          {state === 'idle' ? (
            <button type="button" className="btn btn-outline-primary" onClick={() => void send(false)}>
              Send OTP
            </button>
          ) : (
            <button
              type="button"
              className={`btn ${state === 'verified' ? 'btn-success' : 'btn-primary'}`}
              disabled={state === 'verified'}
              onClick={() => void verify()}
            >
              {state === 'verified' ? 'VERIFIED' : 'VERIFY'}
            </button>
          )}
        </div>
        {state === 'sent' && (
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => void send(true)}>
            Resend OTP
          </button>
        )}
        {note && (
          <div
            className={`small mt-1 ${note.kind === 'error' ? 'text-danger' : 'text-success'}`}
            role={note.kind === 'error' ? 'alert' : 'status'}
          >
            {note.text}
          </div>
        )}
      </div>

      <div className="mb-3">
        <div className="form-label">Terms and conditions</div>
        <div className="terms-box border rounded p-3 bg-light small" role="region" tabIndex={0} aria-label="Terms and conditions">
          {/* Terms are HTML published by the group (business-terms reference data). */}
          {terms.data ? (
            <div dangerouslySetInnerHTML={{ __html: terms.data.termsHtml }} />
          ) : (
            <span className="text-muted">Loading terms…</span>
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
            I have read and accept the terms and conditions
          </label>
        </div>
      </div>

      <button
        type="button"
        className="btn btn-primary w-100"
        disabled={state !== 'verified' || !accepted || submitting}
        onClick={() => void submit()}
      >
        Submit registration
      </button>
    </>
  );
}
