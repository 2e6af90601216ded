import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';
import {
  GRIEVANCE_ACTIONS,
  GRIEVANCE_AGEING_DAYS,
  GRIEVANCE_PERMISSION,
  GRIEVANCE_REASONS,
  GRIEVANCE_STATES,
} from '../grievance.ts';
import { paged, pageQuerySchema } from '../paging.ts';
import { storedFileSchema } from './files.ts';

/**
 * Grievances (claims) of section 7 — /api/ClaimRequest/*, /api/claimrequest/* for the partner and
 * /api/opengrievance/* for staff holding the grievance permission — moved only by the lifecycle of
 * grievance.ts. Bodies are ours: the spec names the calls only.
 */
export const GRIEVANCE_NUMBER_PATTERN = /^GRV-\d{1,3}-\d{4}-\d{6}$/;
export const GRIEVANCE_SUBJECT_MAX = 150;
export const GRIEVANCE_DESCRIPTION_MIN = 30;
export const GRIEVANCE_DESCRIPTION_MAX = 2000;
export const GRIEVANCE_FILES_MAX = 5;
export const GRIEVANCE_REMARKS_MAX = 1000;

/** A grievance's number: company, year of raising and the sequence (GRIEVANCE_NUMBER_PATTERN). */
export const grievanceNumberOf = (companyCode: number, raisedAt: Date, sequence: bigint | number): string =>
  `GRV-${companyCode}-${raisedAt.getUTCFullYear()}-${String(sequence).padStart(6, '0')}`;

/** What staff search a grievance by: its number, subject, organisation and partner number. */
export const grievanceTitleOf = (
  g: { grievanceNumber: string; subject: string },
  partner: { organizationName: string; partnerNumber: string },
): string => `${g.grievanceNumber} ${g.subject} ${partner.organizationName} ${partner.partnerNumber}`.slice(0, 400);

export const grievanceNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(GRIEVANCE_NUMBER_PATTERN, { error: 'must be a grievance number like GRV-1-2026-000042' });
const fileIds = z.array(z.uuid({ error: 'validation.fileId' })).max(GRIEVANCE_FILES_MAX);
const remarks = z.string().trim().max(GRIEVANCE_REMARKS_MAX);

/** A draft: what the partner has written so far (the description must be whole by submit). */
export const grievanceDraftBodySchema = z
  .object({
    /** The draft to update; a new draft without it. */
    grievanceNumber: grievanceNumberSchema.optional(),
    reasonCode: z.enum(GRIEVANCE_REASONS),
    /** The order or invoice it is about, if any: one of the partner's. */
    documentNumber: z.string().trim().toUpperCase().max(30).optional(),
    subject: z.string().trim().min(5).max(GRIEVANCE_SUBJECT_MAX),
    description: z.string().trim().max(GRIEVANCE_DESCRIPTION_MAX).default(''),
    fileIds: fileIds.default([]),
  })
  .strict();
export type GrievanceDraftBody = z.output<typeof grievanceDraftBodySchema>;

/** One step on a grievance: its remarks and any documents that go with them. */
export const grievanceStepBodySchema = z
  .object({ grievanceNumber: grievanceNumberSchema, remarks: remarks.optional(), fileIds: fileIds.default([]) })
  .strict();
export type GrievanceStepBody = z.output<typeof grievanceStepBodySchema>;

export const grievanceReasonChangeBodySchema = grievanceStepBodySchema.extend({ reasonCode: z.enum(GRIEVANCE_REASONS) }).strict();
export type GrievanceReasonChangeBody = z.output<typeof grievanceReasonChangeBodySchema>;

export const grievanceItemSchema = z.object({
  grievanceNumber: z.string(),
  companyCode: z.number().int(),
  reasonCode: z.enum(GRIEVANCE_REASONS),
  documentNumber: z.string().nullable(),
  subject: z.string(),
  state: z.enum(GRIEVANCE_STATES),
  /** Who raised it (staff lists): organisation and partner number. */
  raisedBy: z.string(),
  createdAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
  /** The deadline while the group owes an answer (GRIEVANCE_DUE_DAYS); null for a draft. */
  dueAt: z.iso.datetime().nullable(),
  /** Open and past its deadline, by the server's clock. */
  overdue: z.boolean(),
  /** When the group last answered it (resolved, or the partner withdrew it); null while open. */
  answeredAt: z.iso.datetime().nullable(),
});
export type GrievanceItem = z.infer<typeof grievanceItemSchema>;

export const grievanceStepSchema = z.object({
  action: z.enum([...GRIEVANCE_ACTIONS, 'DRAFT']),
  fromState: z.enum(GRIEVANCE_STATES).nullable(),
  toState: z.enum(GRIEVANCE_STATES),
  /** The partner, or the group (staff are not named to the partner). */
  by: z.enum(['PARTNER', 'STAFF']),
  remarks: z.string().nullable(),
  /** A reason change: the reason it had before. */
  previousReason: z.enum(GRIEVANCE_REASONS).nullable(),
  documents: z.array(storedFileSchema),
  at: z.iso.datetime(),
});
export type GrievanceStep = z.infer<typeof grievanceStepSchema>;

export const grievanceDetailSchema = grievanceItemSchema.extend({
  description: z.string(),
  documents: z.array(storedFileSchema),
  history: z.array(grievanceStepSchema),
  /** The steps the caller may take now. */
  actions: z.array(z.enum(GRIEVANCE_ACTIONS)),
  settledAt: z.iso.datetime().nullable(),
});
export type GrievanceDetail = z.infer<typeof grievanceDetailSchema>;

export const grievanceListQuerySchema = pageQuerySchema.extend({ state: z.enum(GRIEVANCE_STATES).optional() });
export type GrievanceListQuery = z.output<typeof grievanceListQuerySchema>;

/** Which partners' grievances a staff page oversees: India's (/GrievanceDashboard) or the rest of the world's. */
export const GRIEVANCE_SCOPES = ['domestic', 'international'] as const;
export type GrievanceScope = (typeof GRIEVANCE_SCOPES)[number];
/** Open grievances past their deadline, or within GRIEVANCE_DUE_SOON_DAYS of it. */
export const GRIEVANCE_DEADLINE_FILTERS = ['overdue', 'dueSoon'] as const;

const staffFilters = {
  /** Both when absent. */
  scope: z.enum(GRIEVANCE_SCOPES).optional(),
  /** Every company's when absent. */
  companyCode: idParamSchema.optional(),
};

/** The staff list: a page of the scope's grievances, by company, state, reason and deadline. */
export const grievanceStaffListQuerySchema = grievanceListQuerySchema
  .extend({
    ...staffFilters,
    reasonCode: z.enum(GRIEVANCE_REASONS).optional(),
    deadline: z.enum(GRIEVANCE_DEADLINE_FILTERS).optional(),
  })
  .strict();
export type GrievanceStaffListQuery = z.output<typeof grievanceStaffListQuerySchema>;

const count = z.number().int().nonnegative();
const deadlineCounts = { open: count, overdue: count, dueSoon: count };

export const grievanceMetricsSchema = z.object({
  /** Grievances in each state but DRAFT (drafts are the partner's alone). */
  byState: z.record(z.enum(GRIEVANCE_STATES), count),
  ...deadlineCounts,
  /** Settled (resolved or closed) after their deadline, of all settled. */
  settled: count,
  settledLate: count,
  /** Open grievances by days since submission: up to each of GRIEVANCE_AGEING_DAYS, then over the last. */
  ageing: z.array(z.object({ upToDays: z.number().int().nullable(), ...deadlineCounts })),
  reasons: z.array(
    z.object({
      reasonCode: z.enum(GRIEVANCE_REASONS),
      ...deadlineCounts,
      settled: count,
      /** Mean days from submission to settlement, one decimal; null when none is settled. */
      averageDaysToSettle: z.number().nullable(),
    }),
  ),
  companies: z.array(z.object({ companyCode: z.number().int(), companyName: z.string(), ...deadlineCounts, settled: count })),
  /** Submitted and settled per month (YYYY-MM), the last GRIEVANCE_TREND_MONTHS months. */
  trend: z.array(z.object({ month: z.string(), submitted: count, settled: count })),
});
export type GrievanceMetrics = z.output<typeof grievanceMetricsSchema>;
export const GRIEVANCE_TREND_MONTHS = 12;
/** The ageing buckets' upper bounds, as the metrics answer them (null: over the last). */
export const GRIEVANCE_AGEING_BOUNDS: (number | null)[] = [...GRIEVANCE_AGEING_DAYS, null];

const onGrievance = z.object({ grievanceNumber: grievanceNumberSchema });
const partnerStep = <B extends z.ZodType = typeof grievanceStepBodySchema>(path: string, summary: string, body?: B) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    tags: ['grievances'],
    access: 'partner',
    body: (body ?? grievanceStepBodySchema) as B,
    response: envelope(grievanceDetailSchema),
  });
const staffStep = (path: string, summary: string) =>
  endpoint({
    method: 'POST',
    path,
    summary,
    tags: ['grievances'],
    access: { permission: GRIEVANCE_PERMISSION },
    body: grievanceStepBodySchema,
    response: envelope(grievanceDetailSchema),
  });

export const grievanceEndpoints = {
  saveDraft: endpoint({
    method: 'POST',
    path: '/api/ClaimRequest/draft',
    summary: 'Save a grievance as a draft (a new one, or the draft named); documents are files the partner uploaded',
    tags: ['grievances'],
    access: 'partner',
    body: grievanceDraftBodySchema,
    response: envelope(grievanceDetailSchema),
  }),
  deleteDraft: endpoint({
    method: 'DELETE',
    path: '/api/ClaimRequest/draft/:grievanceNumber',
    summary: 'Delete a draft grievance',
    tags: ['grievances'],
    access: 'partner',
    params: onGrievance,
    response: envelope(z.string()),
  }),
  submit: partnerStep('/api/ClaimRequest/submit', 'Submit a draft grievance to the group (its description must be whole)'),
  close: partnerStep('/api/claimrequest/close', 'Close a grievance: withdraw an open one, or accept its resolution'),
  reopen: partnerStep('/api/claimrequest/reopen', 'Reopen a resolved or closed grievance within 30 days, saying why'),
  changeReason: partnerStep(
    '/api/claimrequest/reason-change',
    'Change the reason of an open grievance, saying why (the history keeps the old one)',
    grievanceReasonChangeBodySchema,
  ),
  list: endpoint({
    method: 'GET',
    path: '/api/claimrequest/list',
    summary: "The partner's grievances in the session's company, newest first, paged, searched by number or subject",
    tags: ['grievances'],
    access: 'partner',
    query: grievanceListQuerySchema,
    response: envelope(paged(grievanceItemSchema)),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/claimrequest/:grievanceNumber',
    summary: 'One of the partner’s grievances with its documents, history and the steps it may take',
    tags: ['grievances'],
    access: 'partner',
    params: onGrievance,
    response: envelope(grievanceDetailSchema),
  }),
  openList: endpoint({
    method: 'GET',
    path: '/api/opengrievance/list',
    summary:
      'Grievances for staff, newest first, paged: domestic or international, by company, state, reason and deadline, searched by number, subject or partner',
    tags: ['grievances'],
    access: { permission: GRIEVANCE_PERMISSION },
    query: grievanceStaffListQuerySchema,
    response: envelope(paged(grievanceItemSchema)),
  }),
  metrics: endpoint({
    method: 'GET',
    path: '/api/opengrievance/metrics',
    summary:
      'Grievance metrics of the dashboards: per state, open ones by age and against their deadlines, per reason and company, the monthly trend',
    tags: ['grievances'],
    access: { permission: GRIEVANCE_PERMISSION },
    query: z.object(staffFilters).strict(),
    response: envelope(grievanceMetricsSchema),
  }),
  openDetail: endpoint({
    method: 'GET',
    path: '/api/opengrievance/:grievanceNumber',
    summary: 'One grievance for staff, with its documents, history and the steps staff may take',
    tags: ['grievances'],
    access: { permission: GRIEVANCE_PERMISSION },
    params: onGrievance,
    response: envelope(grievanceDetailSchema),
  }),
  forward: staffStep('/api/opengrievance/forward', 'Pass a grievance to the department that can settle it, saying which and why'),
  resolve: staffStep('/api/opengrievance/resolve', 'Resolve a grievance, saying how (the partner is told)'),
};
