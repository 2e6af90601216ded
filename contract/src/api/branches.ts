import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema } from '../envelope.ts';
import { CREDENTIAL_LISTS, FINANCIAL_PARTS, ONBOARDING_LISTS, ONBOARDING_PARTS, listsInput, listsOutput } from '../onboarding.ts';
import { FINANCIAL_SAVE_BODY, branchDetailSchema, newBranchBodySchema } from './onboarding.ts';

/**
 * A branch's own details (section 7: "Branch calls under /api/branch/..."): a branch of the current
 * profile (a row of Branch Details, named by `branchId`) keeps its own contacts, registrations,
 * bank accounts, credentials, partnership avenues and financial strength. They are checked as the
 * profile's own are; each list is saved whole (a row left out is removed: a branch has no delete
 * calls). A branch may be kept up once the profile is approved, not while the group reviews it.
 */
const branchIdSchema = idParamSchema;
const byBranch = z.object({ branchId: branchIdSchema }).strict();
const withBranch = <S extends z.ZodRawShape>(shape: S) => z.object({ branchId: branchIdSchema, ...shape }).strict();

/** The registrations a branch holds for its premises (its PAN is the partner's; its GSTIN is on the branch). */
const statutory = ONBOARDING_PARTS.statutory;
const ORGANISATION_KEYS = {
  shopEstablishmentNumber: true,
  shopEstablishmentFileId: true,
  shopEstablishmentExpiry: true,
  factoryLicenceNumber: true,
  factoryLicenceFileId: true,
  factoryLicenceExpiry: true,
  pfNumber: true,
  pfOfficeCode: true,
  esiNumber: true,
  esiOfficeCode: true,
} as const;
export const branchOrganisationInputSchema = statutory.input.pick(ORGANISATION_KEYS);
export const branchOrganisationSchema = statutory.output.pick(ORGANISATION_KEYS);
export type BranchOrganisation = z.output<typeof branchOrganisationSchema>;

export const branchGeneralSchema = z.object({
  branch: branchDetailSchema,
  contacts: z.array(ONBOARDING_LISTS.contacts.output),
});
export const branchStrengthSchema = z.object({
  /** The financial years asked, newest first. */
  years: z.array(z.string()),
  strength: z.array(FINANCIAL_PARTS.strength.output),
});

const partner = { tags: ['branches'], access: 'partner' } as const;
const read = <R extends z.ZodType>(path: string, what: string, response: R) =>
  endpoint({ ...partner, method: 'GET', path, summary: `A branch's ${what}`, query: byBranch, response: envelope(response) });

export const branchEndpoints = {
  newBranches: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/partner/new-branches',
    summary:
      'Add several branches from the partner area at once (all or none; name and street unique among them and the saved ones)',
    body: z.object({ branches: z.array(newBranchBodySchema).min(1).max(ONBOARDING_LISTS.branches.max) }).strict(),
    response: envelope(z.array(branchDetailSchema)),
  }),
  general: read('/api/branch/general-module', 'general module: the branch and its own contacts', branchGeneralSchema),
  saveGeneral: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/branch/general-module',
    summary: "Save a branch's contacts (the list whole)",
    body: withBranch({ contacts: z.array(ONBOARDING_LISTS.contacts.input).max(ONBOARDING_LISTS.contacts.max) }),
    response: envelope(branchGeneralSchema),
  }),
  organisation: read(
    '/api/branch/general/organisation-detail',
    'registrations (shop and establishment, factory licence, PF and ESI)',
    branchOrganisationSchema.nullable(),
  ),
  saveOrganisation: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/branch/general/organisation-detail',
    summary: "Save a branch's registrations",
    body: withBranch({ organisation: branchOrganisationInputSchema }),
    response: envelope(branchOrganisationSchema),
  }),
  bank: read('/api/branch/bank-detail', 'bank accounts', listsOutput(['bankAccounts'])),
  saveBank: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/branch/bank-detail',
    summary: "Save a branch's bank accounts (the list whole; bank and branch come from the IFSC; one primary)",
    body: withBranch({ bankAccounts: listsInput(['bankAccounts']).shape.bankAccounts.unwrap() }),
    response: envelope(listsOutput(['bankAccounts'])),
  }),
  credential: read('/api/branch/credential', 'credentials and capacity', listsOutput(CREDENTIAL_LISTS)),
  saveCredential: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/branch/credential',
    summary: "Save a branch's credentials: each list given is saved whole, a list not given is kept",
    body: listsInput(CREDENTIAL_LISTS).extend({ branchId: branchIdSchema }),
    response: envelope(listsOutput(CREDENTIAL_LISTS)),
  }),
  avenues: read('/api/branch/partnership-avenue', 'partnership avenues', listsOutput(['avenues'])),
  saveAvenues: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/branch/partnership-avenue',
    summary: "Save a branch's partnership avenues (the list whole; each vertical and cluster once)",
    body: withBranch({ avenues: listsInput(['avenues']).shape.avenues.unwrap() }),
    response: envelope(listsOutput(['avenues'])),
  }),
  strength: read('/api/branch/financial-strength', 'financial strength by year', branchStrengthSchema),
  saveStrength: endpoint({
    ...partner,
    method: 'POST',
    path: '/api/branch/financial-strength',
    summary: "Save a branch's financial strength for the years given (a year given replaces that year)",
    body: FINANCIAL_SAVE_BODY(FINANCIAL_PARTS.strength.input).extend({ branchId: branchIdSchema }),
    response: envelope(branchStrengthSchema),
  }),
};
