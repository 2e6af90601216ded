import {
  accountEndpoints,
  authEndpoints,
  type ChangePasswordBody,
  faqEndpoints,
  LOGIN_NOTICES,
  type GroupSigninBody,
  registrationEndpoints,
  type ResetPasswordBody,
  SMS_CODES,
  type SummaryLoginBody,
} from '@pp/contract';
import { queryOptions } from '@tanstack/react-query';
import { call, callData } from '../../api/client.ts';
import { session } from '../../session/session.ts';

/** The group's sign-in stand-in: where the browser goes next (/getsession with a one-time ticket). */
export const groupSignin = async (body: GroupSigninBody) => (await callData(authEndpoints.groupSignin, { body })).redirectUrl;

/** Summary login (section 7): the /getsession ticket for a session; answers the page the job opens. */
/** The procurement stand-in takes its one-time ticket and says who signed in. */
export const procurementExchange = async (ticket: string) =>
  (await call(authEndpoints.procurementExchange, { body: { ticket } })).response;

export async function summaryLogin(body: SummaryLoginBody): Promise<string> {
  const { response } = await call(authEndpoints.summaryLogin, { body });
  session.start(response);
  return response.landingRoute;
}

export const sendResetOtp = async (query: { loginName: string; channel?: 'mobile' | 'email' | undefined }) =>
  await callData(accountEndpoints.sendResetOtp, { query });
export const resendResetOtp = async (loginName: string) =>
  await callData(registrationEndpoints.resendOtp, { query: { 'login-name': loginName, 'sms-code': SMS_CODES.passwordReset } });
export const resetPassword = (body: ResetPasswordBody) => callData(accountEndpoints.resetPassword, { body });
export const changePassword = (body: ChangePasswordBody) => callData(accountEndpoints.changePassword, { body });
/** Sends the e-mail verification link again (the login page offers it to an unverified account). */
export const resendActivation = async (email: string, username: string) =>
  await callData(registrationEndpoints.resendActivation, { query: { 'email-id': email, 'user-name': username } });

/** The notices staff publish on the login page. */
export const loginNoticesQuery = queryOptions({
  queryKey: LOGIN_NOTICES.queryKey,
  queryFn: () => callData(faqEndpoints.loginPageNotification),
});

/** Session extension: keeps the server's idle clock with a user who is active on the page without calling it. */
export async function extendSession(): Promise<void> {
  await call(authEndpoints.extendSession);
}
