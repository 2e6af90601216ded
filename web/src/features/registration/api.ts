import { queryOptions } from '@tanstack/react-query';
import { type RegisterBody, registrationEndpoints } from '@pp/contract';
import { callData } from '../../api/client.ts';
import { businessesQuery } from '../../api/reference.ts';

const r = registrationEndpoints;

/** Query keys of the registration reference data, one factory so a key is never spelt twice. */
export const registrationKeys = {
  all: ['registration'] as const,
  countries: () => [...registrationKeys.all, 'countries'] as const,
  identityCards: (countryCode: number) => [...registrationKeys.all, 'identityCards', countryCode] as const,
  companies: () => [...registrationKeys.all, 'companies'] as const,
  categories: (businessCode: string) => [...registrationKeys.all, 'categories', businessCode] as const,
  subCategories: (categoryCode: string) => [...registrationKeys.all, 'subCategories', categoryCode] as const,
  terms: (companyCode: number, categoryCode: string) => [...registrationKeys.all, 'terms', companyCode, categoryCode] as const,
};

export const registrationQueries = {
  countries: () => queryOptions({ queryKey: registrationKeys.countries(), queryFn: () => callData(r.countries) }),
  identityCards: (countryCode: number | undefined) =>
    queryOptions({
      queryKey: registrationKeys.identityCards(countryCode ?? 0),
      queryFn: () => callData(r.identityCards, { query: { countryCode: countryCode! } }),
      enabled: Boolean(countryCode),
    }),
  companies: () => queryOptions({ queryKey: registrationKeys.companies(), queryFn: () => callData(r.companies) }),
  businesses: (companyCode: number | undefined) => businessesQuery(companyCode || null),
  categories: (businessCode: string | undefined) =>
    queryOptions({
      queryKey: registrationKeys.categories(businessCode ?? ''),
      queryFn: () => callData(r.categories, { query: { categoryCode: businessCode! } }),
      enabled: Boolean(businessCode),
    }),
  subCategories: (categoryCode: string | undefined) =>
    queryOptions({
      queryKey: registrationKeys.subCategories(categoryCode ?? ''),
      queryFn: () => callData(r.subCategories, { query: { categoryCode: categoryCode! } }),
      enabled: Boolean(categoryCode),
    }),
  terms: (companyCode: number | undefined, categoryCode: string | undefined) =>
    queryOptions({
      queryKey: registrationKeys.terms(companyCode ?? 0, categoryCode ?? ''),
      queryFn: () => callData(r.businessTerms, { query: { companyCode: companyCode!, categoryCode: categoryCode! } }),
      enabled: Boolean(companyCode && categoryCode),
    }),
};

/** The server's checks of single fields, asked while the form is typed. */
export const lookups = {
  nationalId: (countryCode: number, kind: string, value: string) =>
    callData(r.validateIdentityCard, { query: { countryCode, longDesc: kind, identityCard: value } }),
  duns: (duns: string) => callData(r.verifyDuns, { params: { dunsNumber: duns } }),
  mobile: (mobile: string) => callData(r.validateMobile, { params: { mobileNumber: mobile } }),
  email: (email: string) => callData(r.validateEmail, { params: { email } }),
  emailDomain: (email: string) => callData(r.controlParameterEmail, { params: { email } }),
  username: (username: string) => callData(r.verifyUsername, { params: { username } }),
};

export const sendOtp = (username: string, mobileNumber: string) =>
  callData(r.sendRegistrationOtp, { params: { loginName: username }, body: { mobileNumber } });
export const verifyOtp = (username: string, mobileNumber: string, otp: string) =>
  callData(r.verifyRegistrationOtp, { body: { loginName: username, mobileNumber, otp } });
export const resendOtp = (username: string, smsCode: number) =>
  callData(r.resendOtp, { query: { 'login-name': username, 'sms-code': smsCode } });
export const register = (form: RegisterBody) => callData(r.register, { body: form });
export const activate = (code: string) => callData(r.activate, { params: { code } });
