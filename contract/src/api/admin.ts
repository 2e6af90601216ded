import { z } from 'zod';
import { endpoint, type Endpoint } from '../endpoint.ts';
import { envelope, rowIdSchema, wholeNumber } from '../envelope.ts';
import { addressInputSchema, statutoryFields } from '../onboarding.ts';
import { paged, pageQuerySchema } from '../paging.ts';
import type { Permission } from '../permissions.ts';
import { ruleSchema } from '../rule-schemas.ts';
import { requestNumberSchema } from './workflow.ts';

/**
 * The admin actions of section 6 (the spec names them; their bodies and who may take them are
 * ours, written down in docs/admin-actions.md). Each is one endpoint behind one permission, and
 * each is recorded in the admin audit with who, when, what before, what after and why.
 */
const partnerNumberSchema = z.string().trim().min(1).max(20);
const remarks = z.string().trim().max(500).optional();
const onPartner = z.object({ partnerNumber: partnerNumberSchema, remarks });
const onRequest = z.object({ requestNumber: requestNumberSchema, remarks });

/** Statutory fields an admin may correct one at a time (PAN has its own action; documents are the partner's). */
export const ADMIN_STATUTORY_FIELDS = (Object.keys(statutoryFields) as (keyof typeof statutoryFields)[]).filter(
  (f) => f !== 'pan' && !f.endsWith('FileId'),
);

const ACTIONS = {
  changeCompanyName: {
    path: 'change-company-name',
    permission: 'allowEditVendorMaster',
    summary: "Correct a partner's organisation name (the workbench and search follow)",
    body: onPartner.extend({ organizationName: z.string().trim().min(3).max(200).pipe(ruleSchema('companyName')) }),
  },
  changeCountry: {
    path: 'change-country',
    permission: 'allowEditVendorMaster',
    summary: "Correct a partner's country (not while a request of it is under review)",
    body: onPartner.extend({ countryCode: wholeNumber('validation.required') }),
  },
  changeStatus: {
    path: 'change-status',
    permission: 'technicalAdmin',
    summary: "Disable a partner's account (its sessions end) or enable it again",
    body: onPartner.extend({ status: z.enum(['ACTIVE', 'DISABLED']) }),
  },
  changeStatutory: {
    path: 'change-statutory',
    permission: 'allowEditVendorMaster',
    summary: 'Correct one statutory number of a submitted profile (checked as the form checks it)',
    body: onRequest.extend({
      field: z.enum(ADMIN_STATUTORY_FIELDS as [string, ...string[]]),
      value: z.string().trim().max(60).nullable(),
    }),
  },
  changePan: {
    path: 'change-pan',
    permission: 'allowEditVendorMaster',
    summary: 'Correct the PAN of a submitted profile (structure, holder type and duplicates checked)',
    body: onRequest.extend({ pan: z.string().trim().toUpperCase().pipe(ruleSchema('pan')) }),
  },
  mergeAccounts: {
    path: 'merge-accounts',
    permission: 'allowEditVendorMaster',
    summary: "Merge a partner's second account into its main one (the second is disabled)",
    body: z.object({ fromPartnerNumber: partnerNumberSchema, intoPartnerNumber: partnerNumberSchema, remarks }),
  },
  paymentInFavourOf: {
    path: 'payment-in-favour-of',
    permission: 'allowAdminAddBank',
    summary: 'Correct the name payments are made in favour of, on one bank account of a profile',
    body: onRequest.extend({
      bankAccountId: rowIdSchema,
      accountHolderName: z.string().trim().min(3).max(200).pipe(ruleSchema('companyName')),
    }),
  },
  contact: {
    path: 'contact',
    permission: 'allowEditVendorMaster',
    summary: "Correct a partner's coordination person, e-mail or mobile (its sign-in account follows)",
    body: onPartner
      .extend({
        coordinationPerson: z.string().trim().min(3).max(100).pipe(ruleSchema('personName')).optional(),
        email: z.string().trim().toLowerCase().max(100).pipe(ruleSchema('email')).optional(),
        mobileNumber: z.string().trim().pipe(ruleSchema('universalMobile')).optional(),
      })
      .refine((b) => b.coordinationPerson ?? b.email ?? b.mobileNumber, {
        error: 'give coordinationPerson, email or mobileNumber',
        path: ['coordinationPerson'],
      }),
  },
  resendActivationMail: {
    path: 'resend-activation-mail',
    permission: 'technicalAdmin',
    summary: 'Send a new e-mail verification link to a partner that has not verified its address',
    body: onPartner,
  },
  resetDefaultPassword: {
    path: 'reset-default-password',
    permission: 'technicalAdmin',
    summary: "Reset a partner's password to a new generated one, sent to its e-mail (its sessions end)",
    body: onPartner,
  },
  deleteDuplicatePartner: {
    path: 'delete-duplicate-partner',
    permission: 'allowEditVendorMaster',
    summary: 'Delete a partner registered twice: it must share a number with the kept one and have no request',
    body: onPartner.extend({ duplicateOfPartnerNumber: partnerNumberSchema }),
  },
  syncProfile: {
    path: 'sync-profile',
    permission: 'allowEditVendorMaster',
    summary: "Rebuild what is derived from a partner's profiles: its numbers for the duplicate checks, its requests' titles",
    body: onPartner,
  },
  activateGst: {
    path: 'activate-gst',
    permission: 'allowEditVendorMaster',
    summary: 'Mark one GSTIN of a profile as verified active by the group',
    body: onRequest.extend({ gstin: z.string().trim().toUpperCase().pipe(ruleSchema('gst')) }),
  },
  extendDocument: {
    path: 'extend-document',
    permission: 'allowEditVendorMaster',
    summary: 'Extend the validity of a certificate answered in a profile (a later date only)',
    body: onRequest.extend({ questionId: rowIdSchema, expiryDate: z.iso.date() }),
  },
  updateGracePeriod: {
    path: 'update-grace-period',
    permission: 'allowEditVendorMaster',
    summary: 'Days of grace a partner gets after a document expires (0 to 180)',
    body: onPartner.extend({ graceDays: z.number().int().min(0).max(180) }),
  },
  sendBackOnboardingDocument: {
    path: 'send-back-onboarding-document',
    permission: 'allowEditVendorMaster',
    summary: 'Send a request back to the partner for one document, from any desk, with remarks',
    body: z.object({
      requestNumber: requestNumberSchema,
      document: z.string().trim().min(1).max(200),
      remarks: z.string().trim().min(1).max(500),
    }),
  },
  fleetCardTag: {
    path: 'fleet-card-tag',
    permission: 'allowEditVendorMaster',
    summary: 'Tag a partner for a fleet (fuel) card, or remove the tag',
    body: onPartner.extend({ tagged: z.boolean() }),
  },
  registeredAddress: {
    path: 'registered-address',
    permission: 'allowEditVendorMaster',
    summary: 'Correct the registered address of a profile',
    body: onRequest.extend({ address: addressInputSchema }),
  },
  applyBankDraft: {
    path: 'apply-bank-draft',
    permission: 'allowAdminAddBank',
    summary:
      'Apply the bank account a partner saved as a draft to its approved profile (the same account is updated, another added)',
    body: onRequest,
  },
  applyFinanceDraft: {
    path: 'apply-finance-draft',
    permission: 'allowAdminAddBank',
    summary:
      'Apply the financial figures a partner saved as a draft to its approved profile (each year given replaces that year)',
    body: onRequest,
  },
} as const satisfies Record<string, ActionSpec>;

export type AdminActionName = keyof typeof ACTIONS;
export type AdminActionBody<A extends AdminActionName> = z.output<(typeof ACTIONS)[A]['body']>;
/** The body an action takes (its form on the vendor page). */
export const adminActionBodySchema = <A extends AdminActionName>(action: A): (typeof ACTIONS)[A]['body'] => ACTIONS[action].body;
export const ADMIN_ACTION_NAMES = Object.keys(ACTIONS) as AdminActionName[];
/** Who may take each action (docs/admin-actions.md shows the same table). */
export const ADMIN_ACTION_PERMISSIONS = Object.fromEntries(ADMIN_ACTION_NAMES.map((a) => [a, ACTIONS[a].permission])) as Record<
  AdminActionName,
  Permission
>;

export const adminActionResultSchema = z.object({ message: z.string(), auditId: z.number().int() });

export const adminAuditSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  actorName: z.string(),
  partnerNumber: z.string().nullable(),
  requestNumber: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  remarks: z.string().nullable(),
  createdAt: z.string(),
});

const resultEnvelope = envelope(adminActionResultSchema);
interface ActionSpec {
  path: string;
  permission: Permission;
  summary: string;
  body: z.ZodType;
}

/** One POST endpoint per action, typed by its own body. */
function actionEndpoints<T extends Record<string, ActionSpec>>(
  actions: T,
): { [K in keyof T]: Endpoint<T[K]['body'], undefined, undefined, typeof resultEnvelope> } {
  const entries = Object.entries(actions).map(([name, a]) => [
    name,
    endpoint({
      method: 'POST',
      path: `/api/adminAction/${a.path}`,
      summary: a.summary,
      tags: ['admin'],
      access: { permission: a.permission },
      body: a.body,
      response: resultEnvelope,
    }),
  ]);
  return Object.fromEntries(entries) as { [K in keyof T]: Endpoint<T[K]['body'], undefined, undefined, typeof resultEnvelope> };
}

export const adminEndpoints = {
  ...actionEndpoints(ACTIONS),
  audit: endpoint({
    method: 'GET',
    path: '/api/adminAction/audit',
    summary: 'The admin actions taken on a partner (or on all), newest first',
    tags: ['admin'],
    access: { permission: 'allowEditVendorMaster' },
    query: pageQuerySchema.extend({ partnerNumber: partnerNumberSchema.optional() }).strict(),
    response: envelope(paged(adminAuditSchema)),
  }),
};
