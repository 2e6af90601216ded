import { interpolate } from './i18n/index.ts';
import { text } from './i18n/texts.ts';
import { UI_TEXTS_EN } from './i18n/ui-en.ts';

/** The texts the web app shows itself, in English (i18n/ui-en.ts; the web's Hindi is ui-hi.ts). */
export const UI_MESSAGES = {
  ...UI_TEXTS_EN,
  otpSentTo: (destination: string) => interpolate(UI_TEXTS_EN.otpSentTo, { destination }),
} as const;

/**
 * What the voice WebSocket tells the user, by catalogue key (server-en.ts / server-hi.ts): the
 * socket says it in the page's language and gives the key and parameters beside it.
 */
export const VOICE_MESSAGES = {
  sessionOver: (seconds: number) => text('voiceSessionOver', { seconds }),
  startFirst: text('voiceStartFirst'),
  oddBytes: text('voiceOddBytes'),
  tooLong: (seconds: number) => text('voiceTooLong', { seconds }),
  controlTooBig: text('voiceControlTooBig'),
  malformed: (detail: string) => text('voiceMalformed', { detail }),
  noEngine: text('voiceNoEngine'),
  languageUnsupported: (lang: string) => text('voiceLanguageUnsupported', { lang }),
  nothingToStop: text('voiceNothingToStop'),
  notRecognised: text('voiceNotRecognised'),
  originRefused: text('voiceOriginRefused'),
  busy: text('voiceBusy'),
  tooManySockets: text('voiceTooManySockets'),
  idle: (seconds: number) => text('voiceIdle', { seconds }),
} as const;

/** Client error name when a response body says errorCode 401 (spec section 8). */
export const USER_ANONYMOUS = 'USER_ANONYMOUS';
