import { z } from 'zod';
import type { FieldError } from './envelope.ts';
import { isMessageKey, translate, type Language } from './i18n/index.ts';

/**
 * Turns zod issues into messages that name the field and the rule, in English or Hindi. Used by
 * the server for its 400 bodies and by the web forms, so both say the same thing. An issue of the
 * whole input (an unknown field) is named by `part`: the request part it came from.
 */
export function describeIssue(issue: z.core.$ZodIssue, language: Language = 'en', part: RequestPart = 'body'): FieldError {
  const field = issue.path.length > 0 ? issue.path.join('.') : part;
  return { field, message: issueMessage(issue, language) };
}

function issueMessage(issue: z.core.$ZodIssue, language: Language): string {
  if (isMessageKey(issue.message)) {
    return translate(issue.message, language, issueValues(issue));
  }
  const missing = 'input' in issue && (issue.input === undefined || issue.input === null);
  switch (issue.code) {
    case 'invalid_type':
      return missing
        ? translate('validation.required', language)
        : translate('validation.invalidType', language, { expected: issue.expected });
    case 'invalid_union':
      return missing ? translate('validation.required', language) : translate('validation.invalid', language);
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return translate('validation.required', language);
      return issue.origin === 'string'
        ? translate('validation.min', language, { min: issue.minimum })
        : translate('validation.minValue', language, { min: issue.minimum });
    case 'too_big':
      return issue.origin === 'string'
        ? translate('validation.max', language, { max: issue.maximum })
        : translate('validation.maxValue', language, { max: issue.maximum });
    case 'invalid_value':
      // A schema's own words stand; zod's ("Invalid option: expected one of …") would reach a person
      // under a select: an empty one is a choice not made, a wrong value is named against the values.
      if (issue.message !== zodsOwnMessage(issue)) return issue.message;
      return missing || issue.input === ''
        ? translate('validation.required', language)
        : translate('validation.oneOf', language, { values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return `${translate('validation.unknownField', language)}: ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function zodsOwnMessage(issue: z.core.$ZodIssue): string | undefined {
  const own = z.config().localeError?.(issue as Parameters<NonNullable<z.core.$ZodConfig['localeError']>>[0]);
  return typeof own === 'string' ? own : own?.message;
}

function issueValues(issue: z.core.$ZodIssue): Record<string, unknown> {
  if (issue.code === 'too_small') return { min: issue.minimum };
  if (issue.code === 'too_big') return { max: issue.maximum };
  return {};
}

/** The parts of a request the contract validates, as its calls name them. */
export type RequestPart = 'body' | 'query' | 'params';

export function formatIssues(issues: readonly z.core.$ZodIssue[], language: Language = 'en', part: RequestPart = 'body') {
  const fieldErrors = issues.map((issue) => describeIssue(issue, language, part));
  const failureMessage = fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return { failureMessage, fieldErrors };
}

/**
 * Where a string holding U+0000 sits in a request part, if anywhere. PostgreSQL cannot store that
 * character in text, so it is refused up front with a 400 instead of failing in the database.
 */
function pathOfNulCharacter(data: unknown): PropertyKey[] | null {
  // Iterative, as a body may nest arrays thousands deep within the size limit.
  interface Visit {
    value: unknown;
    key: PropertyKey | null;
    parent: Visit | null;
  }
  const pathOf = (visit: Visit, last?: PropertyKey) => {
    const path: PropertyKey[] = last === undefined ? [] : [last];
    for (let v: Visit | null = visit; v !== null && v.key !== null; v = v.parent) path.unshift(v.key);
    return path;
  };
  const pending: Visit[] = [{ value: data, key: null, parent: null }];
  while (pending.length > 0) {
    const visit = pending.pop()!;
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return pathOf(visit);
    } else if (value !== null && typeof value === 'object') {
      const isArray = Array.isArray(value);
      for (const [key, child] of Object.entries(value)) {
        if (key.includes('\u0000')) return pathOf(visit, key);
        pending.push({ value: child, key: isArray ? Number(key) : key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * An issue for the first string (or key) holding U+0000, which PostgreSQL cannot store in text:
 * servers refuse such input with a 400 naming the field instead of failing in the database.
 */
export function nulCharacterIssue(data: unknown): z.core.$ZodIssue | null {
  const path = pathOfNulCharacter(data);
  return path ? { code: 'custom', path, message: 'validation.nulCharacter', input: undefined } : null;
}
