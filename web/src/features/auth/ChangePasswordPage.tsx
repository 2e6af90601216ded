import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { changePasswordBodySchema } from '@pp/contract';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { href } from '../../routing/routes.ts';
import { FormAlert, PasswordField } from '../../forms/fields.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { changePassword } from './api.ts';

/** The origin parameter of /changepassword decides where Back and success go (spec section 2). */
const ORIGINS = { onboardDashboard: href('dashboard'), partnerDashboard: href('partnerDashboard') } as const;

export default function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'messages']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const origin = ORIGINS[params.get('origin') as keyof typeof ORIGINS] ?? ORIGINS.onboardDashboard;
  const form = useContractForm(changePasswordBodySchema, {
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: changePassword,
    onMutate: () => setAlert(null),
    onError: (error) => setAlert(applyFailure(form, error)),
  });

  return (
    <CenteredCard title={t('password.changeTitle')}>
      {change.isSuccess ? (
        <>
          <div className="alert alert-success" role="status">
            {change.data}
          </div>
          <button type="button" className="btn btn-primary" onClick={() => void navigate(origin)}>
            {t('common:continue')}
          </button>
        </>
      ) : (
        <FormProvider {...form}>
          <FormAlert message={alert} />
          <form noValidate onSubmit={(e) => void form.handleSubmit((body) => change.mutate(body))(e)}>
            <PasswordField name="oldPassword" label={t('password.current')} autoComplete="current-password" />
            <PasswordField name="newPassword" label={t('password.new')} autoComplete="new-password" showRule />
            <PasswordField name="confirmPassword" label={t('password.confirm')} autoComplete="new-password" />
            <div className="d-flex gap-2">
              <button type="button" className="btn btn-outline-secondary" onClick={() => void navigate(origin)}>
                {t('common:back')}
              </button>
              <button type="submit" className="btn btn-primary flex-grow-1" disabled={change.isPending}>
                {t('password.submit')}
              </button>
            </div>
          </form>
        </FormProvider>
      )}
    </CenteredCard>
  );
}
