import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';
import type { IdentifierKind } from '../onboarding.ts';
import { paged, pageQuerySchema } from '../paging.ts';

/**
 * Forensics of section 7's staff side ("comparison endpoints for GST, MSME and bank"): partners
 * that hold the same number on their profiles. The spec names the calls only; paths and bodies
 * are ours. Each comparison is one kind of number, named in the path as staff say it.
 */
export const FORENSIC_KINDS = {
  gst: 'GST',
  msme: 'UDYAM',
  bank: 'BANK',
  pan: 'PAN',
  mobile: 'MOBILE',
  email: 'EMAIL',
} as const satisfies Record<string, IdentifierKind>;
export type ForensicKind = keyof typeof FORENSIC_KINDS;
export const FORENSIC_KIND_NAMES = Object.keys(FORENSIC_KINDS) as ForensicKind[];

export const FORENSIC_VERDICTS = ['GENUINE_GROUP', 'DUPLICATE'] as const;
export type ForensicVerdict = (typeof FORENSIC_VERDICTS)[number];
/** Which pairs a list shows: not yet reviewed, reviewed with either verdict, or all. */
export const FORENSIC_REVIEW_FILTERS = ['open', 'GENUINE_GROUP', 'DUPLICATE', 'all'] as const;
export const FORENSIC_REMARKS_MAX = 500;
/** Months the dashboard's trend goes back, this one included. */
export const FORENSIC_TREND_MONTHS = 12;

const kindSchema = z.enum(FORENSIC_KIND_NAMES as [ForensicKind, ...ForensicKind[]]);
const partnerNumberSchema = z.string().trim().min(1).max(20);

export const forensicPartnerSchema = z.object({
  partnerNumber: z.string(),
  organizationName: z.string(),
  countryName: z.string(),
  registeredAt: z.string(),
  /** ACTIVE or DISABLED (a merged account is disabled). */
  accountStatus: z.string().nullable(),
  /** The companies whose profiles hold the number. */
  companyCodes: z.array(z.number().int()),
  /** The newest request of a profile holding the number: the summary page opens it. */
  requestNumber: z.string().nullable(),
  /**
   * Whether the account may be merged into the other (mergeAccounts takes it): it has no request
   * (a request staff took or will take stays with its partner) and is not disabled.
   */
  mergeable: z.boolean(),
});
export type ForensicPartner = z.output<typeof forensicPartnerSchema>;

export const forensicReviewSchema = z.object({
  verdict: z.enum(FORENSIC_VERDICTS),
  remarks: z.string(),
  reviewerName: z.string(),
  reviewedAt: z.string(),
});

/** Two partners that hold the same number; `first` registered first. */
export const forensicPairSchema = z.object({
  kind: kindSchema,
  value: z.string(),
  /** When the number became shared: the second partner's registration. */
  foundAt: z.string(),
  first: forensicPartnerSchema,
  second: forensicPartnerSchema,
  review: forensicReviewSchema.nullable(),
});
export type ForensicPair = z.output<typeof forensicPairSchema>;

const countsSchema = z.record(kindSchema, z.number().int().nonnegative());

export const forensicDashboardSchema = z.object({
  /** Per kind: numbers held by more than one partner, the pairs they make, and how many were reviewed. */
  kinds: z.array(
    z.object({
      kind: kindSchema,
      sharedNumbers: z.number().int().nonnegative(),
      pairs: z.number().int().nonnegative(),
      genuineGroup: z.number().int().nonnegative(),
      duplicate: z.number().int().nonnegative(),
    }),
  ),
  /** Shared numbers per company whose profiles hold them (a number two companies hold counts in each). */
  companies: z.array(z.object({ companyCode: z.number().int(), companyName: z.string(), counts: countsSchema })),
  /** Numbers that became shared per month (YYYY-MM), the last FORENSIC_TREND_MONTHS months. */
  trend: z.array(z.object({ month: z.string(), counts: countsSchema })),
});
export type ForensicDashboard = z.output<typeof forensicDashboardSchema>;

const companyFilter = { companyCode: idParamSchema.optional() };

export const forensicComparisonQuerySchema = pageQuerySchema
  .omit({ after: true })
  .extend({ ...companyFilter, review: z.enum(FORENSIC_REVIEW_FILTERS).default('all') })
  .strict();

export const forensicReviewInputSchema = z
  .object({
    kind: kindSchema,
    value: z.string().trim().min(1).max(100),
    partnerNumbers: z
      .tuple([partnerNumberSchema, partnerNumberSchema])
      .refine(([a, b]) => a !== b, { error: 'must name two different partners' }),
    verdict: z.enum(FORENSIC_VERDICTS),
    remarks: z.string().trim().min(3).max(FORENSIC_REMARKS_MAX),
  })
  .strict();
export type ForensicReviewInput = z.output<typeof forensicReviewInputSchema>;

export const forensicsEndpoints = {
  dashboard: endpoint({
    method: 'GET',
    path: '/api/forensics/dashboard',
    summary: 'Numbers partners share, counted per kind and company, with the trend of the last twelve months',
    tags: ['forensics'],
    access: { permission: 'viewForensics' },
    query: z.object(companyFilter).strict(),
    response: envelope(forensicDashboardSchema),
  }),
  comparison: endpoint({
    method: 'GET',
    path: '/api/forensics/comparison/:kind',
    summary:
      'Pairs of partners holding the same GSTIN, MSME (Udyam) number, bank account, PAN, mobile or e-mail, newest first, paged, searched by number, name or partner number',
    tags: ['forensics'],
    access: { permission: 'viewForensics' },
    params: z.object({ kind: kindSchema }).strict(),
    query: forensicComparisonQuerySchema,
    response: envelope(paged(forensicPairSchema)),
  }),
  review: endpoint({
    method: 'POST',
    path: '/api/forensics/review',
    summary: 'Mark a pair reviewed: the same group of companies, or a duplicate to merge, with remarks',
    tags: ['forensics'],
    access: { permission: 'viewForensics' },
    body: forensicReviewInputSchema,
    response: envelope(forensicPairSchema),
  }),
};
