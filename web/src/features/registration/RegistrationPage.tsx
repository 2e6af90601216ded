import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { GLYPHS } from '../../components/Icons.tsx';
import { FormAlert } from '../../forms/fields.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { href } from '../../routing/routes.ts';
import { register } from './api.ts';
import { EMPTY_REGISTRATION, STEPS, registrationSchema, stepOf } from './registration-form.ts';
import { BusinessStep, ContactStep, CredentialsStep, KypStep } from './steps.tsx';
import { useAvailability } from './use-availability.ts';
import { VerifyStep } from './VerifyStep.tsx';

const STEP_COMPONENTS = [KypStep, ContactStep, BusinessStep, CredentialsStep];
/** Index of the OTP-and-terms screen after the four steps. */
const VERIFY = STEPS.length;

/**
 * Registration at /registration (spec sections 2, 3, 4): four steps of one form that keep what
 * was typed when moving back and forth, then the mobile OTP and the terms, then the success screen.
 */
export default function RegistrationPage() {
  const { t } = useTranslation(['registration', 'common', 'messages']);
  const form = useContractForm(registrationSchema, {
    defaultValues: EMPTY_REGISTRATION,
    // The terms are accepted on the last screen; until then the steps are checked as if they were.
    prepare: (values) => ({ ...values, termsAccepted: true }),
  });
  const availability = useAvailability(form.getValues);
  const [step, setStep] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);
  /** Back to the step that holds the first field in error, so the user sees why. */
  const showFirstError = (errors: object) => {
    const field = Object.keys(errors)[0];
    if (field) setStep(stepOf(field));
  };
  const submit = useMutation({
    mutationFn: register,
    onMutate: () => setAlert(null),
    onError: (error) => {
      setAlert(applyFailure(form, error));
      showFirstError(form.formState.errors);
    },
  });

  const next = async () => {
    const fields = STEPS[step]!.fields;
    if (!(await form.trigger(fields, { shouldFocus: true }))) return;
    if (!(await availability.allAvailable(fields))) return;
    setStep((s) => s + 1);
  };

  if (submit.isSuccess) {
    const done = submit.data;
    return (
      <div className="container py-5" style={{ maxWidth: 720 }}>
        <div className="card shadow border-0">
          <div className="card-body p-4 text-center">
            <div className="display-6 text-success mb-2" aria-hidden="true">
              {GLYPHS.done}
            </div>
            <h1 className="h4">{t('done.title')}</h1>
            <p className="mb-1">
              {t('done.partnerNumber')} <strong data-testid="partner-number">{done.partnerNumber}</strong>
            </p>
            <p className="text-muted">{t('done.emailSent', { email: done.email })}</p>
            <Link to={href('login')} className="btn btn-primary">
              {t('common:goToLogin')}
            </Link>
          </div>
        </div>
      </div>
    );
  }

  const StepComponent = STEP_COMPONENTS[step];
  const titles = [...STEPS.map((s) => t(s.title)), t('steps.verify')];

  return (
    <div className="container py-4" style={{ maxWidth: 900 }}>
      <h1 className="h3 page-title">{t('title')}</h1>
      <ol className="registration-steps list-unstyled d-flex flex-wrap gap-2 my-3" aria-label={t('stepsLabel')}>
        {titles.map((title, index) => (
          <li
            key={title}
            className={`step-pill ${index === step ? 'current' : index < step ? 'done' : ''}`}
            aria-current={index === step ? 'step' : undefined}
          >
            <span className="step-number">{index + 1}</span> {title}
          </li>
        ))}
      </ol>
      <FormAlert message={alert} />
      <div className="card shadow-sm border-0">
        <div className="card-body p-4">
          <h2 className="h5 mb-3">{step < VERIFY ? titles[step] : t('verify.title')}</h2>
          <FormProvider {...form}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (step < VERIFY) void next();
              }}
            >
              {StepComponent ? (
                <StepComponent availability={availability} />
              ) : (
                <VerifyStep
                  submitting={submit.isPending}
                  onSubmit={() => void form.handleSubmit((body) => submit.mutate(body), showFirstError)()}
                />
              )}
              <div className="d-flex justify-content-between mt-4">
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  disabled={step === 0}
                  onClick={() => setStep((s) => s - 1)}
                >
                  {t('common:back')}
                </button>
                {step < VERIFY && (
                  <button type="submit" className="btn btn-primary">
                    {t('common:next')}
                  </button>
                )}
              </div>
            </form>
          </FormProvider>
        </div>
      </div>
      <p className="text-center small mt-3">
        {t('alreadyRegistered')} <Link to={href('login')}>{t('common:login')}</Link>
      </p>
    </div>
  );
}
