import type { ProfileKey } from '../../forms/profile-options.ts';
import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';
import { api } from '@pp/contract';
import { call } from '../../api/client.ts';

const o = api.onboarding;
const data = async <T>(p: Promise<{ response: T }>) => (await p).response;

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
  modules: () => queryOptions({ queryKey: [...onboardingKeys.all, 'modules'], queryFn: () => data(call(o.modules)) }),
  profile: (k: ProfileKey | null) =>
    queryOptions({
      queryKey: onboardingKeys.profile(k),
      queryFn: k
        ? () => data(call(o.generalRetrieval, { params: { ...profileParams(k), partnerCategory: k.categoryCode } }))
        : skipToken,
    }),
  progress: (k: ProfileKey | null) =>
    queryOptions({
      queryKey: onboardingKeys.progress(k),
      queryFn: k ? () => data(call(o.progress, { params: kindParams(k) })) : skipToken,
    }),
  /** The three mandatory checks of section 7; Submit is enabled when all are complete. */
  checks: (k: ProfileKey | null) =>
    queryOptions({
      queryKey: onboardingKeys.checks(k),
      queryFn: !k
        ? skipToken
        : async () => {
            const [fields, questions, statics] = await Promise.all([
              data(call(o.verifyMandatory, { params: profileParams(k) })),
              data(call(o.verifyMandatoryQuestions, { params: kindParams(k) })),
              data(call(o.verifyMandatoryStatic, { params: { ...kindParams(k), parentCategory: k.categoryCode } })),
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
      queryFn: () => data(call(o.declaration, { query: { companyCode } })),
    }),
};

/** After a save, what the page shows of the profile, its percentages and checks is read again. */
export function refreshProfile(client: QueryClient, k: ProfileKey) {
  return Promise.all([
    client.invalidateQueries({ queryKey: onboardingKeys.profile(k) }),
    client.invalidateQueries({ queryKey: onboardingKeys.progress(k) }),
    client.invalidateQueries({ queryKey: onboardingKeys.checks(k) }),
  ]);
}
