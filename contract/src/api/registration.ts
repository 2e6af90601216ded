import { z } from 'zod';
import { SMS_CODES } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { envelope, idParamSchema, wholeNumber } from '../envelope.ts';
import { ruleSchema } from '../rule-schemas.ts';
import { categoryCodeSchema, registerBodySchema, verifyRegistrationOtpBodySchema } from './registration-form.ts';

/** A partner's number: P and seven digits of the partner-number sequence. */
export const partnerNumberOf = (sequence: bigint | number) => `P${String(sequence).padStart(7, '0')}`;
/** A whole partner number as partnerNumberOf writes it (in any case): P and seven or more digits. */
export const WHOLE_PARTNER_NUMBER = /^P\d{7,}$/i;

/** The answer of every availability or validation look-up: a yes/no and the sentence to show. */
export const availabilitySchema = z.object({ available: z.boolean(), message: z.string() });
export type Availability = z.infer<typeof availabilitySchema>;

export const registrationCountrySchema = z.object({
  countryCode: z.number().int(),
  countryName: z.string(),
  isoCode: z.string(),
  isdCode: z.string(),
});

export const identityCardSchema = z.object({
  identityCard: z.string(),
  longDesc: z.string(),
  pattern: z.string(),
  example: z.string(),
});
export type IdentityCard = z.infer<typeof identityCardSchema>;

export const categoryOptionSchema = z.object({ categoryCode: z.string(), categoryName: z.string() });
export const groupCompanySchema = z.object({
  companyCode: z.number().int(),
  companyName: z.string(),
  longDesc: z.string().nullable(),
});
export const businessTermsSchema = z.object({ companyCode: z.number().int(), categoryCode: z.string(), termsHtml: z.string() });

export const registerResponseSchema = z.object({
  partnerNumber: z.string(),
  username: z.string(),
  email: z.string(),
  message: z.string(),
});

const smsCodeSchema = wholeNumber().pipe(
  z.literal([SMS_CODES.registration, SMS_CODES.passwordReset], {
    error: `sms-code must be ${SMS_CODES.registration} (registration) or ${SMS_CODES.passwordReset} (password reset)`,
  }),
);

export const registrationEndpoints = {
  countries: endpoint({
    method: 'GET',
    path: '/api/country/registration',
    summary: 'Countries a partner can register from',
    tags: ['registration'],
    access: 'public',
    response: envelope(z.array(registrationCountrySchema)),
  }),
  identityCards: endpoint({
    method: 'GET',
    path: '/api/country-identity-card/country-code',
    summary: 'The national identifier of a country and its format',
    tags: ['registration'],
    access: 'public',
    query: z.object({ countryCode: idParamSchema }),
    response: envelope(z.array(identityCardSchema)),
  }),
  validateIdentityCard: endpoint({
    method: 'GET',
    path: '/api/identity-card/validate/identity-card/long-desc',
    summary: 'Check a national id: its format for the kind, and that no partner registered it',
    tags: ['registration'],
    access: 'public',
    query: z.object({
      identityCard: z.string().trim().toUpperCase().min(1).max(30),
      longDesc: z.string().trim().min(1).max(20),
      countryCode: idParamSchema.default(100),
    }),
    response: envelope(availabilitySchema),
  }),
  verifyDuns: endpoint({
    method: 'GET',
    path: '/api/partner/verify/duns-number/:dunsNumber',
    summary: 'Check that no partner registered this DUNS number',
    tags: ['registration'],
    access: 'public',
    params: z.object({ dunsNumber: ruleSchema('duns') }),
    response: envelope(availabilitySchema),
  }),
  validateMobile: endpoint({
    method: 'GET',
    path: '/api/partner/validate/mobile-number/:mobileNumber',
    summary: 'Check that no partner registered this mobile number',
    tags: ['registration'],
    access: 'public',
    params: z.object({ mobileNumber: ruleSchema('universalMobile') }),
    response: envelope(availabilitySchema),
  }),
  validateEmail: endpoint({
    method: 'GET',
    path: '/api/partner/validate/email/:email',
    summary: 'Check that no partner or user registered this e-mail address',
    tags: ['registration'],
    access: 'public',
    params: z.object({ email: z.string().trim().toLowerCase().max(100).pipe(ruleSchema('email')) }),
    response: envelope(availabilitySchema),
  }),
  controlParameterEmail: endpoint({
    method: 'GET',
    path: '/api/control-parameter/email/:email',
    summary: "Check the e-mail's domain against the portal's blocked domains",
    tags: ['registration'],
    access: 'public',
    params: z.object({ email: z.string().trim().toLowerCase().max(100).pipe(ruleSchema('email')) }),
    response: envelope(availabilitySchema),
  }),
  companies: endpoint({
    method: 'GET',
    path: '/api/company',
    summary: 'The group companies a partner can work for',
    tags: ['registration'],
    access: 'public',
    response: envelope(z.array(groupCompanySchema)),
  }),
  primaryBusinesses: endpoint({
    method: 'GET',
    path: '/api/business-category/primary-business/company-code/:companyCode',
    summary: 'Businesses (level 1) of a group company',
    tags: ['registration'],
    access: 'public',
    params: z.object({ companyCode: idParamSchema }),
    response: envelope(z.array(categoryOptionSchema)),
  }),
  categories: endpoint({
    method: 'GET',
    path: '/api/business-category/categories/category-code',
    summary: 'Categories (level 2) under a business',
    tags: ['registration'],
    access: 'public',
    query: z.object({ categoryCode: categoryCodeSchema }),
    response: envelope(z.array(categoryOptionSchema)),
  }),
  subCategories: endpoint({
    method: 'GET',
    path: '/api/business-category/sub-categories/category-code',
    summary: 'Sub-categories (level 3) under a category',
    tags: ['registration'],
    access: 'public',
    query: z.object({ categoryCode: categoryCodeSchema }),
    response: envelope(z.array(categoryOptionSchema)),
  }),
  verifyUsername: endpoint({
    method: 'GET',
    path: '/api/user/verify/:username',
    summary: "Live username check: 'Username Available' or 'Username invalid or already registered.'",
    tags: ['registration'],
    access: 'public',
    params: z.object({ username: z.string().max(100) }),
    response: envelope(availabilitySchema),
  }),
  sendRegistrationOtp: endpoint({
    method: 'POST',
    path: '/api/sms/:loginName',
    summary: 'Send a 6-digit OTP to the mobile number of a registration',
    tags: ['otp'],
    access: 'public',
    params: z.object({ loginName: z.string().trim().pipe(ruleSchema('username')) }),
    body: z.object({ mobileNumber: z.string().trim().pipe(ruleSchema('universalMobile')) }).strict(),
    response: envelope(z.string()),
  }),
  verifyRegistrationOtp: endpoint({
    method: 'POST',
    path: '/api/sms/verify',
    summary: 'Verify the registration OTP (VERIFY → VERIFIED)',
    tags: ['otp'],
    access: 'public',
    body: verifyRegistrationOtpBodySchema,
    response: envelope(z.string()),
  }),
  resendOtp: endpoint({
    method: 'GET',
    path: '/api/sms/resend-otp',
    summary: 'Send a new OTP to where the last one of this user name and purpose went',
    tags: ['otp'],
    access: 'public',
    query: z.object({ 'login-name': z.string().trim().min(1).max(100), 'sms-code': smsCodeSchema }),
    response: envelope(z.string()),
  }),
  businessTerms: endpoint({
    method: 'GET',
    path: '/api/business-terms/company-code/category-code',
    summary: 'Terms and conditions for a company and business',
    tags: ['registration'],
    access: 'public',
    query: z.object({ companyCode: idParamSchema, categoryCode: categoryCodeSchema }),
    response: envelope(businessTermsSchema),
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/partner/register',
    summary: 'Register a new partner (after the mobile OTP is verified)',
    tags: ['registration'],
    access: 'public',
    body: registerBodySchema,
    response: envelope(registerResponseSchema),
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/mail/activate/:code',
    summary: 'Activate an account from the e-mail verification link',
    tags: ['registration'],
    access: 'public',
    params: z.object({ code: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Invalid verification code' }) }),
    secretParams: ['code'],
    response: envelope(z.string()),
  }),
  resendActivation: endpoint({
    method: 'POST',
    path: '/api/user/email/activation',
    summary: 'Send the e-mail verification link again',
    tags: ['registration'],
    access: 'public',
    query: z.object({
      'email-id': z.string().trim().toLowerCase().max(100).pipe(ruleSchema('email')),
      'user-name': z.string().trim().min(1).max(100),
    }),
    response: envelope(z.string()),
  }),
};
