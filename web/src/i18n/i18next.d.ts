import 'i18next';
import type { en } from './locales/en.ts';

// Keys are checked at compile time: a t() call naming a missing key does not build.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
    keySeparator: false;
    returnNull: false;
  }
}
