import { useTranslation } from 'react-i18next';
import { setLanguage, useLanguage, type UiLanguage } from '../i18n/index.ts';

/** Each language named in itself, so a reader finds theirs whatever the page's language is. */
const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', hi: 'हिन्दी' };

/** The page's language, English or Hindi, in every bar: public, dashboard (staff too) and the partner header. */
export function LanguagePicker() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <select
      className="form-select form-select-sm w-auto"
      aria-label={t('language')}
      value={language}
      onChange={(e) => void setLanguage(e.target.value === 'hi' ? 'hi' : 'en')}
    >
      {(Object.keys(LANGUAGE_NAMES) as UiLanguage[]).map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_NAMES[code]}
        </option>
      ))}
    </select>
  );
}
