import { queryOptions } from '@tanstack/react-query';
import { EMAIL_OTP_SMS_CODE, api, encryptId, type SupportQueryBody } from '@pp/contract';
import { call } from '../../api/client.ts';

export const videoGuidesQuery = (pageName: string) =>
  queryOptions({
    queryKey: ['video-guides', pageName],
    queryFn: async () => (await call(api.faq.videoGuides, { query: { pageName } })).response,
    staleTime: Infinity,
  });

/** Sends the 5-digit e-mail OTP: the name and e-mail joined by a comma, encrypted (spec section 3). */
export const sendSupportOtp = async (name: string, email: string) =>
  (await call(api.queries.sendEmailOtp, { body: { payLoad: encryptId(`${name},${email}`), smsCode: EMAIL_OTP_SMS_CODE } }))
    .response;

export const verifySupportOtp = async (email: string, otp: string) =>
  (
    await call(api.queries.verifyEmailOtp, {
      body: { email: encryptId(email), referenceNumber: otp, smsCode: EMAIL_OTP_SMS_CODE },
    })
  ).response;

/** Whether the address has an open query ('No records found' means none). */
export const hasOpenQuery = async (email: string) =>
  (await call(api.queries.openQueries, { params: { email } })).response !== 'No records found';

export const submitSupportQuery = async (body: SupportQueryBody) =>
  (await call(api.queries.insertPartnerQueryEntry, { query: { source: 'SUPPORT_FORM' }, body })).response;
