import 'i18next';
import type { contractTextsEn } from './locales/contract-texts.ts';
import type { onboardingTextsEn } from './locales/onboarding-en.ts';
import type { pageTextsEn } from './locales/pages-en.ts';
import type { chatTextsEn } from './locales/chat-en.ts';
import type { devtoolsTextsEn } from './locales/devtools-en.ts';
import type { helpTextsEn } from './locales/help-en.ts';
import type { partnerTextsEn } from './locales/partner-en.ts';
import type { staffTextsEn } from './locales/staff-en.ts';
import type { en } from './locales/en.ts';

// Keys are checked at compile time: a t() call naming a missing key does not build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // The core namespaces and those that load with their feature (FEATURE_TEXTS in index.ts).
    resources: typeof en &
      typeof contractTextsEn &
      typeof onboardingTextsEn &
      typeof staffTextsEn &
      typeof pageTextsEn &
      typeof partnerTextsEn &
      typeof helpTextsEn &
      typeof chatTextsEn &
      typeof devtoolsTextsEn;
    keySeparator: false;
    returnNull: false;
  }
}
