import { useState } from 'react';
import { Controller, useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { checkRule, type StoredFileInfo } from '@pp/contract';
import { ApiError } from '../api/client.ts';
import { FilePicker } from '../components/FilePicker.tsx';
import { TextField, digitsOnly, upperCase } from './fields.tsx';
import { SelectField } from './select-field.tsx';
import { useTextByKey } from '../i18n/index.ts';
import { lookups } from './lookups.ts';
import { type FieldSpec, type SpecName } from './profile-field-specs.ts';
import { useOptions, type ProfileKey } from './profile-options.ts';

/** A form's values as its inputs hold them. */
export type Values = Record<string, unknown>;

/** A statutory number's check as the field is left (the partners' look-up unless the form says otherwise). */
export type StatutoryLookup = (kind: string, value: string) => Promise<{ failureMessage: string | null } | null | undefined>;

export interface ControlProps {
  statutoryLookup: StatutoryLookup;
  idPrefix: string;
  spec: SpecName;
  field: FieldSpec;
  form: UseFormReturn<FieldValues, unknown, unknown>;
  profile: ProfileKey;
  files: Map<string, StoredFileInfo>;
  onFile: (file: StoredFileInfo) => void;
  required: boolean;
  readOnly: boolean;
}

export function SelectControl({
  idPrefix,
  spec,
  field,
  profile,
  required,
  readOnly,
}: ControlProps & { field: Extract<FieldSpec, { kind: 'select' }> }) {
  const { t } = useTranslation('common');
  const text = useTextByKey('onboardingLabels');
  const values = useWatch() as Values;
  const options = useOptions(field.source, values, profile);
  return (
    <SelectField
      id={`${idPrefix}-${field.name}`}
      name={field.name}
      label={text(`field.${spec}.${field.name}`)}
      options={options}
      placeholder={t('select')}
      numeric={field.numeric}
      required={required}
      disabled={readOnly}
    />
  );
}

export function ChecksControl({
  idPrefix,
  spec,
  field,
  form,
  profile,
  readOnly,
  required,
}: ControlProps & { field: Extract<FieldSpec, { kind: 'checks' }> }) {
  const text = useTextByKey('onboardingLabels');
  const options = useOptions(field.source, {}, profile);
  const error = form.formState.errors[field.name]?.message;
  return (
    <fieldset className="mb-3">
      <legend className={`form-label fs-6${required ? ' required' : ''}`}>{text(`field.${spec}.${field.name}`)}</legend>
      {options.map((o) => (
        <div key={o.value} className="form-check form-check-inline">
          <input
            id={`${idPrefix}-${field.name}-${o.value}`}
            type="checkbox"
            className="form-check-input"
            value={o.value}
            disabled={readOnly}
            {...form.register(field.name)}
          />
          <label htmlFor={`${idPrefix}-${field.name}-${o.value}`} className="form-check-label">
            {o.label}
          </label>
        </div>
      ))}
      {typeof error === 'string' && <div className="invalid-feedback d-block">{error}</div>}
    </fieldset>
  );
}

export function TextControl({
  statutoryLookup,
  idPrefix,
  spec,
  field,
  form,
  required,
  readOnly,
}: ControlProps & { field: Extract<FieldSpec, { kind: 'text' | 'textarea' | 'date' | 'number' }> }) {
  const { t } = useTranslation(['contract', 'onboarding']);
  const text = useTextByKey('onboardingLabels');
  const [note, setNote] = useState<{ error?: string; success?: string }>({});

  async function check(value: string) {
    setNote({});
    if (!value) return;
    if (field.kind !== 'text') return;
    if (field.statutory) {
      const answer = await statutoryLookup(field.statutory, value).catch(() => null);
      if (answer) setNote(answer.failureMessage ? { error: answer.failureMessage } : { success: t('contract:identifier.valid') });
    }
    if (field.lookup === 'ifsc' && checkRule('ifsc', value)) {
      try {
        const branch = await lookups.ifsc(value);
        form.setValue('bankName', branch.bankName);
        form.setValue('branchName', branch.branchName);
        form.setValue('branchAddress', branch.address);
        setNote({ success: t('onboarding:ifscFound', { bank: branch.bankName, branch: branch.branchName }) });
      } catch (error) {
        setNote({
          error: error instanceof ApiError && error.failureMessage ? error.failureMessage : t('onboarding:ifscUnknown'),
        });
      }
    }
  }

  const looksUp = field.kind === 'text' && Boolean(field.statutory || field.lookup);
  const normalize = field.kind === 'text' && field.upper ? upperCase : 'digits' in field && field.digits ? digitsOnly : undefined;
  return (
    <TextField
      id={`${idPrefix}-${field.name}`}
      name={field.name}
      label={text(`field.${spec}.${field.name}`)}
      required={required}
      type={field.kind === 'date' ? 'date' : 'text'}
      inputMode={field.kind === 'number' ? 'decimal' : undefined}
      readOnly={readOnly}
      error={note.error}
      success={note.success}
      // A field checked as it is left keeps a line for its note: the note arriving otherwise pushed
      // down what is below, Save among it, under a click that had already started (press, then
      // release on another spot: no click, no save).
      {...(looksUp ? { hint: '\u00a0' } : {})}
      {...(normalize ? { normalize } : {})}
      onBlur={(e) => void check(e.target.value)}
    />
  );
}

export function FileControl({ idPrefix, spec, field, form, files, onFile, required, readOnly }: ControlProps) {
  const text = useTextByKey('onboardingLabels');
  return (
    <Controller
      control={form.control}
      name={field.name}
      render={({ field: bound, fieldState }) => {
        const id = typeof bound.value === 'string' ? bound.value : null;
        const info = id ? files.get(id) : undefined;
        return (
          <>
            <FilePicker
              id={`${idPrefix}-${field.name}`}
              label={text(`field.${spec}.${field.name}`)}
              single
              required={required}
              disabled={readOnly}
              files={info ? [info] : []}
              onChange={(list) => {
                const next = list[0] ?? null;
                if (next) onFile(next);
                bound.onChange(next?.uniqueId ?? null);
              }}
            />
            {fieldState.error?.message && <div className="invalid-feedback d-block mt-n2 mb-2">{fieldState.error.message}</div>}
          </>
        );
      }}
    />
  );
}
