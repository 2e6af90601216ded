import { z } from 'zod';
import { PERCENTAGE_MAX, PERCENTAGE_MIN, RULES, YEAR_MIN, type RuleName } from './rules.ts';

/*
 * The rules of rules.ts as zod schemas, in a module of their own: a page that checks a value against
 * a rule's pattern (the registration's availability checks) then does not load zod as it starts.
 */

/** A zod string schema for a named rule, whose failure message is the rule's message key. */
export function ruleSchema(name: RuleName) {
  const rule = RULES[name];
  return z.string({ error: 'validation.required' }).regex(rule.pattern, { error: rule.message });
}

export const percentageSchema = z.coerce
  .number({ error: 'rule.percentage' })
  .min(PERCENTAGE_MIN, { error: 'rule.percentage' })
  .max(PERCENTAGE_MAX, { error: 'rule.percentage' });

/** A year between 1900 and the current year; `now` is injectable so tests do not depend on the date. */
export function yearSchema(now: () => Date = () => new Date()) {
  return z.coerce
    .number({ error: 'rule.year' })
    .int({ error: 'rule.year' })
    .refine((y) => y >= YEAR_MIN && y <= now().getFullYear(), { error: 'rule.year' });
}
