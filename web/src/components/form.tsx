import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PASSWORD_MAX_CHARS, formatIssues } from '@pp/contract';
import { ApiError, failureText } from '../api/client.ts';

/** Field messages of a zod failure, in the page's language, keyed by field name. */
export function fieldErrorsOf(schema: z.ZodType, value: unknown, language: string): Record<string, string> {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const e of formatIssues(result.error.issues, language === 'hi' ? 'hi' : 'en').fieldErrors) {
    errors[e.field] ??= e.message;
  }
  return errors;
}

/**
 * What a failed call says, and the field it is about: the first of the body's fieldErrors when the
 * server named one (never parsed out of the message text), else the failureMessage alone.
 */
export function failureOf(error: unknown): { field: string | null; message: string } {
  const named = error instanceof ApiError ? error.body?.fieldErrors?.[0] : undefined;
  return named ? { field: named.field, message: named.message } : { field: null, message: failureText(error) };
}

export function useLanguage(): 'en' | 'hi' {
  const { i18n } = useTranslation();
  return i18n.language === 'hi' ? 'hi' : 'en';
}

interface FieldProps {
  id: string;
  label: string;
  error?: string | undefined;
  /** A positive note under the field (e.g. 'Username Available'). */
  success?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  children: (props: {
    id: string;
    className: string;
    'aria-invalid': boolean;
    'aria-required'?: boolean;
    'aria-describedby'?: string;
  }) => ReactNode;
}

/** Label, control and its message, with Bootstrap's validation styling and ARIA wiring. */
export function Field({ id, label, error, success, hint, required, children }: FieldProps) {
  const describedBy = error || success ? `${id}-feedback` : hint ? `${id}-hint` : undefined;
  return (
    <div className="mb-3">
      {/* The required star is CSS generated content with empty alternative text, so it stays out of the field's name. */}
      <label htmlFor={id} className={`form-label${required ? ' required' : ''}`}>
        {label}
      </label>
      {children({
        id,
        className: `form-control${error ? ' is-invalid' : success ? ' is-valid' : ''}`,
        'aria-invalid': Boolean(error),
        ...(required ? { 'aria-required': true } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      })}
      {error ? (
        <div id={`${id}-feedback`} className="invalid-feedback d-block">
          {error}
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

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
}

/** A password input; new passwords carry the section 5 rule as their hint, in the page's language. */
export function PasswordField({ id, label, value, onChange, error, autoComplete }: PasswordFieldProps) {
  const { t } = useTranslation();
  const hint = autoComplete === 'new-password' && id !== 'confirmPassword' ? t('rule.password') : undefined;
  return (
    <Field id={id} label={label} required error={error} hint={hint}>
      {(p) => (
        <input
          {...p}
          type="password"
          autoComplete={autoComplete}
          maxLength={PASSWORD_MAX_CHARS}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** The centred card the sign-in, reset and verification pages sit in. */
export function CenteredCard({ title, children, width = 560 }: { title: string; children: ReactNode; width?: number }) {
  return (
    <div className="container py-5" style={{ maxWidth: width }}>
      <div className="card shadow border-0">
        <div className="card-body p-4">
          <h1 className="h4 mb-3">{title}</h1>
          {children}
        </div>
      </div>
    </div>
  );
}
