import { z } from 'zod';
import { companyCodeParam, wholeNumber } from '../envelope.ts';
import { ruleSchema } from '../rule-schemas.ts';
import { RULES } from '../rules.ts';

/*
 * The registration's forms, apart from its endpoints (registration.ts): the web page loads these
 * schemas when its form is first checked, not as it starts (@pp/contract/registration-form), and
 * building them was most of the evaluation of the page's contract (a long task on Lighthouse's phone).
 */

export const categoryCodeSchema = z.string().trim().min(1).max(20);
const trimmed = (max: number) => z.string().trim().min(1).max(max);
// A missing code reads as 'required', not as a wrong type (companyCodeParam's message).
const companyCodeSchema = companyCodeParam;
const optionalCode = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((v) => (v ? v : undefined));

/**
 * The registration form of spec section 3. Format rules are checked here; what needs the
 * database (the country's national id format, category tree, uniqueness, the verified OTP) is
 * checked by the server, which names the field the same way.
 */
export const registerBodySchema = z
  .object({
    countryCode: wholeNumber().pipe(z.number().positive()),
    identityCard: trimmed(20),
    nationalId: z.string().trim().toUpperCase().min(1).max(30),
    dunsNumber: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(ruleSchema('duns').optional()),
    coordinationPerson: z.string().trim().pipe(ruleSchema('personName')),
    mobileNumber: z.string().trim().pipe(ruleSchema('universalMobile')),
    email: z.string().trim().toLowerCase().max(100).pipe(ruleSchema('email')),
    organizationName: z.string().trim().max(200).pipe(ruleSchema('companyName')),
    designation: z.string().trim().pipe(ruleSchema('designation')),
    website: z
      .string()
      .trim()
      .max(300)
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(ruleSchema('url').optional()),
    companyCode: companyCodeSchema,
    primaryBusiness: categoryCodeSchema,
    primaryCategory: categoryCodeSchema,
    primarySubCategory: categoryCodeSchema,
    secondaryBusiness: optionalCode,
    secondaryCategory: optionalCode,
    secondarySubCategory: optionalCode,
    username: z.string().trim().pipe(ruleSchema('username')),
    password: ruleSchema('password'),
    confirmPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
    termsAccepted: z.literal(true, { error: 'rule.termsAccepted' }),
  })
  .strict()
  .superRefine((form, ctx) => {
    if (form.password !== form.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
    }
    if (form.countryCode === 100 && !RULES.mobile.pattern.test(form.mobileNumber)) {
      ctx.addIssue({ code: 'custom', path: ['mobileNumber'], message: 'rule.mobile' });
    }
    const secondary = [form.secondaryBusiness, form.secondaryCategory, form.secondarySubCategory];
    if (secondary.some(Boolean) && !secondary.every(Boolean)) {
      const missing = ['secondaryBusiness', 'secondaryCategory', 'secondarySubCategory'][secondary.findIndex((v) => !v)]!;
      ctx.addIssue({ code: 'custom', path: [missing], message: 'validation.required' });
    }
    if (form.secondarySubCategory && form.secondarySubCategory === form.primarySubCategory) {
      ctx.addIssue({ code: 'custom', path: ['secondarySubCategory'], message: 'rule.differentSecondary' });
    }
  });
export type RegisterBody = z.input<typeof registerBodySchema>;

/** The OTP sent to the mobile number at the end of the registration, with whom it was sent for. */
export const verifyRegistrationOtpBodySchema = z
  .object({
    loginName: z.string().trim().pipe(ruleSchema('username')),
    mobileNumber: z.string().trim().pipe(ruleSchema('universalMobile')),
    otp: z.string().trim().pipe(ruleSchema('registrationOtp')),
  })
  .strict();
