import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import {
  FINANCIAL_PARTS,
  ONBOARDING_LISTS,
  ONBOARDING_PARTS,
  bankAccountInputSchema,
  financialYearSchema,
} from '../onboarding.ts';
import { tdsDeclarationSchema } from './onboarding.ts';
import { ruleSchema } from '../rule-schemas.ts';

/**
 * The partner profile's quick links (section 7, "tax, finance, address, bank and contacts in the
 * partner area": gstin, allGst, approved-gstin, addressQl, taxContact, quicklink, finance and bank
 * drafts, TDS declaration and GST notification, code of conduct status and review; the spec gives
 * no paths, so these are ours under /api/partner-profile). They read the session's current profile;
 * drafts of bank and finance changes wait there for the next revision of the profile.
 */
export const CODE_OF_CONDUCT_VERSION = '2026-04';

const gstinItemSchema = ONBOARDING_LISTS.gstins.output.and(z.object({ stateName: z.string().nullable(), active: z.boolean() }));

export const gstNotificationInputSchema = z
  .object({
    financialYear: financialYearSchema,
    /** Whether e-invoicing applies to the partner's invoices this year (aggregate turnover above the threshold). */
    eInvoicing: z.boolean(),
    /** Whether the partner is registered under the composition scheme (it then charges no GST). */
    compositionScheme: z.boolean(),
  })
  .strict();
export type GstNotificationInput = z.output<typeof gstNotificationInputSchema>;
export const gstNotificationSchema = gstNotificationInputSchema.extend({ submittedAt: z.string() });
export type GstNotification = z.infer<typeof gstNotificationSchema>;

export const codeOfConductReviewSchema = z
  .object({
    version: z.literal(CODE_OF_CONDUCT_VERSION, { error: 'must be the code of conduct now in force' }),
    accepted: z.literal(true),
  })
  .strict();
export const codeOfConductStatusSchema = z.object({
  version: z.string(),
  /** When the partner accepted the version now in force; null when it has not. */
  acceptedAt: z.string().nullable(),
  /** The last version it accepted, if an older one. */
  acceptedVersion: z.string().nullable(),
});
export type CodeOfConductStatus = z.infer<typeof codeOfConductStatusSchema>;

export const bankDraftSchema = ONBOARDING_LISTS.bankAccounts.output.omit({ id: true }).extend({ savedAt: z.string() });
export const financeDraftInputSchema = z.object({ years: z.array(FINANCIAL_PARTS.performance.input).min(1).max(5) }).strict();
export const financeDraftSchema = z.object({ years: z.array(FINANCIAL_PARTS.performance.output), savedAt: z.string() });

/** The unit a partner gives its amounts in: one of its currency's units (GET /api/currency-units/{code}). */
export const currencyUnitChoiceSchema = z.object({
  currencyCode: z.string(),
  unitCode: z.string(),
  unitName: z.string(),
  multiplier: z.number(),
});
export type CurrencyUnitChoice = z.infer<typeof currencyUnitChoiceSchema>;
export const currencyUnitInputSchema = z
  .object({
    currencyCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'validation.currencyCode' }),
    unitCode: z.string().trim().min(1).max(20),
  })
  .strict();

/** The GST TDS registration of the profile (statutory details), with the state its GSTIN is in. */
export const gstTdsSchema = z.object({ gstTdsNumber: z.string().nullable(), stateName: z.string().nullable() });
export type GstTds = z.infer<typeof gstTdsSchema>;
const namedAddressSchema = ONBOARDING_PARTS.address.output.and(
  z.object({ cityName: z.string().nullable(), stateName: z.string().nullable(), countryName: z.string().nullable() }),
);

export const quickLinksSchema = z.object({
  profile: z.object({
    organizationName: z.string(),
    partnerNumber: z.string(),
    companyCode: z.number().int(),
    categoryCode: z.string(),
    categoryName: z.string(),
    status: z.string(),
    requestNumber: z.string().nullable(),
    submittedAt: z.string().nullable(),
  }),
  /** The registered address with its city, state and country named. */
  address: namedAddressSchema.nullable(),
  gstins: z.array(gstinItemSchema),
  taxContacts: z.array(ONBOARDING_LISTS.contacts.output),
  tdsDeclaration: tdsDeclarationSchema.nullable(),
  gstNotification: gstNotificationSchema.nullable(),
  codeOfConduct: codeOfConductStatusSchema,
  bankDraft: bankDraftSchema.nullable(),
  financeDraft: financeDraftSchema.nullable(),
  /** The financial year the declarations are asked for now. */
  financialYear: z.string(),
  /** The unit the partner gives its amounts in (POST /api/partner/currency-units/save), or none chosen. */
  currencyUnit: currencyUnitChoiceSchema.nullable(),
});
export type QuickLinks = z.infer<typeof quickLinksSchema>;

const partner = { tags: ['profile'], access: 'partner' } as const;
const ok = envelope(z.string());

const link = <R extends z.ZodType>(path: string, summary: string, response: R) =>
  endpoint({ ...partner, method: 'GET', path, summary, response: envelope(response) });

export const profileEndpoints = {
  allGst: link(
    '/api/partner-profile/allGst',
    "Every GSTIN of the current profile, active or not, with its state (a quick link's own call)",
    z.array(gstinItemSchema),
  ),
  approvedGstins: link(
    '/api/partner-profile/approved-gstin',
    'The GSTINs of the current profile the group has activated, which invoices may name',
    z.array(gstinItemSchema),
  ),
  gstin: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/partner-profile/gstin/:gstin',
    summary: "One GSTIN of the current profile, with its state and whether the group has activated it; 404 if not the profile's",
    params: z.object({ gstin: z.string().trim().toUpperCase().pipe(ruleSchema('gst')) }).strict(),
    response: envelope(gstinItemSchema),
  }),
  gstTds: link('/api/partner-profile/gsttds', 'The GST TDS registration of the current profile, with its state', gstTdsSchema),
  statutory: link(
    '/api/partner-profile/statutoryQl',
    'The statutory details of the current profile (PAN, registrations), or null before any are saved',
    ONBOARDING_PARTS.statutory.output.nullable(),
  ),
  address: link(
    '/api/partner-profile/addressQl',
    'The registered address of the current profile with its city, state and country named, or null',
    namedAddressSchema.nullable(),
  ),
  taxContacts: link(
    '/api/partner-profile/taxContact',
    'The tax contacts of the current profile (its accounts department)',
    z.array(ONBOARDING_LISTS.contacts.output),
  ),
  quickLinks: endpoint({
    ...partner,
    method: 'GET',
    path: '/api/partner-profile/quicklink',
    summary:
      "The current profile's quick links: registered address, every GSTIN (active or not), tax contacts, TDS declaration, GST notification, code of conduct, and the bank and finance drafts",
    response: envelope(quickLinksSchema),
  }),
  reviewCodeOfConduct: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partner-profile/code-of-conduct/review',
    summary: 'Accept the supplier code of conduct now in force',
    body: codeOfConductReviewSchema,
    response: envelope(codeOfConductStatusSchema),
  }),
  gstNotification: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partner-profile/gst-notification',
    summary:
      "Submit this financial year's GST notification (e-invoicing, composition scheme); once per year, replaced by a later one",
    body: gstNotificationInputSchema,
    response: envelope(gstNotificationSchema),
  }),
  saveCurrencyUnit: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partner/currency-units/save',
    summary: "Choose the unit the partner gives its amounts in (one of its currency's units); kept on its current profile",
    body: currencyUnitInputSchema,
    response: envelope(currencyUnitChoiceSchema),
  }),
  saveBankDraft: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partner-profile/bank-draft',
    summary:
      'Save a draft of a change of bank account (checked as the onboarding form checks it), for the next revision of the profile',
    body: bankAccountInputSchema,
    response: envelope(bankDraftSchema),
  }),
  deleteBankDraft: endpoint({
    ...partner,
    method: 'DELETE',
    path: '/api/partner-profile/bank-draft',
    summary: 'Delete the bank draft',
    response: ok,
  }),
  saveFinanceDraft: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partner-profile/finance-draft',
    summary: 'Save a draft of newer financial figures (turnover and profit by year), for the next revision of the profile',
    body: financeDraftInputSchema,
    response: envelope(financeDraftSchema),
  }),
  deleteFinanceDraft: endpoint({
    ...partner,
    method: 'DELETE',
    path: '/api/partner-profile/finance-draft',
    summary: 'Delete the finance draft',
    response: ok,
  }),
};
