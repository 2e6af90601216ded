import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, WEB_BASE_PATH, languageOf, type Language } from '@pp/contract';
import { nextTask } from '../next-task.ts';
import { en } from './locales/en.ts';
import { pageTextsEn } from './locales/pages-en.ts';

export { LANGUAGE_STORAGE_KEY, languageOf } from '@pp/contract';
export type UiLanguage = Language;

/**
 * English ships with the page; Hindi is fetched the first time it is chosen, so a page in English
 * carries no Hindi text.
 */
async function loadLanguage(language: UiLanguage) {
  if (language === 'en' || i18next.hasResourceBundle(language, 'common')) return;
  const { hi } = await import('./locales/hi.ts');
  for (const [namespace, texts] of Object.entries(hi)) i18next.addResourceBundle('hi', namespace, texts);
}

type Loader = () => Promise<Record<string, ResourceKey>>;

/**
 * A feature's namespaces load with its pages, in the page's language: the first page carries only
 * the texts every page needs. useTranslation(ns) waits for them (the page's Suspense shows meanwhile).
 */
const FEATURE_TEXTS: { namespaces: readonly string[]; en: Loader; hi: Loader }[] = [
  {
    namespaces: ['contract'],
    en: async () => (await import('./locales/contract-texts.ts')).contractTextsEn,
    hi: async () => (await import('./locales/contract-texts.ts')).contractTextsHi,
  },
  {
    namespaces: ['onboarding', 'onboardingLabels'],
    en: async () => (await import('./locales/onboarding-en.ts')).onboardingTextsEn,
    hi: async () => (await import('./locales/onboarding-hi.ts')).onboardingTextsHi,
  },
  {
    namespaces: ['registration', 'dashboard', 'auth', 'mailbox', 'chrome'],
    // English ships with the page (below): sign-in and registration are where most visits go next.
    en: async () => pageTextsEn,
    hi: async () => (await import('./locales/pages-hi.ts')).pageTextsHi,
  },
  {
    namespaces: ['devtools'],
    en: async () => (await import('./locales/devtools-en.ts')).devtoolsTextsEn,
    hi: async () => (await import('./locales/devtools-hi.ts')).devtoolsTextsHi,
  },
  {
    namespaces: ['chat'],
    en: async () => (await import('./locales/chat-en.ts')).chatTextsEn,
    hi: async () => (await import('./locales/chat-hi.ts')).chatTextsHi,
  },
  {
    namespaces: ['help'],
    en: async () => (await import('./locales/help-en.ts')).helpTextsEn,
    hi: async () => (await import('./locales/help-hi.ts')).helpTextsHi,
  },
  {
    namespaces: ['partner'],
    en: async () => (await import('./locales/partner-en.ts')).partnerTextsEn,
    hi: async () => (await import('./locales/partner-hi.ts')).partnerTextsHi,
  },
  {
    namespaces: ['staff'],
    en: async () => (await import('./locales/staff-en.ts')).staffTextsEn,
    hi: async () => (await import('./locales/staff-hi.ts')).staffTextsHi,
  },
];

const featureTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const feature = FEATURE_TEXTS.find((f) => f.namespaces.includes(namespace));
    // Core namespaces are bundled (English) or added whole (Hindi): there is nothing to fetch.
    if (!feature) return callback(null, {});
    feature[languageOf(language)]().then(
      (texts) => callback(null, texts[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function reflectInDocument(language: string) {
  document.documentElement.lang = languageOf(language);
}

const stored = languageOf(localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? undefined);

/** Resolves once the stored language's texts are in place; main renders after it. */
export const i18nReady = (async () => {
  // In a task of its own, not in the evaluation of the chunk that holds this module: on Lighthouse's
  // phone that evaluation, with i18next's start in it, was one of the page's long tasks.
  await nextTask();
  await i18next
    .use(initReactI18next)
    .use(featureTexts)
    .init({
      // The sign-in, registration and signed-in chrome texts too (1.7 KB compressed): fetched with
      // their page they were a request after the page's code, before it could show (LCP).
      resources: { en: { ...en, ...pageTextsEn } },
      partialBundledLanguages: true,
      ns: [...Object.keys(en), ...Object.keys(pageTextsEn)],
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
  // For the server, which sends a page prerendered in this language: a year, as the stored choice lasts.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=${WEB_BASE_PATH}; max-age=31536000; samesite=lax`;
  await loadLanguage(language);
  await i18next.changeLanguage(language);
}

/** The page's language, as the contract's formatters name it. */
export function useLanguage(): UiLanguage {
  const { i18n } = useTranslation();
  return languageOf(i18n.language);
}

/**
 * Texts whose keys are made at run time (a field label from its part and field names, a missing
 * item's label from the server), which the typed t() cannot check; tests check the keys instead.
 */
export function useTextByKey(namespace: 'onboardingLabels') {
  const { t } = useTranslation(namespace);
  const untyped = t as unknown as (key: string, values?: Record<string, unknown>) => string;
  return (key: string, values?: Record<string, unknown>): string => untyped(key, values);
}

export default i18next;
