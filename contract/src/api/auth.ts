import { z } from 'zod';
import { COMPANY_CODES, LOGOUT_TYPE_USER, ONBOARD_USER_STATUSES, USER_ROLES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';

/**
 * Sign-in takes any name up to 100 characters: the registration username rule (section 5) is
 * for new partner accounts, while staff and migrated accounts carry dots (`demo.partner`).
 */
export const signinBodySchema = z
  .object({
    username: z.string().trim().min(1).max(100),
    password: z.string().min(1).max(128),
  })
  .strict();
export type SigninBody = z.infer<typeof signinBodySchema>;

export const companyCodeSchema = z.union(COMPANY_CODES.map((c) => z.literal(c)));

export const signinResponseSchema = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** Plain login audit number; the browser keeps it as AuditNumber and encrypts it for logout. */
  auditNumber: z.string(),
  userName: z.string(),
  displayName: z.string(),
  role: z.enum(USER_ROLES),
  userStatus: z.enum(ONBOARD_USER_STATUSES),
  partnerNumber: z.string().nullable(),
  currentCompanyCode: z.number().int().nullable(),
  currentCompanyName: z.string().nullable(),
  currentCategoryCode: z.string().nullable(),
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;

const timestampSchema = z.union([z.iso.datetime({ offset: true }), z.number().int().nonnegative()]);

/** Logout payload of spec section 3. */
export const logoutBodySchema = z
  .object({
    lastActionTime: timestampSchema,
    loginAuditNumber: z.string().min(1),
    logoutTime: timestampSchema,
    logoutType: z.literal(LOGOUT_TYPE_USER),
  })
  .strict();
export type LogoutBody = z.infer<typeof logoutBodySchema>;

export const authEndpoints = {
  signin: endpoint({
    method: 'POST',
    path: '/api/auth/signin',
    summary: 'Sign in with username and password; answers a bearer token backed by a session',
    tags: ['auth'],
    access: 'public',
    body: signinBodySchema,
    response: envelope(signinResponseSchema),
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/useraudit/logout',
    summary: 'End the current session (spec section 3 logout payload)',
    tags: ['auth'],
    access: 'session',
    body: logoutBodySchema,
    response: envelope(z.string()),
  }),
};
