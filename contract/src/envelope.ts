import { z } from 'zod';
import { COMPANY_CODES } from './constants.ts';

/** The body envelope of spec section 7: every answer carries `response` and `failureMessage`. */
export function envelope<T extends z.ZodType>(response: T) {
  return z.object({ response, failureMessage: z.string().nullable() });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Body of every failed call: errorCode mirrors the HTTP status (401 for an anonymous user, 440 idle). */
export const errorBodySchema = z.object({
  response: z.null(),
  failureMessage: z.string(),
  errorCode: z.number().int(),
  /** A machine-readable reason where the client acts on it (e.g. EMAIL_NOT_VERIFIED offers 'Resend E-mail'). */
  errorKey: z.string().optional(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export type Envelope<T> = { response: T; failureMessage: string | null };

/** Largest value of a Postgres INTEGER column; ids above it can name no row. */
export const INT32_MAX = 2_147_483_647;

/**
 * A whole number from a path, a query or a form: decimal digits only, so "0x10", "1e3" and " 1"
 * are refused instead of read as 16, 1000 and 1. A JSON number passes as it is. `error` is the
 * message when the value is missing or not digits.
 */
export const wholeNumber = (error?: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
    z.number({ ...(error ? { error } : {}) }).int(),
  );

/** A numeric identifier in a path or query (a positive 32-bit integer). */
export const idParamSchema = wholeNumber().pipe(z.number().positive().max(INT32_MAX));

/*
 * The company and the partner category a call is about. Here with the other parameters, not with
 * the onboarding's parts: the reference calls name them too, and a page that imported them from
 * there (the registration's country list) evaluated all of the onboarding's schemas at its start,
 * a task of 50 ms on this machine, 200 ms on Lighthouse's phone.
 */
export const companyCodeParam = wholeNumber('validation.required').refine(
  (c) => (COMPANY_CODES as readonly number[]).includes(c),
  { error: `Company code must be one of ${COMPANY_CODES.join(', ')}` },
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
