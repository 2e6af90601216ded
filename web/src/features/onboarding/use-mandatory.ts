import { useQuery } from '@tanstack/react-query';
import {
  financialYears,
  type MandatoryItem,
  mandatoryItems,
  onboardingEndpoints,
  type OnboardingListName,
  type OnboardingProfile,
  referenceEndpoints,
} from '@pp/contract';
import { callData } from '../../api/client.ts';

/**
 * The mandatory items of the profile as the server counts them (the contract's one function),
 * computed here too, so each form marks the fields Submit needs. For a list, one empty row more is
 * counted: its items are what a new row must hold.
 */
export function useMandatory(profile: OnboardingProfile | undefined) {
  const { data: ownership } = useQuery({
    queryKey: ['reference', 'ownershipTypes', 'registration'],
    queryFn: () => callData(referenceEndpoints.ownershipTypes),
    staleTime: Infinity,
  });
  const categoryCode = profile?.profile.categoryCode ?? '';
  const { data: yearMandatory } = useQuery({
    queryKey: ['onboarding', 'yearMandatory', categoryCode],
    queryFn: () => callData(onboardingEndpoints.yearIncorporatedMandatory, { params: { categoryCode } }),
    enabled: categoryCode !== '',
    staleTime: Infinity,
  });

  if (!profile) return { items: [] as MandatoryItem[], required: () => () => false };
  const registration = new Map((ownership ?? []).map((o) => [o.code, o.registration]));
  const withNewRow = <T>(rows: readonly T[]) => [...rows, {} as T];
  const items = mandatoryItems({
    international: profile.profile.international,
    categoryCode: profile.profile.categoryCode,
    yearOfIncorporationMandatory: yearMandatory ?? false,
    registrationOf: (type) => registration.get(type) ?? 'none',
    general: profile.general,
    address: profile.address,
    statutory: profile.statutory,
    vat: profile.vat,
    contacts: withNewRow(profile.lists.contacts),
    gstins: withNewRow(profile.lists.gstins),
    bankAccounts: withNewRow(profile.lists.bankAccounts),
    factories: profile.lists.factories,
    projects: profile.lists.projects,
    customers: profile.lists.customers,
    performance: profile.financial.performance,
    strength: profile.financial.strength,
    statements: profile.financial.statements,
    financialYears: financialYears(),
    questions: [],
    declarationAccepted: true,
    tdsDeclared: true,
  });
  const paths = new Set(items.map((i) => i.path));
  /** Whether a field of a single part, or of a new row of a list, is mandatory. */
  const required = (part: string, list?: OnboardingListName) => (name: string) =>
    list ? paths.has(`${list}.${profile.lists[list].length}.${name}`) : paths.has(`${part}.${name}`);
  return { items, required };
}
