import { z } from 'zod';
import { ONBOARD_USER_STATUSES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { encryptedIdSchema } from '../crypto.ts';
import { envelope, idParamSchema } from '../envelope.ts';

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

/** The module whose file types a profile picture may have (spec section 5: the list comes from the server). */
export const PROFILE_PICTURE_MODULE = 'PTM';

export const profilePictureSchema = z.object({ uniqueId: z.string(), siteUrl: z.string() }).nullable();

/** One of the group's companies a partner works with, with its default flag and where its profiles stand. */
export const partnerCompanySchema = z.object({
  companyCode: z.number().int(),
  company: z.string(),
  longDesc: z.string().nullable(),
  isDefault: z.boolean(),
  /** The company the session works under now. */
  isCurrent: z.boolean(),
  businesses: z.array(
    businessEntrySchema.extend({
      isPrimary: z.boolean(),
      /** Its profile's onboarding user status (Edit before a profile exists). */
      onboardStatus: z.enum(ONBOARD_USER_STATUSES),
    }),
  ),
});
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

export const partnerEndpoints = {
  profilePicture: endpoint({
    method: 'GET',
    path: '/api/profilePicture',
    summary: "The signed-in partner's profile picture (download it from siteUrl), or null",
    tags: ['partner'],
    access: 'partner',
    response: envelope(profilePictureSchema),
  }),
  setProfilePicture: endpoint({
    method: 'POST',
    path: '/api/profilePicture/set',
    summary:
      "Make an image the partner uploaded with module PTM (POST /api/fileUpload?moduleCode=PTM) its profile picture; answers 'Profile picture uploaded successfully'",
    tags: ['partner'],
    access: 'partner',
    body: z.object({ uniqueId: z.uuid({ error: 'validation.fileId' }) }).strict(),
    response: envelope(z.string()),
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/partner/info',
    summary: "The signed-in partner's details",
    tags: ['partner'],
    access: 'partner',
    response: envelope(partnerInfoSchema),
  }),
  infoById: endpoint({
    method: 'GET',
    path: '/api/partner/info/partnerId',
    summary: "A partner's details by its encrypted id (pId): staff read any partner's, a partner only its own",
    tags: ['partner'],
    access: 'session',
    query: z.object({ pId: encryptedIdSchema }).strict(),
    response: envelope(partnerInfoSchema),
  }),
  partnerCompanies: endpoint({
    method: 'GET',
    path: '/api/companyMapping/partnerCompanies',
    summary: "The group companies the signed-in partner works with, each with its businesses and their profiles' status",
    tags: ['partner'],
    access: 'partner',
    response: envelope(z.array(partnerCompanySchema)),
  }),
  companyNavigation: endpoint({
    method: 'GET',
    path: '/api/companyMapping/companyNavigation/companyCode/:companyCode',
    summary:
      'Where switching to one of its companies takes the partner: the company, its businesses, and the business to work under (the primary one first)',
    tags: ['partner'],
    access: 'partner',
    params: z.object({ companyCode: idParamSchema }).strict(),
    response: envelope(partnerCompanySchema.extend({ categoryCode: z.string() })),
  }),
  defaultCompanyDetails: endpoint({
    method: 'POST',
    path: '/api/companyMapping/defaultCompanyDetails',
    summary:
      "Make one of its companies the partner's default (listed first, and where a sign-in falls back to); answers its companies",
    tags: ['partner'],
    access: 'partner',
    body: z.object({ companyCode: idParamSchema }).strict(),
    response: envelope(z.array(partnerCompanySchema)),
  }),
  partnerType: endpoint({
    method: 'GET',
    path: '/api/partner/partner-type/company-code/:companyCode',
    summary:
      'What the signed-in partner is to one of its companies: its primary business there (supplier, service provider, contractor…), domestic or international',
    tags: ['partner'],
    access: 'partner',
    params: z.object({ companyCode: idParamSchema }).strict(),
    response: envelope(
      z.object({
        companyCode: z.number().int(),
        categoryCode: z.string(),
        categoryName: z.string(),
        international: z.boolean(),
      }),
    ),
  }),
  mappedCategories: endpoint({
    method: 'POST',
    path: '/api/business-category/categories/category-code/mapped',
    summary:
      "Choose the category (and sub-category) the signed-in partner offers under one of its businesses in its current company; answers the business's categories, the chosen one mapped",
    tags: ['partner'],
    access: 'partner',
    query: z.object({ categoryCode: z.string().trim().min(1).max(20) }).strict(),
    body: z
      .object({
        productCategoryCode: z.string().trim().min(1).max(20),
        subCategoryCode: z.string().trim().min(1).max(20).optional(),
      })
      .strict(),
    response: envelope(
      z.array(
        businessEntrySchema.extend({
          mapped: z.boolean(),
          subCategories: z.array(businessEntrySchema.extend({ mapped: z.boolean() })),
        }),
      ),
    ),
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
