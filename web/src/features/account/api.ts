import { SMS_CODES, api, type ChangePasswordBody, type ResetPasswordBody } from '@pp/contract';
import { call } from '../../api/client.ts';

export const sendResetOtp = async (loginName: string, channel: 'mobile' | 'email') =>
  (await call(api.account.sendResetOtp, { query: { loginName, channel } })).response;
export const resendResetOtp = async (loginName: string) =>
  (await call(api.registration.resendOtp, { query: { 'login-name': loginName, 'sms-code': SMS_CODES.passwordReset } })).response;
export const resetPassword = async (body: ResetPasswordBody) => (await call(api.account.resetPassword, { body })).response;
export const changePassword = async (body: ChangePasswordBody) => (await call(api.account.changePassword, { body })).response;
export const dashboardRedirection = async () => (await call(api.account.redirection)).response.route;
