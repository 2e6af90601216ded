import { DOMESTIC_COUNTRY_CODE, registerBodySchema, type Availability, type RegisterBody } from '@pp/contract';
import { fieldErrorsOf } from '../../components/form.tsx';

/** What the registration form holds while it is typed: everything as the inputs give it. */
export const EMPTY_FORM = {
  countryCode: String(DOMESTIC_COUNTRY_CODE),
  identityCard: '',
  nationalId: '',
  dunsNumber: '',
  coordinationPerson: '',
  mobileNumber: '',
  email: '',
  organizationName: '',
  designation: '',
  website: '',
  companyCode: '',
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
export type FormState = typeof EMPTY_FORM;
export type FieldName = keyof FormState;

/** The four steps of spec section 2, each with the fields it owns. */
export const STEPS: { title: string; fields: FieldName[] }[] = [
  { title: 'KYP details', fields: ['countryCode', 'identityCard', 'nationalId', 'dunsNumber'] },
  {
    title: 'Contact details',
    fields: ['coordinationPerson', 'mobileNumber', 'email', 'organizationName', 'designation', 'website'],
  },
  {
    title: 'Business profile',
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
  { title: 'Credentials', fields: ['username', 'password', 'confirmPassword'] },
];

/** Fields checked with the server on blur, with the answer kept until the value changes. */
export type RemoteChecks = Partial<Record<FieldName, Availability & { value: string }>>;

export function toBody(form: FormState, termsAccepted: boolean): RegisterBody {
  return {
    ...form,
    countryCode: Number(form.countryCode),
    companyCode: Number(form.companyCode),
    termsAccepted: termsAccepted as true,
  };
}

/** Local (contract) errors of one step's fields. */
export function stepErrors(form: FormState, step: number, language: string): Partial<Record<FieldName, string>> {
  const all = fieldErrorsOf(registerBodySchema, toBody(form, true), language);
  const mine = STEPS[step]!.fields;
  return Object.fromEntries(Object.entries(all).filter(([field]) => mine.includes(field as FieldName)));
}

export function stepOf(field: string): number {
  const index = STEPS.findIndex((s) => s.fields.includes(field as FieldName));
  return index === -1 ? STEPS.length - 1 : index;
}
