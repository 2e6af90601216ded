import { interpolate, translate } from './index.ts';
import { onboardingLabelsEn } from './labels-en.ts';
import { onboardingLabelsHi } from './labels-hi.ts';

export { onboardingLabelsEn, onboardingLabelsHi };
export type OnboardingLabelKey = keyof typeof onboardingLabelsEn;

/**
 * An onboarding label or message in English, for the server's answers. Kept apart from the
 * validation messages so that pages without the profile do not carry its ~200 labels; the web
 * loads them with the onboarding pages (namespace `onboardingLabels`).
 */
export function onboardingText(keyOrText: string, values?: Record<string, unknown>): string {
  const key = pluralOf(keyOrText, values?.count);
  return Object.hasOwn(onboardingLabelsEn, key)
    ? interpolate(onboardingLabelsEn[key as OnboardingLabelKey], values)
    : translate(keyOrText, 'en', values);
}

const ENGLISH_PLURALS = new Intl.PluralRules('en');

/** The key of a count's plural form (i18next's `_one` / `_other`, English rules), when the label has them. */
function pluralOf(key: string, count: unknown): string {
  if (typeof count !== 'number') return key;
  const plural = `${key}_${ENGLISH_PLURALS.select(count)}`;
  return Object.hasOwn(onboardingLabelsEn, plural) ? plural : key;
}
