import { HTTP_SESSION_IDLE, TEXTS, say, type FieldError, type Language, type Text } from '@pp/contract';

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  SESSION_IDLE: HTTP_SESSION_IDLE,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/** A message: a catalogue Text, put in the reader's language when answered, or words already made. */
export type Message = Text | string;

/** A field at fault and what is wrong with it. */
export interface FieldProblem {
  field: string;
  message: Message;
}

export interface AppErrorOptions {
  message: Message;
  /** The one field the message is about: the failureMessage reads "field: message", as validation words it. */
  about?: string;
  /** The fields at fault; the envelope carries them as fieldErrors, for forms to show beside each field. */
  fieldErrors?: FieldProblem[];
  /** errorKey of the body, for a client that acts on this reason (e.g. EMAIL_NOT_VERIFIED). */
  key?: string;
  /** Headers of the answer (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/** The one error services throw, in the server and the gateway; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  /** What the answer says, in the request's language (the Error's own message is English, for logs). */
  readonly text: Message;
  readonly about: string | undefined;
  readonly fieldErrors: FieldProblem[] | undefined;
  readonly key: string | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    readonly code: AppErrorCode,
    options: AppErrorOptions,
  ) {
    super(options.about ? `${options.about}: ${say(options.message)}` : say(options.message));
    this.name = 'AppError';
    this.text = options.message;
    this.about = options.about;
    this.status = STATUS_BY_CODE[code];
    this.fieldErrors = options.fieldErrors;
    this.key = options.key;
    this.headers = options.headers;
  }

  /** The envelope's words in a language: failureMessage and each field's message. */
  wordsIn(language: Language): { failureMessage: string; fieldErrors?: FieldError[] } {
    const message = say(this.text, language);
    return {
      failureMessage: this.about ? `${this.about}: ${message}` : message,
      ...(this.fieldErrors
        ? { fieldErrors: this.fieldErrors.map((f) => ({ field: f.field, message: say(f.message, language) })) }
        : {}),
    };
  }
}

/** A 400 about one field: failureMessage "field: message" (as validation says it) and fieldErrors [{ field, message }]. */
export const Invalid = (field: string, message: Message) =>
  new AppError('BAD_REQUEST', { message, about: field, fieldErrors: [{ field, message }] });
export const Unauthenticated = (message: Message = TEXTS.authRequired) => new AppError('UNAUTHENTICATED', { message });
export const Forbidden = (message: Message, key?: string) => new AppError('FORBIDDEN', { message, ...(key ? { key } : {}) });
export const NotFound = (message: Message = TEXTS.notFound) => new AppError('NOT_FOUND', { message });
export const Conflict = (message: Message) => new AppError('CONFLICT', { message });
export const TooManyRequests = (message: Message, retryAfterSeconds?: number) =>
  new AppError('TOO_MANY_REQUESTS', {
    message,
    ...(retryAfterSeconds ? { headers: { 'Retry-After': String(retryAfterSeconds) } } : {}),
  });
export const Unavailable = (message: Message, retryAfterSeconds: number) =>
  new AppError('UNAVAILABLE', { message, headers: { 'Retry-After': String(retryAfterSeconds) } });
