import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';

export const categoryAuditParamsSchema = z.object({
  categoryCode: z.string().min(1).max(20),
  companyCode: idParamSchema,
});

export const accessEndpoints = {
  categoryAudit: endpoint({
    method: 'POST',
    path: '/api/user-category-audit/category-code/:categoryCode/company-code/:companyCode',
    summary: "Switch the session's business category and group company (answers 'User Category Audit Recorded')",
    tags: ['partner'],
    access: 'partner',
    params: categoryAuditParamsSchema,
    response: envelope(z.string()),
  }),
  isCustomerAdmin: endpoint({
    method: 'GET',
    path: '/api/isCustomerAdmin',
    summary: 'Route guard of /CustomerRegistration',
    tags: ['access'],
    access: 'session',
    response: envelope(z.boolean()),
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
