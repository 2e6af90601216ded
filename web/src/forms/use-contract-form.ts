import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { describeIssue } from '@pp/contract';
import { languageOf } from '../i18n/index.ts';

/**
 * A form's contract schema, or the import that brings it. A page whose start must stay light (one
 * of the visitor's pages Lighthouse scores on a phone) imports its schema when the form is first
 * checked: building a registration's zod schemas was one of its long tasks after the first paint.
 */
export type SchemaSource<S> = S | (() => Promise<S>);

/**
 * A react-hook-form resolver over a contract schema. Messages come from the contract's
 * describeIssue, so a field says what the server would say for it, in the page's language.
 * `prepare` fills in what the form does not hold while it is typed (e.g. the terms, accepted
 * last) so that refinements over the whole body still run for the fields a step validates.
 */
export function contractResolver<S extends z.ZodType<unknown, FieldValues>>(
  source: SchemaSource<S>,
  language: () => 'en' | 'hi',
  prepare: (values: z.input<S>) => unknown = (values) => values,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    // An import is made once: later checks find its module loaded.
    const schema = typeof source === 'function' ? await source() : source;
    const result = await schema.safeParseAsync(prepare(values), { reportInput: true });
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const { field, message } = describeIssue(issue, language());
      errors[field] ??= { type: issue.code, message };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

export interface ContractFormOptions<S extends z.ZodType<unknown, FieldValues>> {
  defaultValues: DefaultValues<z.input<S>>;
  prepare?: (values: z.input<S>) => unknown;
}

/**
 * The one way a page makes a form: validated by its contract schema, first when a field is left
 * and then as it is typed, with its messages following the language picker.
 */
export function useContractForm<S extends z.ZodType<unknown, FieldValues>>(
  schema: SchemaSource<S>,
  { defaultValues, prepare }: ContractFormOptions<S>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const { i18n } = useTranslation();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: contractResolver(schema, () => languageOf(i18n.language), prepare),
    defaultValues,
    mode: 'onTouched',
  });
  // Read while rendering, which is what subscribes the form to its errors (react-hook-form's proxy).
  const {
    trigger,
    formState: { errors },
  } = form;
  const language = languageOf(i18n.language);
  const shownIn = useRef(language);
  // Messages already shown are texts of the old language: validate those fields again once the
  // page has re-rendered in the new one (a field registering anew would discard an earlier result).
  // What the server said stays as it said it.
  useEffect(() => {
    if (shownIn.current === language) return;
    shownIn.current = language;
    const shown = Object.entries(errors as Record<string, { type?: string } | undefined>)
      .filter(([, error]) => error?.type !== 'server')
      .map(([name]) => name as Path<z.input<S>>);
    if (shown.length > 0) void trigger(shown);
  }, [language, errors, trigger]);
  return form;
}
