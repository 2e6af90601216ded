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

/** The module whose file types a profile picture may have (spec section 5: the list comes from the server). */
export const PROFILE_PICTURE_MODULE = 'PTM';

export const profilePictureSchema = z.object({ uniqueId: z.string(), siteUrl: z.string() }).nullable();

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
  companyAndCategory: endpoint({
    method: 'GET',
    path: '/api/companyMapping/companyAndCategory',
    summary: 'Group companies and business categories the signed-in partner works under',
    tags: ['partner'],
    access: 'partner',
    response: envelope(z.array(companyMappingEntrySchema)),
  }),
};
