import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Availability } from '@pp/contract';
import { ApiError } from '../../api/client.ts';
import { failureOf, useLanguage } from '../../components/form.tsx';
import { lookups, register } from './api.ts';
import {
  EMPTY_FORM,
  STEPS,
  stepErrors,
  stepOf,
  toBody,
  type FieldName,
  type FormState,
  type RemoteChecks,
} from './form-model.ts';
import { BusinessStep, ContactStep, CredentialsStep, KypStep, type StepProps } from './steps.tsx';
import { VerifyStep } from './VerifyStep.tsx';

const USERNAME_CHECK_DELAY_MS = 400;
const STEP_COMPONENTS = [KypStep, ContactStep, BusinessStep, CredentialsStep];
/** Index of the OTP-and-terms screen after the four steps. */
const VERIFY = STEPS.length;

/** Which server check guards a field, and when the answer may be asked for. */
const REMOTE_CHECKS: Partial<Record<FieldName, (form: FormState) => Promise<Availability> | null>> = {
  nationalId: (f) =>
    f.nationalId && f.identityCard ? lookups.nationalId(Number(f.countryCode), f.identityCard, f.nationalId) : null,
  dunsNumber: (f) => (/^\d{9}$/.test(f.dunsNumber) ? lookups.duns(f.dunsNumber) : null),
  mobileNumber: (f) => (/^[1-9]\d{9,11}$/.test(f.mobileNumber) ? lookups.mobile(f.mobileNumber) : null),
  email: (f) =>
    f.email.includes('@')
      ? Promise.all([lookups.emailDomain(f.email), lookups.email(f.email)]).then(([domain, taken]) =>
          domain.available ? taken : domain,
        )
      : null,
  username: (f) => (f.username ? lookups.username(f.username) : null),
};

/**
 * Registration at /registration (spec sections 2, 3, 4): four steps that keep what was typed
 * when moving back and forth, then the mobile OTP and the terms, then the success screen.
 */
export default function RegistrationPage() {
  const language = useLanguage();
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [step, setStep] = useState(0);
  const [showErrors, setShowErrors] = useState(false);
  const [remote, setRemote] = useState<RemoteChecks>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<{ partnerNumber: string; email: string; message: string } | null>(null);
  // Async checks read the newest values, not the ones of the render that started them.
  const formRef = useRef(form);
  useEffect(() => {
    formRef.current = form;
  }, [form]);

  const set = useCallback((changes: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...changes }));
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !(k in changes))));
  }, []);

  const check = useCallback(async (field: FieldName): Promise<Availability | null> => {
    const snapshot = formRef.current;
    const request = REMOTE_CHECKS[field]?.(snapshot);
    if (!request) return null;
    try {
      const answer = await request;
      setRemote((r) => ({ ...r, [field]: { ...answer, value: snapshot[field] } }));
      return answer;
    } catch (error) {
      if (error instanceof ApiError && error.failureMessage) {
        const { message } = failureOf(error);
        setRemote((r) => ({ ...r, [field]: { available: false, message, value: snapshot[field] } }));
      }
      return null;
    }
  }, []);

  // The username is checked live, shortly after typing stops.
  useEffect(() => {
    if (!form.username) return;
    const timer = setTimeout(() => void check('username'), USERNAME_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [form.username, check]);

  const localErrors = step < VERIFY ? stepErrors(form, step, language) : {};
  const errors = { ...(showErrors ? localErrors : {}), ...serverErrors };

  const next = async () => {
    setShowErrors(true);
    if (Object.keys(localErrors).length > 0) return;
    const answers = await Promise.all(
      STEPS[step]!.fields.filter((f) => REMOTE_CHECKS[f]).map(async (f) => {
        const known = remote[f];
        return known && known.value === form[f] ? known : check(f);
      }),
    );
    if (answers.some((a) => a && !a.available)) return;
    setShowErrors(false);
    setStep((s) => s + 1);
  };

  const submit = async () => {
    setAlert(null);
    try {
      const answer = await register(toBody(form, true));
      setDone({ partnerNumber: answer.partnerNumber, email: answer.email, message: answer.message });
    } catch (error) {
      const { field, message } = failureOf(error);
      if (field && field in EMPTY_FORM) {
        setServerErrors({ [field]: message });
        setStep(stepOf(field));
      } else {
        setAlert(message);
      }
    }
  };

  if (done) {
    return (
      <div className="container py-5" style={{ maxWidth: 720 }}>
        <div className="card shadow border-0">
          <div className="card-body p-4 text-center">
            <div className="display-6 text-success mb-2" aria-hidden="true">
              ✓
            </div>
            <h1 className="h4">Registration successful</h1>
            <p className="mb-1">
              Your partner number is <strong data-testid="partner-number">{done.partnerNumber}</strong>.
            </p>
            <p className="text-muted">
              We have sent a verification link to <strong>{done.email}</strong>. Open it to activate your account, then log in.
            </p>
            <Link to="/login" className="btn btn-primary">
              Go to login
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const StepComponent = STEP_COMPONENTS[step];
  const stepProps: StepProps = { form, errors, remote, set, check: (f) => void check(f) };

  return (
    <div className="container py-4" style={{ maxWidth: 900 }}>
      <h1 className="h3 page-title">Partner Registration</h1>
      <ol className="registration-steps list-unstyled d-flex flex-wrap gap-2 my-3" aria-label="Registration steps">
        {[...STEPS.map((s) => s.title), 'Verify & submit'].map((title, index) => (
          <li
            key={title}
            className={`step-pill ${index === step ? 'current' : index < step ? 'done' : ''}`}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="step-number">{index + 1}</span> {title}
          </li>
        ))}
      </ol>
      {alert && (
        <div className="alert alert-danger" role="alert">
          {alert}
        </div>
      )}
      <div className="card shadow-sm border-0">
        <div className="card-body p-4">
          <h2 className="h5 mb-3">{step < VERIFY ? STEPS[step]!.title : 'Verify your mobile number and accept the terms'}</h2>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (step < VERIFY) void next();
            }}
          >
            {StepComponent ? <StepComponent {...stepProps} /> : <VerifyStep form={form} onSubmit={submit} />}
            <div className="d-flex justify-content-between mt-4">
              <button
                type="button"
                className="btn btn-outline-secondary"
                disabled={step === 0}
                onClick={() => setStep((s) => s - 1)}
              >
                Back
              </button>
              {step < VERIFY && (
                <button type="submit" className="btn btn-primary">
                  Next
                </button>
              )}
            </div>
          </form>
        </div>
      </div>
      <p className="text-center small mt-3">
        Already registered? <Link to="/login">Log in</Link>
      </p>
    </div>
  );
}
