import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MOBILE_DISPLAY_PREFIX, USERNAME_MAX_CHARS } from '@pp/contract';
import { PasswordField, TextField, digitsOnly, upperCase } from '../../forms/fields.tsx';
import { SelectField, type Option } from '../../forms/select-field.tsx';
import { registrationQueries } from './api.ts';
import type { RegistrationField, RegistrationValues } from './registration-form.ts';
import type { AvailabilityChecks } from './use-availability.ts';

export interface StepProps {
  availability: AvailabilityChecks;
}

const useRegistrationForm = () => useFormContext<RegistrationValues>();
const categoryOptions = (list: { categoryCode: string; categoryName: string }[] | undefined): Option[] =>
  (list ?? []).map((c) => ({ value: c.categoryCode, label: c.categoryName }));

export function KypStep({ availability }: StepProps) {
  const { t } = useTranslation(['registration', 'common', 'messages']);
  const { control, setValue, getValues } = useRegistrationForm();
  const values = useWatch({ control });
  const countries = useQuery(registrationQueries.countries());
  const cards = useQuery(registrationQueries.identityCards(Number(values.countryCode) || undefined));
  const card = cards.data?.find((c) => c.identityCard === values.identityCard) ?? cards.data?.[0];
  const { check } = availability;
  // The identifier's kind follows the country (one kind per country in the reference data). An
  // identifier typed and left before its kind had come could not be checked then: it is now.
  // Compared with the form's own value, not the watched one: a country chosen as the kind was being
  // set (the kinds arriving as the countries did) cleared it again between the two renders, the
  // watched value read '' in both, this effect did not run again, and the PAN was never checked.
  useEffect(() => {
    if (!card || getValues('identityCard') === card.identityCard) return;
    setValue('identityCard', card.identityCard);
    if (getValues('nationalId')) void check('nationalId');
  }, [card, values, setValue, getValues, check]);
  return (
    <>
      <SelectField<RegistrationValues>
        name="countryCode"
        label={t('field.country')}
        required
        numeric
        options={(countries.data ?? []).map((c) => ({ value: c.countryCode, label: c.countryName }))}
        onChange={() => {
          setValue('identityCard', '');
          setValue('nationalId', '');
        }}
      />
      <TextField<RegistrationValues>
        name="nationalId"
        label={card?.longDesc ?? t('field.nationalId')}
        required
        maxLength={30}
        normalize={upperCase}
        // The hint's line is held while the country's identifier loads: its arrival moved the form down (CLS 0.048).
        hint={card ? t('hint.example', { example: card.example }) : '\u00a0'}
        onBlur={() => void availability.check('nationalId')}
        {...availability.noteOf('nationalId', values)}
      />
      <TextField<RegistrationValues>
        name="dunsNumber"
        label={t('field.duns')}
        hint={t('hint.duns')}
        inputMode="numeric"
        maxLength={9}
        normalize={digitsOnly}
        onBlur={() => void availability.check('dunsNumber')}
        {...availability.noteOf('dunsNumber', values)}
      />
    </>
  );
}

export function ContactStep({ availability }: StepProps) {
  const { t } = useTranslation(['registration', 'common', 'messages']);
  const { control } = useRegistrationForm();
  const values = useWatch({ control });
  const countries = useQuery(registrationQueries.countries());
  const isd = countries.data?.find((c) => c.countryCode === Number(values.countryCode))?.isdCode ?? MOBILE_DISPLAY_PREFIX;
  const checked = (field: RegistrationField) => ({
    onBlur: () => void availability.check(field),
    ...availability.noteOf(field, values),
  });
  return (
    <>
      <TextField<RegistrationValues> name="coordinationPerson" label={t('field.coordinationPerson')} required maxLength={100} />
      <TextField<RegistrationValues>
        name="mobileNumber"
        label={t('field.mobile')}
        required
        hint={t('hint.mobile')}
        addon={isd}
        inputMode="numeric"
        maxLength={12}
        normalize={digitsOnly}
        {...checked('mobileNumber')}
      />
      <TextField<RegistrationValues>
        name="email"
        label={t('field.email')}
        required
        type="email"
        maxLength={100}
        hint={t('hint.email')}
        {...checked('email')}
      />
      <TextField<RegistrationValues> name="organizationName" label={t('field.organisation')} required maxLength={200} />
      <TextField<RegistrationValues> name="designation" label={t('field.designation')} required maxLength={100} />
      <TextField<RegistrationValues> name="website" label={t('field.website')} maxLength={300} hint={t('hint.website')} />
    </>
  );
}

function CategorySelects({ prefix, required }: { prefix: 'primary' | 'secondary'; required: boolean }) {
  const { t } = useTranslation(['registration', 'common', 'messages']);
  const { control, setValue } = useRegistrationForm();
  const business = `${prefix}Business` as const;
  const category = `${prefix}Category` as const;
  const sub = `${prefix}SubCategory` as const;
  const [companyCode, businessCode, categoryCode] = useWatch({ control, name: ['companyCode', business, category] });
  const businesses = useQuery(registrationQueries.businesses(Number(companyCode) || undefined));
  const categories = useQuery(registrationQueries.categories(businessCode || undefined));
  const subs = useQuery(registrationQueries.subCategories(categoryCode || undefined));
  const placeholder = t(required ? 'common:select' : 'common:none');
  // Each level's choices depend on the one above, so choosing clears the levels below.
  const levels = [
    { name: business, label: t(`field.${prefix}Business`), options: businesses.data, below: [category, sub] },
    { name: category, label: t(`field.${prefix}Category`), options: categories.data, below: [sub] },
    { name: sub, label: t(`field.${prefix}SubCategory`), options: subs.data, below: [] },
  ];
  return (
    <div className="row">
      {levels.map((level) => (
        <div className="col-md-4" key={level.name}>
          <SelectField<RegistrationValues>
            name={level.name}
            label={level.label}
            required={required}
            placeholder={placeholder}
            options={categoryOptions(level.options)}
            onChange={() => level.below.forEach((field) => setValue(field, ''))}
          />
        </div>
      ))}
    </div>
  );
}

export function BusinessStep() {
  const { t } = useTranslation(['registration', 'common', 'messages']);
  const { setValue } = useRegistrationForm();
  const companies = useQuery(registrationQueries.companies());
  const clearCategories = () => {
    for (const prefix of ['primary', 'secondary'] as const) {
      setValue(`${prefix}Business`, '');
      setValue(`${prefix}Category`, '');
      setValue(`${prefix}SubCategory`, '');
    }
  };
  return (
    <>
      <SelectField<RegistrationValues>
        name="companyCode"
        label={t('field.partnerFor')}
        required
        numeric
        hint={t('hint.partnerFor')}
        placeholder={t('common:select')}
        options={(companies.data ?? []).map((c) => ({ value: c.companyCode, label: c.companyName }))}
        onChange={clearCategories}
      />
      <h3 className="h6 mt-3">{t('primaryBusiness')}</h3>
      <CategorySelects prefix="primary" required />
      <h3 className="h6 mt-2">
        {t('secondaryBusiness')} <span className="text-muted fw-normal">{t('common:optional')}</span>
      </h3>
      <CategorySelects prefix="secondary" required={false} />
    </>
  );
}

const USERNAME_CHECK_DELAY_MS = 400;

export function CredentialsStep({ availability }: StepProps) {
  const { t } = useTranslation(['registration', 'common', 'contract']);
  const { control } = useRegistrationForm();
  const values = useWatch({ control });
  const { check } = availability;
  // The username is checked live, shortly after typing stops.
  useEffect(() => {
    if (!values.username) return;
    const timer = setTimeout(() => void check('username'), USERNAME_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values.username, check]);
  return (
    <>
      <TextField<RegistrationValues>
        name="username"
        label={t('field.username')}
        required
        hint={t('contract:rule.username')}
        autoComplete="username"
        maxLength={USERNAME_MAX_CHARS}
        normalize={(v) => v.trim()}
        {...availability.noteOf('username', values)}
      />
      <PasswordField<RegistrationValues> name="password" label={t('field.password')} autoComplete="new-password" showRule />
      <PasswordField<RegistrationValues> name="confirmPassword" label={t('field.confirmPassword')} autoComplete="new-password" />
    </>
  );
}
