import { z } from 'zod';
import { ONBOARD_USER_STATUSES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';

export const businessEntrySchema = z.object({ categoryCode: z.string(), categoryName: z.string() });

/** Partner details of spec section 3. */
export const partnerInfoSchema = z.object({
  partnerId: z.number().int(),
  longDesc: z.string().nullable(),
  designation: z.string().nullable(),
  organizationName: z.string(),
  partnerNumber: z.string(),
  coordinationPerson: z.string().nullable(),
  email: z.string(),
  mobileNumber: z.string().nullable(),
  primaryBusiness: z.array(businessEntrySchema),
  secondaryBusiness: z.array(businessEntrySchema),
  currentCategoryCode: z.string().nullable(),
  currentCompanyCode: z.number().int().nullable(),
  /** Onboarding user status (spec section 4): Edit, View or Approved. */
  onboardStatus: z.enum(ONBOARD_USER_STATUSES),
  /** Partner classification; code 2 hides Branch Details in the sidebar (spec section 6). */
  classificationCode: z.number().int().nullable(),
  countryDetail: z.object({ countryCode: z.number().int(), countryName: z.string() }),
});
export type PartnerInfo = z.infer<typeof partnerInfoSchema>;

/** Company mapping entry of spec section 3 (with the category's name for display). */
export const companyMappingEntrySchema = z.object({
  company: z.string(),
  companyCode: z.number().int(),
  isDefault: z.boolean(),
  longDesc: z.string().nullable(),
  categoryCode: z.string(),
  categoryName: z.string(),
  isPrimary: z.boolean(),
});
export type CompanyMappingEntry = z.infer<typeof companyMappingEntrySchema>;

export const partnerEndpoints = {
  info: endpoint({
    method: 'GET',
    path: '/api/partner/info',
    summary: "The signed-in partner's details",
    tags: ['partner'],
    access: 'partner',
    response: envelope(partnerInfoSchema),
  }),
  companyAndCategory: endpoint({
    method: 'GET',
    path: '/api/companyMapping/companyAndCategory',
    summary: 'Group companies and business categories the signed-in partner works under',
    tags: ['partner'],
    access: 'partner',
    response: envelope(z.array(companyMappingEntrySchema)),
  }),
};
