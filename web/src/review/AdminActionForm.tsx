import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormProvider, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ADMIN_STATUTORY_FIELDS, type AdminActionBody, type AdminActionName, adminActionBodySchema } from '@pp/contract';
import { applyFailure } from '../forms/failure.ts';
import { CheckField, FormAlert, TextAreaField, TextField, asNumber, blankAsUndefined } from '../forms/fields.tsx';
import { SelectField } from '../forms/select-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { takeAdminAction } from './review-api.ts';
import { workflowKeys } from './requests-api.ts';

/** Save bank master: an action on the IFSC master, not on this partner, with a form of its own. */
export const BANK_MASTER = 'saveBankMaster';

/** 'choice': one of the profile's own rows (bank accounts, GSTINs, certificates), given by the page. */
export type Kind = 'text' | 'number' | 'date' | 'checkbox' | 'select' | 'choice';
export interface FieldSpec {
  /** The body's key; `address.line1` builds a nested object. */
  name: string;
  kind: Kind;
  options?: readonly string[];
  optional?: boolean;
}

/** What each action's form shows besides the remarks: its fields, laid out; the body is its contract schema's. */
export const FORMS: Record<AdminActionName, { target: 'partner' | 'request' | 'into'; fields: FieldSpec[] }> = {
  changeCompanyName: { target: 'partner', fields: [{ name: 'organizationName', kind: 'text' }] },
  changeCountry: { target: 'partner', fields: [{ name: 'countryCode', kind: 'number' }] },
  changeStatus: { target: 'partner', fields: [{ name: 'status', kind: 'select', options: ['ACTIVE', 'DISABLED'] }] },
  changeStatutory: {
    target: 'request',
    fields: [
      { name: 'field', kind: 'select', options: ADMIN_STATUTORY_FIELDS },
      { name: 'value', kind: 'text' },
    ],
  },
  changePan: { target: 'request', fields: [{ name: 'pan', kind: 'text' }] },
  mergeAccounts: { target: 'into', fields: [{ name: 'fromPartnerNumber', kind: 'text' }] },
  paymentInFavourOf: {
    target: 'request',
    fields: [
      { name: 'bankAccountId', kind: 'choice' },
      { name: 'accountHolderName', kind: 'text' },
    ],
  },
  contact: {
    target: 'partner',
    fields: [
      { name: 'coordinationPerson', kind: 'text', optional: true },
      { name: 'email', kind: 'text', optional: true },
      { name: 'mobileNumber', kind: 'text', optional: true },
    ],
  },
  resendActivationMail: { target: 'partner', fields: [] },
  resetDefaultPassword: { target: 'partner', fields: [] },
  deleteDuplicatePartner: { target: 'partner', fields: [{ name: 'duplicateOfPartnerNumber', kind: 'text' }] },
  syncProfile: { target: 'partner', fields: [] },
  activateGst: { target: 'request', fields: [{ name: 'gstin', kind: 'choice' }] },
  extendDocument: {
    target: 'request',
    fields: [
      { name: 'questionId', kind: 'choice' },
      { name: 'expiryDate', kind: 'date' },
    ],
  },
  updateGracePeriod: { target: 'partner', fields: [{ name: 'graceDays', kind: 'number' }] },
  sendBackOnboardingDocument: { target: 'request', fields: [{ name: 'document', kind: 'text' }] },
  fleetCardTag: { target: 'partner', fields: [{ name: 'tagged', kind: 'checkbox' }] },
  applyBankDraft: { target: 'request', fields: [] },
  applyFinanceDraft: { target: 'request', fields: [] },
  registeredAddress: {
    target: 'request',
    fields: [
      { name: 'address.line1', kind: 'text' },
      { name: 'address.line2', kind: 'text', optional: true },
      { name: 'address.countryCode', kind: 'number' },
      { name: 'address.stateId', kind: 'number' },
      { name: 'address.cityId', kind: 'number' },
      { name: 'address.postalCode', kind: 'text' },
    ],
  },
};

/** Where the form's target goes in the body: the page's partner, its request, or the account kept by a merge. */
export function targetOf(action: AdminActionName, target: { partnerNumber: string; requestNumber: string }) {
  const kind = FORMS[action].target;
  if (kind === 'request') return { requestNumber: target.requestNumber };
  if (kind === 'into') return { intoPartnerNumber: target.partnerNumber };
  return { partnerNumber: target.partnerNumber };
}

/** The lists a form's 'choice' fields pick from, by field. */
export type ChoiceLists = Record<string, { value: string; label: string }[]>;

/** The registered address's fields the action's form asks, from the profile's saved address. */
function pickAddress(address: Partial<Record<string, unknown>> | null) {
  return Object.fromEntries(
    FORMS.registeredAddress.fields.map((f) => {
      const key = f.name.slice('address.'.length);
      return [key, address?.[key] ?? (f.kind === 'number' ? undefined : '')];
    }),
  );
}

/**
 * One action's form over its contract schema: the page's target and the current values (the
 * registered address) start it, each field says what is wrong with it before anything is sent,
 * and the server's refusal lands on its field or in the alert.
 */
export function ActionForm({
  action,
  target,
  address,
  choices,
}: {
  action: AdminActionName;
  target: { partnerNumber: string; requestNumber: string };
  address: Partial<Record<string, unknown>> | null;
  choices: ChoiceLists;
}) {
  const { t } = useTranslation('staff');
  const client = useQueryClient();
  const { fields } = FORMS[action];
  const form = useContractForm(adminActionBodySchema(action) as z.ZodType<unknown, FieldValues>, {
    defaultValues: {
      ...targetOf(action, target),
      ...(action === 'registeredAddress' ? { address: pickAddress(address) } : {}),
      ...(action === 'fleetCardTag' ? { tagged: false } : {}),
    },
  });
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const apply = useMutation({
    mutationFn: (body: AdminActionBody<AdminActionName>) => takeAdminAction(action, body),
    onSuccess: (answer) => {
      setDone(answer.message);
      form.resetField('remarks');
      void client.invalidateQueries({ queryKey: workflowKeys.all });
    },
    // The target (partner, draft) is filled in by the page: a refusal naming it goes to the alert.
    onError: (error) => setAlert(applyFailure(form, error, [...fields.map((f) => f.name), 'remarks'])),
  });
  const optionsOf = (f: FieldSpec) =>
    f.kind === 'choice' ? (choices[f.name] ?? []) : (f.options ?? []).map((o) => ({ value: o, label: o }));
  const field = (f: FieldSpec) => {
    const id = `admin-${f.name.replace('.', '-')}`;
    const label = t(`admin.field.${f.name}` as 'admin.field.pan');
    const required = !f.optional;
    if (f.kind === 'checkbox') return <CheckField key={f.name} id={id} name={f.name} label={label} />;
    if (f.kind === 'choice' || f.kind === 'select')
      return (
        <SelectField
          key={f.name}
          id={id}
          name={f.name}
          label={label}
          required={required}
          placeholder={t('admin.choose')}
          options={optionsOf(f)}
          numeric={f.kind === 'choice' && f.name !== 'gstin'}
        />
      );
    return (
      <TextField
        key={f.name}
        id={id}
        name={f.name}
        label={label}
        required={required}
        type={f.kind}
        small
        {...(f.kind === 'number'
          ? { setValueAs: asNumber }
          : f.optional && !f.name.includes('.')
            ? { setValueAs: blankAsUndefined }
            : {})}
      />
    );
  };
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label={t(`admin.action.${action}`)}
        onSubmit={(e) =>
          void form.handleSubmit((body) => {
            setAlert(null);
            setDone(null);
            apply.mutate(body as AdminActionBody<AdminActionName>);
          })(e)
        }
      >
        {fields.map(field)}
        <TextAreaField
          id="admin-remarks"
          name="remarks"
          label={t('admin.remarks')}
          required={action === 'sendBackOnboardingDocument'}
          rows={2}
          maxLength={500}
          setValueAs={blankAsUndefined}
        />
        {done && (
          <p className="small text-success" role="status">
            {done}
          </p>
        )}
        <FormAlert message={alert} />
        <button type="submit" className="btn btn-sm btn-outline-danger" disabled={apply.isPending}>
          {t('admin.apply')}
        </button>
      </form>
    </FormProvider>
  );
}
