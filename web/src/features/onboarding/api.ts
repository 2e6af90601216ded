import type { ProfileKey } from '../../forms/profile-options.ts';
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { onboardingEndpoints, type OnboardingProfile } from '@pp/contract';
import { uploadedFiles } from '../../api/files.ts';
import { callData } from '../../api/client.ts';

const o = onboardingEndpoints;

export type { ProfileKey };

/** Query keys of onboarding, one factory so a key is never spelt twice. */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  profile: (k: ProfileKey | null) => [...onboardingKeys.all, 'profile', k?.companyCode, k?.categoryCode] as const,
  progress: (k: ProfileKey | null) => [...onboardingKeys.all, 'progress', k?.companyCode, k?.categoryCode] as const,
  checks: (k: ProfileKey | null) => [...onboardingKeys.all, 'checks', k?.companyCode, k?.categoryCode] as const,
  reference: (name: string, ...args: (string | number)[]) => ['reference', name, ...args] as const,
};

const profileParams = (k: ProfileKey) => ({ companyCode: k.companyCode, categoryCode: k.categoryCode });
const kindParams = (k: ProfileKey) => ({ ...profileParams(k), isInternational: String(k.international) });

/** The profile's queries wait (skipToken) until the session's company and the partner's country are known. */
export const onboardingQueries = {
  modules: () => queryOptions({ queryKey: [...onboardingKeys.all, 'modules'], queryFn: () => callData(o.modules) }),
  profile: (k: ProfileKey | null) =>
    queryOptions({
      queryKey: onboardingKeys.profile(k),
      queryFn: k
        ? () => callData(o.generalRetrieval, { params: { ...profileParams(k), partnerCategory: k.categoryCode } })
        : skipToken,
    }),
  progress: (k: ProfileKey | null) =>
    queryOptions({
      queryKey: onboardingKeys.progress(k),
      queryFn: k ? () => callData(o.progress, { params: kindParams(k) }) : skipToken,
    }),
  /** The three mandatory checks of section 7; Submit is enabled when all are complete. */
  checks: (k: ProfileKey | null) =>
    queryOptions({
      queryKey: onboardingKeys.checks(k),
      queryFn: !k
        ? skipToken
        : async () => {
            const [fields, questions, statics] = await Promise.all([
              callData(o.verifyMandatory, { params: profileParams(k) }),
              callData(o.verifyMandatoryQuestions, { params: kindParams(k) }),
              callData(o.verifyMandatoryStatic, { params: { ...kindParams(k), parentCategory: k.categoryCode } }),
            ]);
            return {
              complete: fields.complete && questions.complete && statics.complete,
              missing: [...fields.missing, ...questions.missing, ...statics.missing],
            };
          },
    }),
  declaration: (companyCode: number) =>
    queryOptions({
      queryKey: [...onboardingKeys.all, 'declaration', companyCode],
      queryFn: () => callData(o.declaration, { query: { companyCode } }),
    }),
};

/** How a save's answer changes the profile the page holds. */
export type ProfileUpdate = (profile: OnboardingProfile) => OnboardingProfile;

const withLists =
  (lists: Partial<OnboardingProfile['lists']>): ProfileUpdate =>
  (p) => ({ ...p, lists: { ...p.lists, ...lists } });
const withFinancial =
  (financial: OnboardingProfile['financial']): ProfileUpdate =>
  (p) => ({ ...p, financial });
const withGeneral =
  (answer: { general: OnboardingProfile['general']; contacts: OnboardingProfile['lists']['contacts'] }): ProfileUpdate =>
  (p) => ({ ...withLists({ contacts: answer.contacts })(p), general: answer.general });

/**
 * After a save, the profile the page holds takes the server's answer (with the files this tab
 * uploaded, which the answer names but does not describe); only the percentages and the checks,
 * which the server works out over the whole profile, are read again.
 */
export function applySave(client: QueryClient, k: ProfileKey, update: ProfileUpdate) {
  client.setQueryData<OnboardingProfile>(onboardingKeys.profile(k), (p) => {
    if (!p) return p;
    const known = new Set(p.files.map((f) => f.uniqueId));
    const next = update(p);
    return { ...next, files: [...next.files, ...uploadedFiles().filter((f) => !known.has(f.uniqueId))] };
  });
  return Promise.all([
    client.invalidateQueries({ queryKey: onboardingKeys.progress(k) }),
    client.invalidateQueries({ queryKey: onboardingKeys.checks(k) }),
  ]);
}

/** Each financial part per year and where it is saved. */
const FINANCIAL_SAVES = {
  performance: o.saveFinancialPerformance,
  strength: o.saveFinancialStrength,
  others: o.saveFinancialOthers,
} as const;
export type FinancialFormPart = keyof typeof FINANCIAL_SAVES;

export const CREDENTIAL_DELETES = {
  factories: o.deleteFactory,
  warehouses: o.deleteWarehouse,
  projects: o.deleteProject,
  bankers: o.deleteBanker,
  ratings: o.deleteRating,
  customers: o.deleteCustomer,
  memberships: o.deleteMembership,
  erpSystems: o.deleteErp,
} as const;
export type CredentialList = keyof typeof CREDENTIAL_DELETES;

type Row = Record<string, unknown>;
type Body<E extends keyof typeof o> =
  NonNullable<Parameters<typeof callData<(typeof o)[E]>>[1]> extends { body?: infer B } ? B : never;

/**
 * The saves of the onboarding modules (section 7), each answering how the profile now reads, from
 * what the server answered: one POST per save, no read of the whole profile after it.
 */
export const profileSaves = {
  answers: async (k: ProfileKey, answers: Body<'saveAnswers'>['answers']): Promise<ProfileUpdate> => {
    const saved = new Map(
      (await callData(o.saveAnswers, { body: { ...profileParams(k), answers } })).map((q) => [q.questionId, q]),
    );
    return (p) => ({ ...p, questions: p.questions.map((q) => saved.get(q.questionId) ?? q) });
  },
  general: async (general: NonNullable<Body<'saveGeneral'>['general']>) =>
    withGeneral(await callData(o.saveGeneral, { body: { general } })),
  contact: async (row: Row) => withGeneral(await callData(o.saveGeneral, { body: { contacts: [row] } })),
  deleteContact: async (id: number) => withLists({ contacts: await callData(o.deleteContact, { body: { id } }) }),
  address: async (address: Body<'saveAddress'>): Promise<ProfileUpdate> => {
    const saved = await callData(o.saveAddress, { body: address });
    return (p) => ({ ...p, address: saved });
  },
  vat: async (vat: Body<'saveVat'>): Promise<ProfileUpdate> => {
    const saved = await callData(o.saveVat, { body: vat });
    return (p) => ({ ...p, vat: saved });
  },
  statutory: async (statutory: Body<'saveOrgDetails'>): Promise<ProfileUpdate> => {
    const saved = await callData(o.saveOrgDetails, { body: statutory });
    return (p) => ({ ...p, statutory: saved });
  },
  /** The GSTIN list is saved whole (section 7's POST /api/on-boarding/gstin). */
  gstins: async (gstins: Body<'saveGstins'>['gstins']) =>
    withLists({ gstins: await callData(o.saveGstins, { body: { gstins } }) }),
  bankAccount: async (row: Row) => withLists(await callData(o.saveBankDetails, { body: { bankAccounts: [row] } })),
  deleteBankAccount: async (id: number) => withLists({ bankAccounts: await callData(o.deleteBankAccount, { body: { id } }) }),
  financial: async (part: FinancialFormPart, row: Row & { financialYear: string }) =>
    withFinancial(await callData(FINANCIAL_SAVES[part], { body: { years: [row] } })),
  statement: async (financialYear: string, fileId: string | null) =>
    withFinancial(await callData(o.saveFinance, { body: { years: [{ financialYear, fileId }] } })),
  credential: async (list: CredentialList, row: Row) => withLists(await callData(o.saveCredential, { body: { [list]: [row] } })),
  deleteCredential: async (list: CredentialList, id: number) =>
    withLists({ [list]: await callData(CREDENTIAL_DELETES[list], { body: { id } }) }),
  avenue: async (row: Row) => withLists(await callData(o.savePartnershipAvenue, { body: { avenues: [row] } })),
  deleteAvenue: async (id: number) => withLists({ avenues: await callData(o.deleteAvenue, { body: { id } }) }),
  branch: async (row: Row) => withLists(await callData(o.saveBranch, { body: { branches: [row] } })),
  deleteBranch: async (k: ProfileKey, branchId: number) =>
    withLists({ branches: await callData(o.deleteBranch, { params: { ...profileParams(k), branchId } }) }),
  accept: async (k: ProfileKey, values: Body<'accept'>): Promise<ProfileUpdate> => {
    const acceptance = await callData(o.accept, { query: profileParams(k), body: values });
    return (p) => ({ ...p, acceptance });
  },
  tds: async (k: ProfileKey, financialYear: string, signatoryName: string): Promise<ProfileUpdate> => {
    const tdsDeclaration = await callData(o.tdsDeclaration, {
      body: { ...profileParams(k), financialYear, accepted: true, signatoryName },
    });
    return (p) => ({ ...p, tdsDeclaration });
  },
};

/** Submits the profile for approval; answers the new token (the onboarding status moved). */
export const submitProfile = (k: ProfileKey) => callData(o.submit, { params: profileParams(k) });
