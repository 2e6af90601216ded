import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { categoryCodeParam, envelope } from '../envelope.ts';
import { ONBOARDING_MODULE_CODES, STATUTORY_IDENTIFIER_KINDS } from '../onboarding.ts';
import { onboardingModuleSchema, onboardingProfileSchema, questionSchema } from './onboarding.ts';
import { requestNumberSchema } from './workflow.ts';

/**
 * Staff review of a submitted profile (section 7, "review of onboarding"): the parts a reviewer
 * reads, by request number. Without `/isAdmin/true` the request must wait at the caller's desk
 * or have been acted on by the caller; with it, the caller's role needs the admin view
 * permission (contract/src/permissions.ts, REVIEW_ANY_REQUEST).
 */
export const REVIEW_PARTS = [
  'summary',
  'general',
  'address',
  'statutory',
  'vat',
  'lists',
  'financial',
  'questions',
  'acceptance',
  'tds-declaration',
  'files',
] as const;
export type ReviewPart = (typeof REVIEW_PARTS)[number];

/** The profile's header and the part asked for ('summary': every part). */
export const reviewedProfileSchema = onboardingProfileSchema.partial().required({ profile: true });
export type ReviewedProfile = z.output<typeof reviewedProfileSchema>;

const reviewParams = z
  .object({
    part: z.enum(REVIEW_PARTS, { error: `part must be one of ${REVIEW_PARTS.join(', ')}` }),
    requestNumber: requestNumberSchema,
  })
  .strict();

const reviewPart = (path: string, summary: string) =>
  endpoint({
    method: 'GET',
    path,
    summary,
    tags: ['review'],
    access: 'staff',
    params: reviewParams,
    response: envelope(reviewedProfileSchema),
  });

/** What the statutory look-ups found for one number of a profile under review. */
export const dtValidationItemSchema = z.object({
  kind: z.enum(STATUTORY_IDENTIFIER_KINDS),
  value: z.string(),
  /** Its structure and check digit pass (bank accounts: always true; there is nothing to compute). */
  valid: z.boolean(),
  failureMessage: z.string().nullable(),
  /** Other partners holding the same number: a forensics signal the reviewer weighs. */
  duplicates: z.array(z.object({ partnerNumber: z.string(), organizationName: z.string() })),
});
export type DtValidationItem = z.output<typeof dtValidationItemSchema>;

export const reviewEndpoints = {
  modules: endpoint({
    method: 'GET',
    path: '/api/partner-onboard/modules/category-code/:categoryCode',
    summary: 'The onboarding modules a reviewer reads for a business category, in order',
    tags: ['review'],
    access: 'staff',
    params: z.object({ categoryCode: categoryCodeParam }).strict(),
    response: envelope(z.array(onboardingModuleSchema)),
  }),
  questions: endpoint({
    method: 'GET',
    path: '/api/partner-onboard/onboard-questions/module-code/:moduleCode/request-number/:requestNumber',
    summary: "A module's questions with the answers of the profile under review",
    tags: ['review'],
    access: 'staff',
    params: z.object({ moduleCode: z.enum(ONBOARDING_MODULE_CODES), requestNumber: requestNumberSchema }).strict(),
    response: envelope(z.array(questionSchema)),
  }),
  part: reviewPart(
    '/api/partner-onboard/:part/request-number/:requestNumber',
    "A part of the profile under review (the request waits at the caller's desk, or the caller acted on it)",
  ),
  partAsAdmin: reviewPart(
    '/api/partner-onboard/:part/request-number/:requestNumber/isAdmin/true',
    'A part of any submitted profile (admin view: the role needs the admin view permission)',
  ),
  dtValidation: endpoint({
    method: 'POST',
    readsOnly: true,
    path: '/api/getDtValidation',
    summary: "The statutory look-ups of a profile under review: each number's check and the other partners holding it",
    tags: ['review'],
    access: 'staff',
    body: z.object({ requestNumber: requestNumberSchema, isAdmin: z.boolean().optional() }).strict(),
    response: envelope(z.array(dtValidationItemSchema)),
  }),
};
