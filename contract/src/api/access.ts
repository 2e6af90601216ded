import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';
import { USER_ROLES } from '../constants.ts';
import { PERMISSIONS, STAFF_PAGES, type StaffPage } from '../permissions.ts';

export const categoryAuditParamsSchema = z.object({
  categoryCode: z.string().min(1).max(20),
  companyCode: idParamSchema,
});

/**
 * The answer of a company or business switch: 'User Category Audit Recorded' (spec section 4), and
 * a token whose onboarding status is that of the profile switched to (the status is read from the
 * token, section 4, and each company and business has its own profile).
 */
export const categoryAuditResponseSchema = envelope(z.string()).extend({ accessToken: z.string() });

export const accessEndpoints = {
  categoryAudit: endpoint({
    method: 'POST',
    path: '/api/user-category-audit/category-code/:categoryCode/company-code/:companyCode',
    summary: "Switch the session's business category and group company (answers 'User Category Audit Recorded')",
    tags: ['partner'],
    access: 'partner',
    params: categoryAuditParamsSchema,
    response: categoryAuditResponseSchema,
  }),
  infoCategory: endpoint({
    method: 'POST',
    path: '/api/partner/info/category',
    summary: "The same switch from the profile popover (answers 'User Category Audit Recorded')",
    tags: ['partner'],
    access: 'partner',
    body: z.object({ categoryCode: categoryAuditParamsSchema.shape.categoryCode, companyCode: idParamSchema }).strict(),
    response: categoryAuditResponseSchema,
  }),
  isCustomerAdmin: endpoint({
    method: 'GET',
    path: '/api/isCustomerAdmin',
    summary: 'Route guard of /CustomerRegistration',
    tags: ['access'],
    access: 'session',
    response: envelope(z.boolean()),
  }),
  pageAccess: endpoint({
    method: 'GET',
    path: '/api/common-view/admin/page-access',
    summary: "The signed-in staff member's role, permissions and the staff pages it may open (page access)",
    tags: ['access'],
    access: 'staff',
    response: envelope(
      z.object({
        role: z.enum(USER_ROLES),
        permissions: z.array(z.enum(PERMISSIONS)),
        pages: z.array(
          z.object({
            page: z.enum(STAFF_PAGES as [StaffPage, ...StaffPage[]]),
            path: z.string(),
            permission: z.enum(PERMISSIONS).nullable(),
            allowed: z.boolean(),
          }),
        ),
      }),
    ),
  }),
  allowViewGrievanceDashboard: endpoint({
    method: 'GET',
    path: '/api/partner-details/allowviewgrievancedashboard',
    summary: 'Route guard of /GrievanceDashboard',
    tags: ['access'],
    access: 'session',
    response: envelope(z.boolean()),
  }),
};
