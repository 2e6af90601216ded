import { HTTP_SESSION_IDLE, MESSAGES, type FieldError } from '@pp/contract';

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

export interface AppErrorOptions {
  message: string;
  /** The fields at fault; the envelope carries them as fieldErrors, for forms to show beside each field. */
  fieldErrors?: FieldError[];
  /** errorKey of the body, for a client that acts on this reason (e.g. EMAIL_NOT_VERIFIED). */
  key?: string;
  /** Headers of the answer (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/** The one error services throw, in the server and the gateway; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[] | undefined;
  readonly key: string | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(
    readonly code: AppErrorCode,
    options: AppErrorOptions,
  ) {
    super(options.message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
    this.fieldErrors = options.fieldErrors;
    this.key = options.key;
    this.headers = options.headers;
  }
}

/** A 400 about one field: failureMessage "field: message" (as validation says it) and fieldErrors [{ field, message }]. */
export const Invalid = (field: string, message: string) =>
  new AppError('BAD_REQUEST', { message: `${field}: ${message}`, fieldErrors: [{ field, message }] });
export const Unauthenticated = (message: string = MESSAGES.authRequired) => new AppError('UNAUTHENTICATED', { message });
export const Forbidden = (message: string, key?: string) => new AppError('FORBIDDEN', { message, ...(key ? { key } : {}) });
export const NotFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', { message });
export const Conflict = (message: string) => new AppError('CONFLICT', { message });
export const TooManyRequests = (message: string, retryAfterSeconds?: number) =>
  new AppError('TOO_MANY_REQUESTS', {
    message,
    ...(retryAfterSeconds ? { headers: { 'Retry-After': String(retryAfterSeconds) } } : {}),
  });
export const Unavailable = (message: string, retryAfterSeconds: number) =>
  new AppError('UNAVAILABLE', { message, headers: { 'Retry-After': String(retryAfterSeconds) } });
