import { customerEndpoints, onboardingEndpoints, referenceEndpoints } from '@pp/contract';
import { call, callData } from '../api/client.ts';

/** The look-ups a profile form runs as a field is left: an IFSC's bank branch, a statutory number's check. */
export const lookups = {
  ifsc: (code: string) => callData(referenceEndpoints.ifscBranch, { params: { code } }, { background: true }),
  statutory: (kind: string, value: string) =>
    call(onboardingEndpoints.statutory, { params: { kind, value } }, { background: true }),
};

/** The customers' statutory look-up; the customer being corrected holds its own numbers rightly. */
export const customerStatutoryLookup = (customerNumber: string | null) => (kind: string, value: string) =>
  call(
    customerEndpoints.statutory,
    { params: { kind, value }, query: customerNumber ? { customerNumber } : {} },
    { background: true },
  );
