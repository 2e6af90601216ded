import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en, hi } from '@pp/contract';

/** Generic validation messages in English and Hindi (spec section 1), from contract/. */
export const LANGUAGE_STORAGE_KEY = 'language';

void i18next.use(initReactI18next).init({
  resources: { en: { translation: en }, hi: { translation: hi } },
  lng: localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  keySeparator: false,
});

export function setLanguage(language: 'en' | 'hi') {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  void i18next.changeLanguage(language);
}

export default i18next;
