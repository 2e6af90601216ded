import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { changePasswordBodySchema, resetPasswordBodySchema, sendResetOtpQuerySchema } from './account-forms.ts';

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
