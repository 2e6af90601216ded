import { LANGUAGES, interpolate, type Language, type MessageKey } from './index.ts';
import { SERVER_TEXTS_EN, type ServerTextKey } from './server-en.ts';
import { SERVER_TEXTS_HI } from './server-hi.ts';

type PluralForm = 'one' | 'other';
/** A text's name without its plural suffix: `otpInvalid` for `otpInvalid_one` and `otpInvalid_other`. */
export type TextKey = (ServerTextKey extends infer K ? (K extends `${infer Base}_${PluralForm}` ? Base : K) : never) | MessageKey;
/** A parameter may itself be a text (a state's name): it is said in the sentence's language. */
export type TextParams = Readonly<Record<string, string | number | Text>>;

/**
 * A server message by name and parameters, not yet in a language: the error handler and the
 * answers put it in the language the request asks for (Accept-Language), so the words of one
 * failure are written once, in the catalogue.
 */
export interface Text {
  readonly key: TextKey;
  readonly params?: TextParams;
}

export const text = (key: TextKey, params?: TextParams): Text => (params ? { key, params } : { key });

export const isText = (value: unknown): value is Text =>
  typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';

/** The server's texts and the contract's validation texts: one key space. */
const CATALOGUES: Record<Language, Readonly<Record<string, string>>> = {
  en: { ...LANGUAGES.en, ...SERVER_TEXTS_EN },
  hi: { ...LANGUAGES.hi, ...SERVER_TEXTS_HI },
};
const pluralRules = { en: new Intl.PluralRules('en'), hi: new Intl.PluralRules('hi') };

/** The text in a language: its plural form chosen by `count`, as i18next chooses one. */
export function say(message: Text | string, language: Language = 'en'): string {
  if (typeof message === 'string') return message;
  const catalogue = CATALOGUES[language];
  const count = message.params?.count;
  const form = typeof count === 'number' ? (pluralRules[language].select(count) as PluralForm) : undefined;
  const template = (form && (catalogue[`${message.key}_${form}`] ?? catalogue[`${message.key}_other`])) ?? catalogue[message.key];
  if (template === undefined) throw new Error(`No text ${message.key} in ${language}`);
  const params =
    message.params &&
    Object.fromEntries(
      Object.entries(message.params).map(([name, value]) => [name, isText(value) ? say(value, language) : value]),
    );
  return interpolate(template, params);
}

/**
 * A notification from a catalogue text: the English words as its `description` (for API clients
 * that read it as it is) and the text itself as its `params`, so the list answers each reader in
 * the language the request asks for. The server's notices and the seeds' are made the same way.
 */
export const noticeOf = (message: Text): { description: string; params: Text } => ({
  description: say(message),
  params: message,
});
