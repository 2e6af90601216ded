import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addBankBranchBodySchema } from '@pp/contract';
import { indianStatesQuery } from '../api/reference.ts';
import { applyFailure } from '../forms/failure.ts';
import { FormAlert, TextField, blankAsUndefined, upperCase } from '../forms/fields.tsx';
import { SelectField } from '../forms/select-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { saveBankMaster } from './review-api.ts';

/**
 * Save bank master (section 6): a branch added to the IFSC master, which partners' bank accounts are
 * then checked against; the server records it in the admin audit. For holders of allowAdminAddBank.
 */
export function BankMasterForm() {
  const { t } = useTranslation('staff');
  const form = useContractForm(addBankBranchBodySchema, {
    defaultValues: { ifsc: '', branchName: '', address: '', cityName: '' },
  });
  const states = useQuery(indianStatesQuery).data ?? [];
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveBankMaster,
    onMutate: () => {
      setAlert(null);
      setDone(null);
    },
    onSuccess: (branch) => {
      setDone(t('bankMaster.saved', { ifsc: branch.ifsc, bank: branch.bankName }));
      form.reset();
    },
    onError: (error) => setAlert(applyFailure(form, error)),
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="d-flex flex-column gap-1"
        aria-label={t('admin.action.saveBankMaster')}
        onSubmit={(e) => void form.handleSubmit((body) => save.mutate(body))(e)}
      >
        <p className="small text-muted mb-1">{t('bankMaster.lead')}</p>
        <TextField id="bank-ifsc" name="ifsc" label={t('bankMaster.ifsc')} required small maxLength={11} normalize={upperCase} />
        <TextField id="bank-branch" name="branchName" label={t('bankMaster.branchName')} required small maxLength={200} />
        <TextField id="bank-address" name="address" label={t('bankMaster.address')} required small maxLength={300} />
        <TextField id="bank-city" name="cityName" label={t('bankMaster.cityName')} required small maxLength={100} />
        <SelectField
          id="bank-state"
          name="stateId"
          label={t('bankMaster.state')}
          required
          numeric
          placeholder={t('admin.choose')}
          options={states.map((s) => ({ value: s.stateId, label: s.stateName }))}
        />
        <TextField
          id="bank-micr"
          name="micr"
          label={t('bankMaster.micr')}
          small
          maxLength={9}
          inputMode="numeric"
          setValueAs={(v) => blankAsUndefined(v) ?? null}
        />
        {done && (
          <p className="small text-success" role="status">
            {done}
          </p>
        )}
        <FormAlert message={alert} />
        <button type="submit" className="btn btn-sm btn-outline-danger align-self-start" disabled={save.isPending}>
          {t('admin.apply')}
        </button>
      </form>
    </FormProvider>
  );
}
