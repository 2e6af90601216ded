import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';
import { paged, pageQuerySchema } from '../paging.ts';
import { bankDraftSchema, financeDraftSchema } from './profile.ts';

/**
 * The vendor master of /VendorDetails: the group's partners found by name, partner number, PAN,
 * GSTIN, mobile or bank account number, and one partner's master data (companies, profiles and
 * where each request stands, the numbers its profiles registered). Behind allowEditVendorMaster,
 * as the edits of the master data are (the admin actions of section 6, and starting a re-KYC).
 * The spec names the page and the staff side's partner-mgmt calls; paths and bodies are ours.
 */
export const VENDOR_MASTER_PERMISSION = 'allowEditVendorMaster' as const;
/** What a search term was read as: the number it looks like, or part of a name. */
export const VENDOR_MATCHES = ['partnerNumber', 'pan', 'gstin', 'mobile', 'bankAccount', 'name'] as const;
export type VendorMatch = (typeof VENDOR_MATCHES)[number];

export const vendorItemSchema = z.object({
  partnerNumber: z.string(),
  organizationName: z.string(),
  countryName: z.string(),
  email: z.string(),
  mobileNumber: z.string().nullable(),
  accountStatus: z.string().nullable(),
  /** The companies it works with. */
  companyCodes: z.array(z.number().int()),
  registeredAt: z.iso.datetime(),
});
export type VendorItem = z.output<typeof vendorItemSchema>;

export const vendorDetailSchema = vendorItemSchema.extend({
  coordinationPerson: z.string().nullable(),
  website: z.string().nullable(),
  classificationCode: z.number().int().nullable(),
  fleetCardTag: z.boolean(),
  graceDays: z.number().int(),
  companies: z.array(
    z.object({
      companyCode: z.number().int(),
      companyName: z.string(),
      categoryCode: z.string(),
      categoryName: z.string(),
      isDefault: z.boolean(),
    }),
  ),
  profiles: z.array(
    z.object({
      companyCode: z.number().int(),
      categoryCode: z.string(),
      /** The profile's onboarding user status (Edit, View, Approved…). */
      status: z.string(),
      /** Its newest request: where it stands, and its number (the summary page opens it). */
      requestNumber: z.string().nullable(),
      flow: z.string().nullable(),
      state: z.string().nullable(),
      /** A re-KYC may be started (its newest request is approved). */
      rekycAllowed: z.boolean(),
      /** What the partner saved on this profile for its next revision; applied by an admin action. */
      bankDraft: bankDraftSchema.nullable(),
      financeDraft: financeDraftSchema.nullable(),
    }),
  ),
  /** The numbers its profiles registered, by kind (PAN, GST, UDYAM, BANK, MOBILE, EMAIL…). */
  identifiers: z.array(z.object({ kind: z.string(), value: z.string() })),
  /** Drafts the partner saved for its next revision (bank account, financial figures). */
  drafts: z.object({ bank: z.boolean(), finance: z.boolean() }),
});
export type VendorDetail = z.output<typeof vendorDetailSchema>;

export const vendorSearchQuerySchema = pageQuerySchema
  .omit({ after: true })
  .extend({ companyCode: idParamSchema.optional() })
  .strict();

export const vendorEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/partner-mgmt/search',
    summary:
      'Partners found by name, partner number, PAN, GSTIN, mobile or bank account number (the term is read as the number it looks like), paged',
    tags: ['partner-mgmt'],
    access: { permission: VENDOR_MASTER_PERMISSION },
    query: vendorSearchQuerySchema,
    response: envelope(paged(vendorItemSchema).extend({ matchedAs: z.enum(VENDOR_MATCHES).nullable() })),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/partner-mgmt/partner/:partnerNumber',
    summary: "A partner's master data: companies, profiles and their requests, the numbers registered, drafts saved",
    tags: ['partner-mgmt'],
    access: { permission: VENDOR_MASTER_PERMISSION },
    params: z.object({ partnerNumber: z.string().trim().min(1).max(20) }).strict(),
    response: envelope(vendorDetailSchema),
  }),
};
