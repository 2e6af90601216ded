import { useQuery } from '@tanstack/react-query';
import { api, type RegisterBody } from '@pp/contract';
import { call } from '../../api/client.ts';

const r = api.registration;
const data = async <T>(p: Promise<{ response: T }>) => (await p).response;

export const useRegistrationCountries = () =>
  useQuery({ queryKey: ['registration', 'countries'], queryFn: () => data(call(r.countries)) });
export const useIdentityCards = (countryCode: number | undefined) =>
  useQuery({
    queryKey: ['registration', 'identityCards', countryCode],
    queryFn: () => data(call(r.identityCards, { query: { countryCode: countryCode! } })),
    enabled: Boolean(countryCode),
  });
export const useGroupCompanies = () =>
  useQuery({ queryKey: ['registration', 'companies'], queryFn: () => data(call(r.companies)) });
export const usePrimaryBusinesses = (companyCode: number | undefined) =>
  useQuery({
    queryKey: ['registration', 'businesses', companyCode],
    queryFn: () => data(call(r.primaryBusinesses, { params: { companyCode: companyCode! } })),
    enabled: Boolean(companyCode),
  });
export const useCategories = (businessCode: string | undefined) =>
  useQuery({
    queryKey: ['registration', 'categories', businessCode],
    queryFn: () => data(call(r.categories, { query: { categoryCode: businessCode! } })),
    enabled: Boolean(businessCode),
  });
export const useSubCategories = (categoryCode: string | undefined) =>
  useQuery({
    queryKey: ['registration', 'subCategories', categoryCode],
    queryFn: () => data(call(r.subCategories, { query: { categoryCode: categoryCode! } })),
    enabled: Boolean(categoryCode),
  });
export const useBusinessTerms = (companyCode: number | undefined, categoryCode: string | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['registration', 'terms', companyCode, categoryCode],
    queryFn: () => data(call(r.businessTerms, { query: { companyCode: companyCode!, categoryCode: categoryCode! } })),
    enabled: enabled && Boolean(companyCode && categoryCode),
  });

export const lookups = {
  nationalId: (countryCode: number, kind: string, value: string) =>
    data(call(r.validateIdentityCard, { query: { countryCode, longDesc: kind, identityCard: value } })),
  duns: (duns: string) => data(call(r.verifyDuns, { params: { dunsNumber: duns } })),
  mobile: (mobile: string) => data(call(r.validateMobile, { params: { mobileNumber: mobile } })),
  email: (email: string) => data(call(r.validateEmail, { params: { email } })),
  emailDomain: (email: string) => data(call(r.controlParameterEmail, { params: { email } })),
  username: (username: string) => data(call(r.verifyUsername, { params: { username } })),
};

export const sendOtp = (username: string, mobileNumber: string) =>
  data(call(r.sendRegistrationOtp, { params: { loginName: username }, body: { mobileNumber } }));
export const verifyOtp = (username: string, mobileNumber: string, otp: string) =>
  data(call(r.verifyRegistrationOtp, { body: { loginName: username, mobileNumber, otp } }));
export const resendOtp = (username: string, smsCode: number) =>
  data(call(r.resendOtp, { query: { 'login-name': username, 'sms-code': smsCode } }));
export const register = (form: RegisterBody) => data(call(r.register, { body: form }));
export const activate = (code: string) => data(call(r.activate, { params: { code } }));
