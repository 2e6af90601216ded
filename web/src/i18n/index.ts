import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { en } from './locales/en.ts';

export const LANGUAGE_STORAGE_KEY = 'language';
export type UiLanguage = 'en' | 'hi';

export const languageOf = (code: string | undefined): UiLanguage => (code === 'hi' ? 'hi' : 'en');

/**
 * English ships with the page; Hindi is fetched the first time it is chosen, so a page in English
 * carries no Hindi text.
 */
async function loadLanguage(language: UiLanguage) {
  if (language === 'en' || i18next.hasResourceBundle(language, 'common')) return;
  const { hi } = await import('./locales/hi.ts');
  for (const [namespace, texts] of Object.entries(hi)) i18next.addResourceBundle('hi', namespace, texts);
}

function reflectInDocument(language: string) {
  document.documentElement.lang = languageOf(language);
}

const stored = languageOf(localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined);

/** Resolves once the stored language's texts are in place; main renders after it. */
export const i18nReady = (async () => {
  await i18next.use(initReactI18next).init({
    resources: { en },
    ns: Object.keys(en),
    defaultNS: 'common',
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    // Keys are flat and read like sentences of dotted parts ('login.title'); contract keys too.
    keySeparator: false,
    returnNull: false,
  });
  i18next.on('languageChanged', reflectInDocument);
  reflectInDocument('en');
  if (stored !== 'en') await setLanguage(stored);
})();

export async function setLanguage(language: UiLanguage) {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await loadLanguage(language);
  await i18next.changeLanguage(language);
}

/** The page's language, as the contract's formatters name it. */
export function useLanguage(): UiLanguage {
  const { i18n } = useTranslation();
  return languageOf(i18n.language);
}

export default i18next;
