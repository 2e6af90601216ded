import { z } from 'zod';
import { COMPANY_CODES } from './constants.ts';

/** The body envelope of spec section 7: every answer carries `response` and `failureMessage`. */
export function envelope<T extends z.ZodType>(response: T) {
  return z.object({ response, failureMessage: z.string().nullable() });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Body of every failed call: errorCode mirrors the HTTP status (401 for an anonymous user, 440 idle). */
/**
 * The statuses a failure may have, its errorCode the same: section 8's (400, 401, 403, 404, 440,
 * 502) and the others the portal gives — a conflict with the state (409), limits (413, 414, 429,
 * 431), a body it does not take (406, 415), a request that took too long to arrive (408), its own
 * failure (500) and a database out of reach (503).
 */
export const ERROR_CODES = [400, 401, 403, 404, 406, 408, 409, 413, 414, 415, 429, 431, 440, 500, 502, 503] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * errorKey of a 400 whose request does not meet the contract's schemas (a parameter or field past
 * the bounds the OpenAPI document gives, of the wrong form), apart from one a rule of the portal
 * refused (a row that is not there, a company the partner does not work with).
 */
export const INVALID_INPUT_KEY = 'INVALID_INPUT';

export const errorBodySchema = z.object({
  response: z.null(),
  failureMessage: z.string(),
  errorCode: z.literal(ERROR_CODES),
  /** A machine-readable reason where the client acts on it (e.g. EMAIL_NOT_VERIFIED offers 'Resend E-mail'). */
  errorKey: z.string().optional(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export type Envelope<T> = { response: T; failureMessage: string | null };

/** Largest value of a Postgres INTEGER column; ids above it can name no row. */
export const INT32_MAX = 2_147_483_647;

/** The largest whole number a path, a query or a form may carry: fifteen digits. */
export const WHOLE_NUMBER_MAX = 999_999_999_999_999;

/**
 * A whole number from a path, a query or a form: decimal digits only, so "0x10", "1e3" and " 1"
 * are refused instead of read as 16, 1000 and 1. A JSON number passes as it is, in the same range
 * (0 to fifteen digits), so the document gives one range for both. `error` is the message when the
 * value is missing or not digits.
 */
export const wholeNumber = (error?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
    z
      .number({ ...(error ? { error } : {}) })
      .int()
      .min(0)
      .max(WHOLE_NUMBER_MAX),
  );

/** A row's identifier in a JSON body (a positive 32-bit integer, as its column holds). */
export const rowIdSchema = z.number().int().positive().max(INT32_MAX);

/** A numeric identifier in a path or query (a positive 32-bit integer). */
export const idParamSchema = wholeNumber().pipe(z.number().positive().max(INT32_MAX));

/*
 * The company and the partner category a call is about. Here with the other parameters, not with
 * the onboarding's parts: the reference calls name them too, and a page that imported them from
 * there (the registration's country list) evaluated all of the onboarding's schemas at its start,
 * a task of 50 ms on this machine, 200 ms on Lighthouse's phone.
 */
export const companyCodeParam = wholeNumber('validation.required').pipe(
  z.literal(COMPANY_CODES, { error: `Company code must be one of ${COMPANY_CODES.join(', ')}` }),
);
export const categoryCodeParam = z.string().trim().min(1).max(20);

/**
 * An identifier the portal sends encrypted that the server checks against what it knows (the login
 * audit number against the session): base64 AES-CBC cipher text, as encryptId makes it. Its form is
 * checked here, so the document says what the server takes; what it hides is checked by the call.
 */
export const encryptedTextSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'must be encrypted as the portal encrypts identifiers (base64 cipher text)' })
  .meta({ description: 'AES-CBC cipher text (base64), as the portal encrypts identifiers (spec section 7)', format: 'byte' });
