import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { COMPANY_CODES } from '../constants.ts';
import { WORKFLOW_STATES } from '../workflow.ts';
import { requestNumberSchema } from './workflow.ts';

/**
 * Add New Company (section 7: POST /api/companyMapping/addCompany and /addCompany/re-submit, GET
 * /api/companyMapping/company/history): a partner asks to work with another group company in one
 * of that company's businesses; the request runs the workflow engine's ADD_COMPANY flow
 * (docs/workflow.md). Bodies are ours: the spec names the calls only.
 */
export const COMPANY_REQUEST_REASON_MIN = 10;
export const COMPANY_REQUEST_REASON_MAX = 500;

const reason = z.string().trim().min(COMPANY_REQUEST_REASON_MIN).max(COMPANY_REQUEST_REASON_MAX);

export const addCompanyBodySchema = z
  .object({
    companyCode: z.literal(COMPANY_CODES, { error: 'rule.groupCompany' }),
    /** The business (level-1 category) of that company the partner would work in. */
    categoryCode: z.string().trim().toUpperCase().min(1).max(20),
    /** What the partner offers that company. */
    reason,
  })
  .strict();
export type AddCompanyBody = z.output<typeof addCompanyBodySchema>;

export const resubmitCompanyBodySchema = z.object({ requestNumber: requestNumberSchema, reason: reason.optional() }).strict();
export type ResubmitCompanyBody = z.output<typeof resubmitCompanyBodySchema>;

export const companyRequestSchema = z.object({
  requestNumber: z.string(),
  companyCode: z.number().int(),
  companyName: z.string(),
  categoryCode: z.string(),
  categoryName: z.string(),
  reason: z.string(),
  state: z.enum(WORKFLOW_STATES),
  /** The remarks of the last send-back or rejection. */
  lastRemarks: z.string().nullable(),
  organizationName: z.string(),
  partnerNumber: z.string(),
  submittedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CompanyRequest = z.infer<typeof companyRequestSchema>;

export const companyEndpoints = {
  addCompany: endpoint({
    method: 'POST',
    path: '/api/companyMapping/addCompany',
    summary:
      'Ask to work with another group company in one of its businesses (409 when the partner works there already or has a request open for it)',
    tags: ['companies'],
    access: 'partner',
    body: addCompanyBodySchema,
    response: envelope(companyRequestSchema),
  }),
  resubmit: endpoint({
    method: 'POST',
    path: '/api/companyMapping/addCompany/re-submit',
    summary: 'Resubmit a request the buyer sent back, with the reason reworded if need be',
    tags: ['companies'],
    access: 'partner',
    body: resubmitCompanyBodySchema,
    response: envelope(companyRequestSchema),
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/companyMapping/company/history',
    summary: "The partner's requests to work with other group companies, newest first, each where it stands",
    tags: ['companies'],
    access: 'partner',
    response: envelope(z.array(companyRequestSchema)),
  }),
  review: endpoint({
    method: 'GET',
    path: '/api/companyMapping/request/:requestNumber',
    summary:
      'One add-company request as its reviewer reads it (the desk it waits at, a desk that acted on it, or the vendor-master permission)',
    tags: ['companies'],
    access: 'staff',
    params: z.object({ requestNumber: requestNumberSchema }).strict(),
    response: envelope(companyRequestSchema),
  }),
};
