import { useState } from 'react';
import { FormProvider, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type StoredFileInfo } from '@pp/contract';
import { ApiError } from '../api/client.ts';
import { applyFailure } from './failure.ts';
import { FormAlert } from './fields.tsx';
import { useContractForm } from './use-contract-form.ts';
import { lookups } from './lookups.ts';
import { FIELD_SPECS, type FieldSpec, type SpecName } from './profile-field-specs.ts';
import { type ProfileKey } from './profile-options.ts';
import {
  ChecksControl,
  FileControl,
  SelectControl,
  TextControl,
  type ControlProps,
  type StatutoryLookup,
  type Values,
} from './part-controls.tsx';

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
