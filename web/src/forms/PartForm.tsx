import { useState } from 'react';
import { Controller, FormProvider, useWatch, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { checkRule, type StoredFileInfo } from '@pp/contract';
import { ApiError } from '../api/client.ts';
import { FilePicker } from '../components/FilePicker.tsx';
import { applyFailure } from './failure.ts';
import { FormAlert, SelectField, TextField, digitsOnly, upperCase } from './fields.tsx';
import { useContractForm } from './use-contract-form.ts';
import { useTextByKey } from '../i18n/index.ts';
import { lookups } from './lookups.ts';
import { FIELD_SPECS, type FieldSpec, type SpecName } from './profile-field-specs.ts';
import { useOptions, type ProfileKey } from './profile-options.ts';

type Values = Record<string, unknown>;

/** The form's values from what is saved: empty where nothing is (inputs hold text, never null). */
function formValues(spec: SpecName, saved: Values | null): Values {
  return Object.fromEntries(
    FIELD_SPECS[spec].map((f: FieldSpec) => {
      const value = saved?.[f.name];
      if (f.kind === 'checks') return [f.name, Array.isArray(value) ? value : []];
      if (f.kind === 'file') return [f.name, value ?? null];
      return [f.name, value === null || value === undefined ? '' : value];
    }),
  );
}

/** A failure whose fields the server named under a prefix (`general.`, `bankAccounts.0.`), as this form names them. */
function unprefixed(error: unknown, prefix: string | undefined): unknown {
  if (!prefix || !(error instanceof ApiError) || !error.body?.fieldErrors) return error;
  const fieldErrors = error.body.fieldErrors.map((e) =>
    e.field.startsWith(prefix) ? { ...e, field: e.field.slice(prefix.length) } : e,
  );
  return new ApiError(error.status, { ...error.body, fieldErrors }, error.message);
}

/** A statutory number's check as the field is left (the partners' look-up unless the form says otherwise). */
export type StatutoryLookup = (kind: string, value: string) => Promise<{ failureMessage: string | null } | null | undefined>;

interface ControlProps {
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

function SelectControl({
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

function ChecksControl({
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

function TextControl({
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

function FileControl({ idPrefix, spec, field, form, files, onFile, required, readOnly }: ControlProps) {
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

export interface PartFormProps<S extends z.ZodType<unknown, FieldValues>> {
  /** Unique on the page: prefixes the controls' ids. */
  id: string;
  spec: SpecName;
  schema: S;
  saved: Values | null;
  profile: ProfileKey;
  files: Map<string, StoredFileInfo>;
  /** Fields required for Submit (shown with the star). */
  required?: (name: string) => boolean;
  /** Fields this partner is not asked (domestic or international only). */
  hidden?: readonly string[];
  onSave: (values: z.output<S>) => Promise<unknown>;
  /** The prefix under which the server names this form's fields. */
  errorPrefix?: string;
  submitLabel: string;
  /** A list's add form starts empty again after each save. */
  resetAfterSave?: boolean;
  onCancel?: () => void;
  readOnly?: boolean;
  /** Where the statutory numbers are checked (customers have their own look-up). */
  statutoryLookup?: StatutoryLookup;
}

/**
 * The one form of a profile part (or a list row): the part's fields as FIELD_SPECS lays them out,
 * checked by the contract schema as they are typed, saved as a draft, the server's refusals shown
 * beside the fields they name.
 */
export function PartForm<S extends z.ZodType<unknown, FieldValues>>(props: PartFormProps<S>) {
  const {
    id,
    spec,
    schema,
    saved,
    profile,
    files,
    required = () => false,
    hidden = [],
    onSave,
    errorPrefix,
    submitLabel,
    resetAfterSave,
    onCancel,
    readOnly = false,
    statutoryLookup = lookups.statutory,
  } = props;
  const { t } = useTranslation('onboarding');
  const form = useContractForm(schema, { defaultValues: formValues(spec, saved) as DefaultValues<z.input<S>> });
  const [alert, setAlert] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);
  const [uploaded, setUploaded] = useState<Map<string, StoredFileInfo>>(new Map());
  const known = new Map([...files, ...uploaded]);

  const submit = form.handleSubmit(async (values) => {
    setAlert(null);
    setSavedNote(false);
    try {
      await onSave(values);
      setSavedNote(true);
      if (resetAfterSave) form.reset(formValues(spec, null) as z.input<S>);
      else form.reset(form.getValues());
    } catch (error) {
      setAlert(applyFailure(form, unprefixed(error, errorPrefix)));
    }
  });

  const generic = form as unknown as UseFormReturn<FieldValues, unknown, unknown>;
  const fields = FIELD_SPECS[spec].filter((f: FieldSpec) => !hidden.includes(f.name));
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={t(`formOf.${spec}`)}>
        <FormAlert message={alert} />
        <div className="row g-x-3">
          {fields.map((field: FieldSpec) => {
            const control: ControlProps = {
              statutoryLookup,
              idPrefix: id,
              spec,
              field,
              form: generic,
              profile,
              files: known,
              onFile: (f) => setUploaded((m) => new Map(m).set(f.uniqueId, f)),
              required: required(field.name),
              readOnly,
            };
            const wide = field.kind === 'textarea' || field.kind === 'checks' || field.kind === 'file';
            return (
              <div key={field.name} className={wide ? 'col-12' : 'col-md-6 col-lg-4'}>
                {field.kind === 'select' ? (
                  <SelectControl {...control} field={field} />
                ) : field.kind === 'checks' ? (
                  <ChecksControl {...control} field={field} />
                ) : field.kind === 'file' ? (
                  <FileControl {...control} />
                ) : (
                  <TextControl {...control} field={field} />
                )}
              </div>
            );
          })}
        </div>
        {!readOnly && (
          <div className="d-flex align-items-center gap-2">
            <button type="submit" className="btn btn-primary btn-sm" disabled={form.formState.isSubmitting}>
              {submitLabel}
            </button>
            {onCancel && (
              <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onCancel}>
                {t('cancelEdit')}
              </button>
            )}
            {savedNote && !form.formState.isDirty && (
              <span className="small text-success" role="status">
                {t('saved')}
              </span>
            )}
          </div>
        )}
      </form>
    </FormProvider>
  );
}
