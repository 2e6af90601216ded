import { en, type MessageKey } from './en.ts';
import { hi } from './hi.ts';

export { en, hi, type MessageKey };
export const LANGUAGES = { en, hi } as const;
export type Language = keyof typeof LANGUAGES;

/** The language a stored choice or a cookie names: Hindi when it says so, English otherwise. */
export const languageOf = (code: string | null | undefined): Language => (code === 'hi' ? 'hi' : 'en');

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** Fills `{{name}}` placeholders the way i18next does, for code that runs without i18next. */
export function interpolate(template: string, values: Record<string, unknown> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}

/** Translates a message key (or passes through text that is not a key). */
export function translate(keyOrText: string, language: Language = 'en', values?: Record<string, unknown>): string {
  const text = isMessageKey(keyOrText) ? LANGUAGES[language][keyOrText] : keyOrText;
  return interpolate(text, values);
}
