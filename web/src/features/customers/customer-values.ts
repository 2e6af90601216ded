import { type Customer } from '@pp/contract';

/** The customer form's values: flat on the page, the address nested as the calls take it. */
export const ADDRESS_KEYS = ['line1', 'line2', 'countryCode', 'stateId', 'cityId', 'postalCode'] as const;
export const NO_FILES = new Map();

/** The page's flat form values as the calls take them: the address's fields nested under `address`. */
export function nested<V extends Record<string, unknown>>(values: V) {
  const address = Object.fromEntries(ADDRESS_KEYS.map((k) => [k, values[k] ?? null]));
  const master = Object.fromEntries(Object.entries(values).filter(([k]) => !(ADDRESS_KEYS as readonly string[]).includes(k)));
  return { ...master, address } as Omit<V, (typeof ADDRESS_KEYS)[number]> & { address: typeof address };
}

/** A customer's master data as the form holds it (the address's fields beside the rest). */
export function flat(customer: Customer): Record<string, unknown> {
  return {
    name: customer.name,
    pan: customer.pan,
    gstin: customer.gstin,
    email: customer.email,
    mobileNumber: customer.mobileNumber,
    ...customer.address,
  };
}
