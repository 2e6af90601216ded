import { z } from 'zod';
import { ruleSchema } from '../rule-schemas.ts';

/*
 * The forms of a user's password, apart from their endpoints (account.ts): the sign-in page makes
 * account calls as it starts, and these schemas, built with them, brought zod into its start.
 */

const newPasswordFields = {
  newPassword: ruleSchema('password'),
  confirmPassword: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
};

function passwordsMatch(form: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (form.newPassword !== form.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordMismatch' });
  }
}

export const changePasswordBodySchema = z
  .object({ oldPassword: z.string().min(1).max(128), ...newPasswordFields })
  .strict()
  .superRefine(passwordsMatch);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const resetPasswordBodySchema = z
  .object({
    loginName: z.string().trim().min(1).max(100),
    otp: z.string().trim().pipe(ruleSchema('registrationOtp')),
    ...newPasswordFields,
  })
  .strict()
  .superRefine(passwordsMatch);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const RESET_CHANNELS = ['mobile', 'email'] as const;

/** Whom a password-reset OTP is for and where it goes (the reset page's first form). */
export const sendResetOtpQuerySchema = z.object({
  loginName: z.string().trim().min(1).max(100),
  channel: z.enum(RESET_CHANNELS).default('mobile'),
});
