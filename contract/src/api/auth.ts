import { z } from 'zod';
import { LOGOUT_TYPE_USER, ONBOARD_USER_STATUSES, USER_ROLES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { companyCodeParam, encryptedTextSchema, envelope } from '../envelope.ts';
import { groupSigninBodySchema, signinBodySchema } from './auth-forms.ts';

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
    loginAuditNumber: encryptedTextSchema,
    logoutTime: timestampSchema,
    logoutType: z.literal(LOGOUT_TYPE_USER),
  })
  .strict();
export type LogoutBody = z.infer<typeof logoutBodySchema>;

/** How long a ticket of the group's sign-in stand-in may wait to be exchanged at /getsession. */
export const SSO_TICKET_TTL_MS = 60_000;
/** The job a procurement ticket is issued for: only the procurement stand-in takes it, never /getsession. */
export const PROCUREMENT_JOB = 'PROCUREMENT';

/** The query /getsession receives from the group's sign-in (spec section 2), as summary login takes it. */
export const summaryLoginBodySchema = z
  .object({
    uid: z.string().trim().min(1).max(100),
    auditNo: z.string().trim().min(1).max(200),
    documentNo: z.string().trim().max(100).optional(),
    refId: z.string().trim().max(100).optional(),
    companyCode: companyCodeParam,
    source: z.string().trim().max(40).optional(),
    jobCode: z.string().trim().max(40).optional(),
  })
  .strict();
export type SummaryLoginBody = z.infer<typeof summaryLoginBodySchema>;

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
  groupSignin: endpoint({
    method: 'POST',
    path: '/api/group-sso/signin',
    summary:
      "The group's external sign-in (local stand-in): a staff account answers the /getsession address with a one-time ticket",
    tags: ['auth'],
    access: 'public',
    body: groupSigninBodySchema,
    response: envelope(z.object({ redirectUrl: z.string() })),
  }),
  procurementTicket: endpoint({
    method: 'POST',
    path: '/api/procurement/signin',
    summary:
      "Sign in to the group's procurement system (section 7): a one-time ticket for the signed-in staff member, and the procurement landing page that takes it (a local stand-in)",
    tags: ['auth'],
    access: 'staff',
    response: envelope(z.object({ redirectUrl: z.string() })),
  }),
  procurementExchange: endpoint({
    method: 'POST',
    path: '/api/procurement/exchange',
    summary:
      "The procurement system's side (local stand-in): takes its one-time ticket, once, within its minute, and says who signed in",
    tags: ['auth'],
    access: 'public',
    body: z.object({ ticket: z.string().trim().min(20).max(100) }).strict(),
    response: envelope(
      z.object({
        username: z.string(),
        displayName: z.string(),
        role: z.enum(USER_ROLES),
        companyName: z.string().nullable(),
        signedInAt: z.iso.datetime(),
      }),
    ),
  }),
  summaryLogin: endpoint({
    method: 'POST',
    path: '/api/auth/summary-login',
    summary: 'Summary login (section 7): exchanges the one-time ticket of /getsession for a session and the page to open',
    tags: ['auth'],
    access: 'public',
    body: summaryLoginBodySchema,
    response: envelope(signinResponseSchema.extend({ landingRoute: z.string() })),
  }),
  extendSession: endpoint({
    method: 'POST',
    path: '/api/useraudit/extend-session',
    summary: "Session extension: a user active on the page (typing a long form) keeps the server's idle clock from running out",
    tags: ['auth'],
    access: 'session',
    response: envelope(z.object({ lastActionTime: z.string(), idleExpiresAt: z.string() })),
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
