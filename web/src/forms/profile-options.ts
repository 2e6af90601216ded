import { queryOptions, useQuery } from '@tanstack/react-query';
import { referenceEndpoints, registrationEndpoints } from '@pp/contract';
import { call } from '../api/client.ts';
import type { Option } from './select-field.tsx';

/** The profile a page works on: its company and business, and the partner's kind. */
export interface ProfileKey {
  companyCode: number;
  categoryCode: string;
  international: boolean;
}

const r = referenceEndpoints;
/** A reference list as the options of a select, cached for the session (reference data does not change). */
function listOptions<T>(
  key: readonly unknown[],
  fetch: () => Promise<{ response: readonly T[] }>,
  toOption: (item: T) => Option,
) {
  return queryOptions({
    queryKey: ['reference', ...key],
    queryFn: async () => (await fetch()).response.map(toOption),
    staleTime: Infinity,
  });
}
const coded = (x: { code: string; name: string }) => ({ value: x.code, label: x.name });

/** Where a select's options come from; some depend on another field of the same form. */
export type OptionSource =
  | 'groupCompanies'
  | 'ownershipTypes'
  | 'enterpriseSectors'
  | 'currencies'
  | 'countries'
  | 'departments'
  | 'pfOffices'
  | 'esiOffices'
  | 'accountCategories'
  | 'accountTypes'
  | 'paymentModes'
  | 'ratingAgencies'
  | 'businessTypes'
  | 'verticals'
  | { misc: number }
  | { states: number | 'countryCode' }
  | { cities: 'stateId' }
  | { clusters: 'verticalCode' };

function queryOf(source: OptionSource, values: Record<string, unknown>, profile: ProfileKey) {
  const num = (name: string) => {
    const value = values[name];
    return typeof value === 'number' ? value : Number(value) || 0;
  };
  if (typeof source === 'object') {
    if ('misc' in source)
      return listOptions(['misc', source.misc], () => call(r.miscTypeDetails, { params: { miscCode: source.misc } }), coded);
    if ('states' in source) {
      const countryCode = source.states === 'countryCode' ? num('countryCode') : source.states;
      return {
        ...listOptions(
          ['states', countryCode],
          () => call(r.states, { params: { countryCode } }),
          (s) => ({ value: s.stateId, label: s.stateName }),
        ),
        enabled: countryCode > 0,
      };
    }
    if ('cities' in source) {
      const stateId = num(source.cities);
      return {
        ...listOptions(
          ['cities', stateId],
          () => call(r.cities, { params: { stateId } }),
          (c) => ({ value: c.cityId, label: c.cityName }),
        ),
        enabled: stateId > 0,
      };
    }
    const parent = values[source.clusters];
    const parentCode = typeof parent === 'string' ? parent : '';
    return {
      ...listOptions(
        ['clusters', profile.companyCode, parentCode],
        () => call(r.clusters, { params: { companyCode: profile.companyCode, parentCode } }),
        coded,
      ),
      enabled: parentCode !== '',
    };
  }
  switch (source) {
    case 'ownershipTypes':
      return listOptions([source], () => call(r.ownershipTypes), coded);
    case 'enterpriseSectors':
      return listOptions([source], () => call(r.enterpriseSectors), coded);
    case 'currencies':
      return listOptions(
        [source],
        () => call(r.currencies),
        (c) => ({ value: c.currencyCode, label: `${c.currencyCode} · ${c.currencyName}` }),
      );
    case 'groupCompanies':
      return listOptions(
        [source],
        () => call(registrationEndpoints.companies),
        (c) => ({ value: c.companyCode, label: c.companyName }),
      );
    case 'countries':
      return listOptions(
        [source],
        () => call(r.countries),
        (c) => ({ value: c.countryCode, label: c.countryName }),
      );
    case 'departments':
      return listOptions([source], () => call(r.contactDepartments), coded);
    case 'pfOffices':
      return listOptions(
        [source],
        () => call(r.pfOffices),
        (o) => ({ value: o.officeCode, label: o.officeName }),
      );
    case 'esiOffices':
      return listOptions(
        [source],
        () => call(r.esiOffices),
        (o) => ({ value: o.officeCode, label: o.officeName }),
      );
    case 'accountCategories':
      return listOptions([source], () => call(r.bankAccountCategories), coded);
    case 'accountTypes':
      return listOptions([source], () => call(r.bankAccountTypes), coded);
    case 'paymentModes':
      return listOptions([source], () => call(r.paymentModes), coded);
    case 'ratingAgencies':
      return listOptions([source], () => call(r.ratingAgencies), coded);
    case 'businessTypes':
      return listOptions(
        [source, profile.companyCode, profile.categoryCode],
        () => call(r.partnerBusinessTypes, { params: profile }),
        coded,
      );
    case 'verticals':
      return listOptions(
        [source, profile.companyCode],
        () => call(r.clusterVerticals, { params: { companyCode: profile.companyCode } }),
        coded,
      );
  }
}

/** The options of a select, following the fields it depends on. */
export function useOptions(source: OptionSource, values: Record<string, unknown>, profile: ProfileKey): Option[] {
  return useQuery(queryOf(source, values, profile)).data ?? [];
}
