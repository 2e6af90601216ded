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
  return Object.hasOwn(onboardingLabelsEn, keyOrText)
    ? interpolate(onboardingLabelsEn[keyOrText as OnboardingLabelKey], values)
    : translate(keyOrText, 'en', values);
}
