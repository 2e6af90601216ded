import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { COMPANY_CODES, groupSigninBodySchema } from '@pp/contract';
import { leaveApp } from '../../api/navigation.ts';
import { CenteredCard } from '../../components/CenteredCard.tsx';
import { FormAlert, TextField } from '../../forms/fields.tsx';
import { SelectField } from '../../forms/select-field.tsx';
import { applyFailure } from '../../forms/failure.ts';
import { useContractForm } from '../../forms/use-contract-form.ts';
import { groupSignin } from './api.ts';

/**
 * The group's external sign-in for staff, as a local stand-in: a staff password answers the
 * /getsession address with a one-time ticket, and the browser goes there, as it would from the
 * group's own system. `?job=` names the page to open (WORKBENCH, SUMMARY, APPROVAL, …).
 */
export default function GroupSsoPage() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const form = useContractForm(groupSigninBodySchema, {
    defaultValues: { username: '', password: '', companyCode: 1, jobCode: params.get('job') ?? undefined },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const signin = useMutation({
    mutationFn: groupSignin,
    onSuccess: (redirectUrl) => leaveApp(redirectUrl),
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  return (
    <CenteredCard title={t('groupSso.title')}>
      <p className="small text-muted">{t('groupSso.lead')}</p>
      <FormAlert message={alert} />
      <FormProvider {...form}>
        <form
          noValidate
          onSubmit={(e) => {
            setAlert(null);
            void form.handleSubmit((body) => signin.mutate(body))(e);
          }}
        >
          <TextField name="username" label={t('groupSso.username')} autoComplete="username" />
          <TextField name="password" label={t('groupSso.password')} type="password" autoComplete="current-password" />
          <SelectField
            name="companyCode"
            label={t('groupSso.company')}
            numeric
            options={COMPANY_CODES.map((code) => ({ value: String(code), label: t(`groupSso.company${code}`) }))}
          />
          <button type="submit" className="btn btn-primary w-100" disabled={signin.isPending}>
            {t('groupSso.submit')}
          </button>
        </form>
      </FormProvider>
    </CenteredCard>
  );
}
