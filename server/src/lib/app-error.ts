import { HTTP_SESSION_IDLE, MESSAGES } from '@pp/contract';

const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SESSION_IDLE: HTTP_SESSION_IDLE,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof STATUS_BY_CODE;

/** The one error services throw; the error handler turns it into the envelope of spec section 7. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly field?: string,
    /** errorKey of the body, for a client that acts on this reason. */
    readonly key?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}

export const Invalid = (field: string, message: string) => new AppError('BAD_REQUEST', `${field}: ${message}`, field);
export const Unauthenticated = (message: string = MESSAGES.authRequired) => new AppError('UNAUTHENTICATED', message);
export const Forbidden = (message: string) => new AppError('FORBIDDEN', message);
export const NotFound = (message: string = MESSAGES.notFound) => new AppError('NOT_FOUND', message);
export const Conflict = (message: string) => new AppError('CONFLICT', message);
