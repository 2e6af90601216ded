import { z } from 'zod';
import { ONBOARD_USER_STATUSES, REQUEST_NUMBER_PATTERN, USER_ROLES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';
import { paged, pageQuerySchema } from '../paging.ts';
import { WORKFLOW_ACTIONS, WORKFLOW_FLOWS, WORKFLOW_STATES } from '../workflow.ts';

export const requestNumberSchema = z
  .string()
  .trim()
  .regex(REQUEST_NUMBER_PATTERN, { error: 'must be a request number like ONB-1-2026-000123' });

const stateSchema = z.enum(WORKFLOW_STATES);

/** A staff action on a request: the state the actor saw it in (a request moved meanwhile is refused), and remarks. */
export const workflowActionInputSchema = z
  .object({
    requestNumber: requestNumberSchema,
    state: stateSchema,
    remarks: z.string().trim().max(2000).optional(),
  })
  .strict();
export type WorkflowActionInput = z.output<typeof workflowActionInputSchema>;

export const workflowStatusSchema = z.object({
  requestNumber: z.string(),
  flow: z.enum(WORKFLOW_FLOWS),
  state: stateSchema,
  /** The role whose workbench lists it; null once final. */
  desk: z.enum(USER_ROLES).nullable(),
  /** The partner's onboarding user status while the request is here. */
  userStatus: z.enum(ONBOARD_USER_STATUSES),
  /** What the caller may do now. */
  actions: z.array(z.enum(WORKFLOW_ACTIONS)),
  companyCode: z.number().int(),
  title: z.string(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  /** The remarks of the latest send-back or rejection, which the partner is to read. */
  lastRemarks: z.string().nullable(),
});
export type WorkflowStatus = z.output<typeof workflowStatusSchema>;

export const workflowMessageSchema = z.object({
  action: z.enum(WORKFLOW_ACTIONS),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  actorName: z.string(),
  actorRole: z.enum(USER_ROLES),
  remarks: z.string().nullable(),
  createdAt: z.string(),
});

export const workbenchItemSchema = workflowStatusSchema.omit({ actions: true, userStatus: true, lastRemarks: true });
export type WorkbenchItem = z.infer<typeof workbenchItemSchema>;

const requestParams = z.object({ requestNumber: requestNumberSchema }).strict();
const workflowAction = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    tags: ['workflow'],
    access: 'staff',
    body: workflowActionInputSchema,
    response: envelope(workflowStatusSchema),
  });

export const workflowEndpoints = {
  approve: workflowAction(
    '/api/partnerportal/workflow/approve',
    "Move a request on from the caller's desk (segregate, categorise, forward or approve)",
  ),
  sendBack: workflowAction('/api/partnerportal/workflow/sendback', 'Send a request back to the partner with remarks'),
  reject: workflowAction('/api/partnerportal/workflow/reject', 'Reject a request, with the reason'),
  // Section 4: separate endpoints for the customer and re-KYC flows; each takes requests of its flow only.
  customerApprove: workflowAction('/api/customers/workflow/approve', "Move a customer's request on (approve)"),
  customerSendBack: workflowAction(
    '/api/customers/workflow/sendback',
    "Send a customer's request back to the buyer, with remarks",
  ),
  customerReject: workflowAction('/api/customers/workflow/reject', "Reject a customer's request, with the reason"),
  rekycApprove: workflowAction('/api/rekyc/workflow/approve', 'Move a re-KYC request on (forward or approve)'),
  rekycSendBack: workflowAction('/api/rekyc/workflow/sendback', 'Send a re-KYC request back to the partner, with remarks'),
  rekycReject: workflowAction('/api/rekyc/workflow/reject', 'Reject a re-KYC request, with the reason'),
  rekycInitiate: endpoint({
    method: 'POST',
    path: '/api/rekyc/initiate',
    summary: "Open a re-KYC of a partner's approved profile: the partner confirms or updates it and submits",
    tags: ['workflow'],
    access: { permission: 'allowEditVendorMaster' },
    body: z
      .object({
        partnerNumber: z.string().trim().min(1).max(20),
        companyCode: idParamSchema,
        categoryCode: z.string().trim().min(1).max(20),
        remarks: z.string().trim().max(500).optional(),
      })
      .strict(),
    response: envelope(workflowStatusSchema),
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/workflow-status/request-number/:requestNumber',
    summary: 'Where a request stands and what the caller may do (a partner sees its own requests only)',
    tags: ['workflow'],
    access: 'session',
    params: requestParams,
    response: envelope(workflowStatusSchema),
  }),
  current: endpoint({
    method: 'GET',
    path: '/api/workflow-status/current',
    summary: "Where the request of the session's current profile stands (null before its first submit), with the remarks to read",
    tags: ['workflow'],
    access: 'partner',
    response: envelope(workflowStatusSchema.nullable()),
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/workflow-status/requests',
    summary:
      "The partner's requests of every flow (onboarding, re-KYC, add company), newest first, each where it stands with the remarks to read",
    tags: ['workflow'],
    access: 'partner',
    query: pageQuerySchema.omit({ searchTerm: true }),
    response: envelope(paged(workflowStatusSchema)),
  }),
  messages: endpoint({
    method: 'GET',
    path: '/api/document-workflow-messages/request-number/:requestNumber',
    summary: 'Every step of a request: action, from, to, who, when, remarks (a partner sees its own only)',
    tags: ['workflow'],
    access: 'session',
    params: requestParams,
    response: envelope(z.array(workflowMessageSchema)),
  }),
  workbench: endpoint({
    method: 'GET',
    path: '/api/workbench/requests',
    summary: "The requests waiting at the caller's desk in a company, newest first, with counts per state",
    tags: ['workflow'],
    access: 'staff',
    query: pageQuerySchema.extend({ companyCode: idParamSchema, eipUserId: z.string().trim().max(50).optional() }).strict(),
    response: envelope(z.object({ page: paged(workbenchItemSchema), counts: z.record(z.string(), z.number().int()) })),
  }),
};
