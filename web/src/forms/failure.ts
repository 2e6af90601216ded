import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError, SessionEndedError, failureText } from '../api/client.ts';

/**
 * What a failed call says, and the field it is about: the first of the body's fieldErrors when the
 * server named one (never parsed out of the message text), else the failureMessage alone.
 */
export function failureOf(error: unknown): { field: string | null; message: string } {
  const named = error instanceof ApiError ? error.body?.fieldErrors?.[0] : undefined;
  return named ? { field: named.field, message: named.message } : { field: null, message: failureText(error) };
}

/**
 * Puts a failed submit on the form: each field error the server named under its field (the
 * message goes when the field is edited), and returns what belongs to no field, for the form's
 * alert. `shown` names the fields the form has inputs for, where some of its values have none (a
 * target the page fills in): an error about one of those goes to the alert, or nobody would see
 * it. A session that ended has already been dealt with, so it returns null.
 */
export function applyFailure<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  error: unknown,
  shown: readonly string[] = Object.keys(form.getValues()),
): string | null {
  if (error instanceof SessionEndedError) return null;
  const fieldErrors = error instanceof ApiError ? (error.body?.fieldErrors ?? []) : [];
  const known = new Set(shown);
  const placed = fieldErrors.filter((e) => known.has(e.field));
  placed.forEach((e, index) =>
    form.setError(e.field as Path<V>, { type: 'server', message: e.message }, { shouldFocus: index === 0 }),
  );
  const rest = fieldErrors.filter((e) => !known.has(e.field));
  if (placed.length > 0 && rest.length === 0) return null;
  return rest[0]?.message ?? failureText(error);
}
