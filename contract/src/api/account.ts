import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { ruleSchema } from '../rule-schemas.ts';

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

export const redirectionSchema = z.object({ route: z.string() });

export const accountEndpoints = {
  redirection: endpoint({
    method: 'GET',
    path: '/api/dashboard/redirection',
    summary: 'Where a user goes after login (partner dashboards or the staff landing page)',
    tags: ['auth'],
    access: 'session',
    response: envelope(redirectionSchema),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/change-password',
    summary: "Change the signed-in user's password",
    tags: ['auth'],
    access: 'session',
    body: changePasswordBodySchema,
    response: envelope(z.string()),
  }),
  sendResetOtp: endpoint({
    method: 'GET',
    path: '/api/sms/login-sms',
    summary: 'Send a password-reset OTP to the registered mobile number or e-mail of a user name',
    tags: ['otp'],
    access: 'public',
    query: sendResetOtpQuerySchema,
    response: envelope(z.string()),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/user/reset-password',
    summary: 'Set a new password with the reset OTP (the spec gives no path for this call)',
    tags: ['auth'],
    access: 'public',
    body: resetPasswordBodySchema,
    response: envelope(z.string()),
  }),
};
