import type { z } from 'zod';
import type { FieldError } from './envelope.ts';
import { isMessageKey, translate, type Language } from './i18n/index.ts';

/**
 * Turns zod issues into messages that name the field and the rule, in English or Hindi. Used by
 * the server for its 400 bodies and by the web forms, so both say the same thing.
 */
export function describeIssue(issue: z.core.$ZodIssue, language: Language = 'en'): FieldError {
  const field = issue.path.length > 0 ? issue.path.join('.') : 'body';
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
    case 'unrecognized_keys':
      return `${translate('validation.unknownField', language)}: ${issue.keys.join(', ')}`;
    default:
      return issue.message;
  }
}

function issueValues(issue: z.core.$ZodIssue): Record<string, unknown> {
  if (issue.code === 'too_small') return { min: issue.minimum };
  if (issue.code === 'too_big') return { max: issue.maximum };
  return {};
}

export function formatIssues(issues: readonly z.core.$ZodIssue[], language: Language = 'en') {
  const fieldErrors = issues.map((issue) => describeIssue(issue, language));
  const failureMessage = fieldErrors.map((e) => `${e.field}: ${e.message}`).join('; ');
  return { failureMessage, fieldErrors };
}
