import { interpolate } from './i18n/index.ts';
import { UI_TEXTS_EN } from './i18n/ui-en.ts';

/** The texts the web app shows itself, in English (i18n/ui-en.ts; the web's Hindi is ui-hi.ts). */
export const UI_MESSAGES = {
  ...UI_TEXTS_EN,
  otpSentTo: (destination: string) => interpolate(UI_TEXTS_EN.otpSentTo, { destination }),
} as const;

/** What the voice WebSocket and the chat's microphone tell the user. */
export const VOICE_MESSAGES = {
  sessionOver: (seconds: number) => `Voice sessions end after ${seconds} seconds.`,
  startFirst: 'Send {"type":"start","lang":…,"sampleRate":…} before audio.',
  oddBytes: 'Audio frames must hold whole 16-bit samples (an even number of bytes).',
  tooLong: (seconds: number) => `Please keep it under ${seconds} seconds; start again.`,
  controlTooBig: 'Control messages are limited to 1 KB.',
  malformed: (detail: string) => `Malformed control message: ${detail}`,
  noEngine: 'Voice input is not available: no speech engine is installed on the server. Please type your question.',
  languageUnsupported: (lang: string) =>
    `Voice input is not available in ${lang} yet: the speech engine knows English only. Please type your question.`,
  nothingToStop: 'Nothing to stop: no voice session was started.',
  notRecognised: 'Sorry, the speech could not be recognised. Please type your question.',
  notReachable: 'Voice input is not reachable right now. Please type your question.',
  originRefused: "Voice input opens only from the portal's own pages.",
  busy: 'Voice input is busy right now. Please try again in a moment, or type your question.',
  tooManySockets: 'Too many voice sessions are open from your network. Please close one and try again.',
  idle: (seconds: number) => `The voice session was closed after ${seconds} seconds without audio.`,
  microphoneBlocked: 'The microphone could not be opened. Please allow it in the browser, or type your question.',
} as const;

/** Client error name when a response body says errorCode 401 (spec section 8). */
export const USER_ANONYMOUS = 'USER_ANONYMOUS';
