import { interpolate } from './i18n/index.ts';
import { UI_TEXTS_EN } from './i18n/ui-en.ts';

/** The texts the web app shows itself, in English (i18n/ui-en.ts; the web's Hindi is ui-hi.ts). */
export const UI_MESSAGES = {
  ...UI_TEXTS_EN,
  otpSentTo: (destination: string) => interpolate(UI_TEXTS_EN.otpSentTo, { destination }),
} as const;

/** Client error name when a response body says errorCode 401 (spec section 8). */
export const USER_ANONYMOUS = 'USER_ANONYMOUS';
