import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { useFormContext, useFormState, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX_CHARS } from '@pp/contract';

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  /** A positive note under the field (e.g. 'Username Available'). */
  success?: string | undefined;
  hint?: ReactNode;
  required?: boolean | undefined;
  /** 'form-select' for selects. */
  controlClass?: string;
  children: (props: {
    id: string;
    className: string;
    'aria-invalid': boolean;
    'aria-required'?: boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** Label, control and its message, with Bootstrap's validation styling and ARIA wiring. */
export function Field({ id, label, error, success, hint, required, controlClass = 'form-control', children }: FieldProps) {
  const { t } = useTranslation('common');
  const describedBy = error || success ? `${id}-feedback` : hint ? `${id}-hint` : undefined;
  const validity = error ? 'is-invalid' : success ? 'is-valid' : null;
  return (
    <div className="mb-3">
      {/* The required star is CSS generated content with empty alternative text, so it stays out of the field's name. */}
      <label htmlFor={id} className={`form-label${required ? ' required' : ''}`}>
        {label}
      </label>
      {children({
        id,
        className: validity ? `${controlClass} ${validity}` : controlClass,
        'aria-invalid': Boolean(error),
        ...(required ? { 'aria-required': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        // Marked as an error in words, not by colour alone (a rule's error may read like its hint), and announced when it appears.
        <div id={`${id}-feedback`} className="invalid-feedback d-block" role="alert">
          <strong>{t('fieldError')}</strong> <span>{error}</span>
        </div>
      ) : success ? (
        <div id={`${id}-feedback`} className="valid-feedback d-block">
          {success}
        </div>
      ) : hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** The message of a field of the surrounding form, or of a check the page made itself. */
export function useFieldError<V extends FieldValues>(name: Path<V>, own?: string): string | undefined {
  const { getFieldState } = useFormContext<V>();
  // Subscribes this field to its own error only; getFieldState reads nested names too.
  const formState = useFormState<V>({ name });
  return getFieldState(name, formState).error?.message ?? own;
}

interface TextFieldProps<V extends FieldValues> extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: Path<V>;
  /** The control's id, where one page has several forms with the same field names; the name by default. */
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  /** An error or success note from a server check of this field. */
  error?: string | undefined;
  success?: string | undefined;
  /** Rewrites what is typed as it is typed (digits only, upper case, …). */
  normalize?: (value: string) => string;
  /** Text shown before the input (e.g. the +91 of a mobile number). */
  addon?: ReactNode;
  /** Bootstrap's small control, for tight places such as the chat. */
  small?: boolean;
  /** What the form holds for what is typed, where the schema wants other than the text (a number, a blank left out). */
  setValueAs?: (value: unknown) => unknown;
}

/** A text input of the surrounding contract form. */
export function TextField<V extends FieldValues>({
  name,
  id,
  label,
  hint,
  required,
  error,
  success,
  normalize,
  addon,
  small,
  setValueAs,
  onBlur,
  ...input
}: TextFieldProps<V>) {
  const { register } = useFormContext<V>();
  const shown = useFieldError<V>(name, error);
  const registered = register(name, setValueAs ? { setValueAs } : {});
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    if (normalize) e.target.value = normalize(e.target.value);
    return registered.onChange(e);
  };
  return (
    <Field
      id={id ?? name}
      label={label}
      hint={hint}
      required={required}
      error={shown}
      success={shown ? undefined : success}
      controlClass={small ? 'form-control form-control-sm' : 'form-control'}
    >
      {(aria) => {
        const control = (
          <input
            {...input}
            {...aria}
            {...registered}
            onChange={onChange}
            onBlur={(e) => {
              void registered.onBlur(e);
              onBlur?.(e);
            }}
          />
        );
        return addon ? (
          <div className="input-group has-validation">
            <span className="input-group-text">{addon}</span>
            {control}
          </div>
        ) : (
          control
        );
      }}
    </Field>
  );
}

interface TextAreaFieldProps<V extends FieldValues> extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: Path<V>;
  id?: string;
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  setValueAs?: (value: unknown) => unknown;
}

/** A multi-line text of the surrounding contract form. */
export function TextAreaField<V extends FieldValues>({
  name,
  id,
  label,
  hint,
  required,
  setValueAs,
  ...area
}: TextAreaFieldProps<V>) {
  const { register } = useFormContext<V>();
  const error = useFieldError<V>(name);
  return (
    <Field id={id ?? name} label={label} hint={hint} required={required} error={error}>
      {(aria) => <textarea {...area} {...aria} {...register(name, setValueAs ? { setValueAs } : {})} />}
    </Field>
  );
}

/** A checkbox of the surrounding contract form, its message under it. */
export function CheckField<V extends FieldValues>({
  name,
  id,
  label,
  required,
}: {
  name: Path<V>;
  id?: string;
  label: ReactNode;
  required?: boolean;
}) {
  const { t } = useTranslation('common');
  const { register } = useFormContext<V>();
  const error = useFieldError<V>(name);
  const controlId = id ?? name;
  return (
    <div className="form-check mb-2">
      <input
        id={controlId}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        aria-invalid={Boolean(error)}
        {...(error ? { 'aria-describedby': `${controlId}-feedback` } : {})}
        {...register(name)}
      />
      <label htmlFor={controlId} className={`form-check-label${required ? ' required' : ''}`}>
        {label}
      </label>
      {error && (
        <div id={`${controlId}-feedback`} className="invalid-feedback d-block" role="alert">
          <strong>{t('fieldError')}</strong> <span>{error}</span>
        </div>
      )}
    </div>
  );
}

// react-hook-form also passes a field's default value through these, which may already be a number or null.
/** Blank text is left out of the body (an optional field given nothing). */
export const blankAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
/** A typed number as a number, blank as nothing given. */
export const asNumber = (value: unknown) =>
  typeof value !== 'string' ? (value ?? undefined) : value.trim() === '' ? undefined : Number(value);

interface PasswordFieldProps<V extends FieldValues> {
  name: Path<V>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  /** New passwords show the section 5 rule under them; the confirmation does not repeat it. */
  showRule?: boolean;
}

/** A password input of the surrounding contract form. */
export function PasswordField<V extends FieldValues>({ name, label, autoComplete, showRule }: PasswordFieldProps<V>) {
  const { t } = useTranslation('contract');
  return (
    <TextField<V>
      name={name}
      label={label}
      required
      type="password"
      autoComplete={autoComplete}
      maxLength={PASSWORD_MAX_CHARS}
      hint={showRule ? t('rule.password') : undefined}
    />
  );
}

/** The form's alert for what the server said that belongs to no field. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <div className="alert alert-danger" role="alert">
      {message}
    </div>
  ) : null;
}

export const digitsOnly = (value: string) => value.replace(/\D/g, '');
export const upperCase = (value: string) => value.toUpperCase();
