import { useEffect } from 'react';
import { MOBILE_DISPLAY_PREFIX } from '@pp/contract';
import { Field, PasswordField } from '../../components/form.tsx';
import {
  useCategories,
  useGroupCompanies,
  useIdentityCards,
  usePrimaryBusinesses,
  useRegistrationCountries,
  useSubCategories,
} from './api.ts';
import type { FieldName, FormState, RemoteChecks } from './form-model.ts';

export interface StepProps {
  form: FormState;
  errors: Partial<Record<FieldName, string>>;
  remote: RemoteChecks;
  set: (changes: Partial<FormState>) => void;
  /** Runs the server check of a field (on blur). */
  check: (field: FieldName) => void;
}

function remoteMessage(remote: RemoteChecks, field: FieldName, value: string) {
  const answer = remote[field];
  if (!answer || answer.value !== value) return {};
  return answer.available ? { success: answer.message } : { error: answer.message };
}

function fieldMessages(props: StepProps, field: FieldName) {
  const local = props.errors[field];
  return local ? { error: local } : remoteMessage(props.remote, field, props.form[field]);
}

export function KypStep(props: StepProps) {
  const { form, set, check } = props;
  const countries = useRegistrationCountries();
  const cards = useIdentityCards(Number(form.countryCode) || undefined);
  const card = cards.data?.find((c) => c.identityCard === form.identityCard) ?? cards.data?.[0];
  // The identifier's kind follows the country (one kind per country in the reference data).
  useEffect(() => {
    if (card && form.identityCard !== card.identityCard) set({ identityCard: card.identityCard });
  }, [card, form.identityCard, set]);
  return (
    <>
      <Field id="countryCode" label="Country" required {...fieldMessages(props, 'countryCode')}>
        {(p) => (
          <select
            {...p}
            className="form-select"
            value={form.countryCode}
            onChange={(e) => set({ countryCode: e.target.value, identityCard: '', nationalId: '' })}
          >
            {(countries.data ?? []).map((c) => (
              <option key={c.countryCode} value={c.countryCode}>
                {c.countryName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="nationalId"
        label={card?.longDesc ?? 'National identifier'}
        required
        hint={card ? `For example ${card.example}` : undefined}
        {...fieldMessages(props, 'nationalId')}
      >
        {(p) => (
          <input
            {...p}
            value={form.nationalId}
            maxLength={30}
            onChange={(e) => set({ nationalId: e.target.value.toUpperCase() })}
            onBlur={() => check('nationalId')}
          />
        )}
      </Field>
      <Field
        id="dunsNumber"
        label="DUNS number"
        hint="Optional: the 9-digit D-U-N-S number of your company"
        {...fieldMessages(props, 'dunsNumber')}
      >
        {(p) => (
          <input
            {...p}
            inputMode="numeric"
            maxLength={9}
            value={form.dunsNumber}
            onChange={(e) => set({ dunsNumber: e.target.value.replace(/\D/g, '') })}
            onBlur={() => check('dunsNumber')}
          />
        )}
      </Field>
    </>
  );
}

export function ContactStep(props: StepProps) {
  const { form, set, check } = props;
  const countries = useRegistrationCountries();
  const isd = countries.data?.find((c) => String(c.countryCode) === form.countryCode)?.isdCode ?? MOBILE_DISPLAY_PREFIX;
  const text = (
    field: FieldName,
    label: string,
    options: { required?: boolean; max?: number; type?: string; hint?: string; blur?: boolean } = {},
  ) => (
    <Field id={field} label={label} required={options.required ?? true} hint={options.hint} {...fieldMessages(props, field)}>
      {(p) => (
        <input
          {...p}
          type={options.type ?? 'text'}
          maxLength={options.max ?? 100}
          value={form[field]}
          onChange={(e) => set({ [field]: e.target.value })}
          {...(options.blur ? { onBlur: () => check(field) } : {})}
        />
      )}
    </Field>
  );
  return (
    <>
      {text('coordinationPerson', 'Coordination person name')}
      <Field
        id="mobileNumber"
        label="Mobile number"
        required
        hint="We send a 6-digit OTP to this number"
        {...fieldMessages(props, 'mobileNumber')}
      >
        {(p) => (
          <div className="input-group has-validation">
            <span className="input-group-text">{isd}</span>
            <input
              {...p}
              inputMode="numeric"
              maxLength={12}
              value={form.mobileNumber}
              onChange={(e) => set({ mobileNumber: e.target.value.replace(/\D/g, '') })}
              onBlur={() => check('mobileNumber')}
            />
          </div>
        )}
      </Field>
      {text('email', 'E-mail', { type: 'email', blur: true, hint: 'Your company e-mail; the verification link goes here' })}
      {text('organizationName', 'Organisation name', { max: 200 })}
      {text('designation', 'Designation')}
      {text('website', 'Website', { required: false, max: 300, hint: 'Optional, e.g. https://www.example.com' })}
    </>
  );
}

function CategorySelects({ props, prefix, required }: { props: StepProps; prefix: 'primary' | 'secondary'; required: boolean }) {
  const { form, set } = props;
  const business = `${prefix}Business` as const;
  const category = `${prefix}Category` as const;
  const sub = `${prefix}SubCategory` as const;
  const businesses = usePrimaryBusinesses(Number(form.companyCode) || undefined);
  const categories = useCategories(form[business] || undefined);
  const subs = useSubCategories(form[category] || undefined);
  const label = prefix === 'primary' ? 'Primary' : 'Secondary';
  const select = (
    field: FieldName,
    text: string,
    options: { categoryCode: string; categoryName: string }[] | undefined,
    reset: Partial<FormState>,
  ) => (
    <Field id={field} label={`${label} ${text}`} required={required} {...fieldMessages(props, field)}>
      {(p) => (
        <select
          {...p}
          className={p.className.replace('form-control', 'form-select')}
          value={form[field]}
          onChange={(e) => set({ [field]: e.target.value, ...reset })}
        >
          <option value="">{required ? 'Select…' : 'None'}</option>
          {(options ?? []).map((o) => (
            <option key={o.categoryCode} value={o.categoryCode}>
              {o.categoryName}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
  return (
    <div className="row">
      <div className="col-md-4">{select(business, 'business', businesses.data, { [category]: '', [sub]: '' })}</div>
      <div className="col-md-4">{select(category, 'category', categories.data, { [sub]: '' })}</div>
      <div className="col-md-4">{select(sub, 'sub-category', subs.data, {})}</div>
    </div>
  );
}

export function BusinessStep(props: StepProps) {
  const { form, set } = props;
  const companies = useGroupCompanies();
  const clearCategories = {
    primaryBusiness: '',
    primaryCategory: '',
    primarySubCategory: '',
    secondaryBusiness: '',
    secondaryCategory: '',
    secondarySubCategory: '',
  };
  return (
    <>
      <Field
        id="companyCode"
        label="Partner for"
        required
        hint="The group company you want to work with"
        {...fieldMessages(props, 'companyCode')}
      >
        {(p) => (
          <select
            {...p}
            className={p.className.replace('form-control', 'form-select')}
            value={form.companyCode}
            onChange={(e) => set({ companyCode: e.target.value, ...clearCategories })}
          >
            <option value="">Select…</option>
            {(companies.data ?? []).map((c) => (
              <option key={c.companyCode} value={c.companyCode}>
                {c.companyName}
              </option>
            ))}
          </select>
        )}
      </Field>
      <h3 className="h6 mt-3">Primary business</h3>
      <CategorySelects props={props} prefix="primary" required />
      <h3 className="h6 mt-2">
        Secondary business <span className="text-muted fw-normal">(optional)</span>
      </h3>
      <CategorySelects props={props} prefix="secondary" required={false} />
    </>
  );
}

export function CredentialsStep(props: StepProps) {
  const { form, set } = props;
  return (
    <>
      <Field id="username" label="Username" required hint="1-30 letters, digits, - or _" {...fieldMessages(props, 'username')}>
        {(p) => (
          <input
            {...p}
            autoComplete="username"
            maxLength={30}
            value={form.username}
            onChange={(e) => set({ username: e.target.value.trim() })}
          />
        )}
      </Field>
      <PasswordField
        id="password"
        label="Password"
        autoComplete="new-password"
        value={form.password}
        error={props.errors.password}
        onChange={(password) => set({ password })}
      />
      <PasswordField
        id="confirmPassword"
        label="Re-enter password"
        autoComplete="new-password"
        value={form.confirmPassword}
        error={props.errors.confirmPassword}
        onChange={(confirmPassword) => set({ confirmPassword })}
      />
    </>
  );
}
