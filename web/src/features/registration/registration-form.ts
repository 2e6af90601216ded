import { DOMESTIC_COUNTRY_CODE, type registerBodySchema } from '@pp/contract';
import type { z } from 'zod';

/** What the registration form holds while it is typed; the terms are accepted on the last screen. */
export type RegistrationValues = Omit<z.input<typeof registerBodySchema>, 'termsAccepted'>;
export type RegistrationField = keyof RegistrationValues;

/*
 * The contract's schemas of the registration and its OTP, imported when a form is first checked
 * (forms/use-contract-form.ts): built as the page started, they were most of its contract's
 * evaluation, one of its long tasks after the first paint on Lighthouse's phone.
 */
const registrationFormModule = () => import('@pp/contract/registration-form');
export const registrationSchema = () => registrationFormModule().then((m) => m.registerBodySchema);
export const registrationOtpSchema = () => registrationFormModule().then((m) => m.verifyRegistrationOtpBodySchema);

export const EMPTY_REGISTRATION: RegistrationValues = {
  countryCode: DOMESTIC_COUNTRY_CODE,
  identityCard: '',
  nationalId: '',
  dunsNumber: '',
  coordinationPerson: '',
  mobileNumber: '',
  email: '',
  organizationName: '',
  designation: '',
  website: '',
  companyCode: undefined,
  primaryBusiness: '',
  primaryCategory: '',
  primarySubCategory: '',
  secondaryBusiness: '',
  secondaryCategory: '',
  secondarySubCategory: '',
  username: '',
  password: '',
  confirmPassword: '',
};

/** The four steps of spec section 2, each with the fields it owns; the OTP-and-terms screen follows. */
export const STEPS = [
  { title: 'steps.kyp', fields: ['countryCode', 'identityCard', 'nationalId', 'dunsNumber'] },
  {
    title: 'steps.contact',
    fields: ['coordinationPerson', 'mobileNumber', 'email', 'organizationName', 'designation', 'website'],
  },
  {
    title: 'steps.business',
    fields: [
      'companyCode',
      'primaryBusiness',
      'primaryCategory',
      'primarySubCategory',
      'secondaryBusiness',
      'secondaryCategory',
      'secondarySubCategory',
    ],
  },
  { title: 'steps.credentials', fields: ['username', 'password', 'confirmPassword'] },
] as const satisfies readonly { title: string; fields: readonly RegistrationField[] }[];

export function stepOf(field: string): number {
  const index = STEPS.findIndex((s) => (s.fields as readonly string[]).includes(field));
  return index === -1 ? STEPS.length - 1 : index;
}
