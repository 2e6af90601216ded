import { queryOptions } from '@tanstack/react-query';
import {
  EMAIL_OTP_SMS_CODE,
  encryptId,
  faqEndpoints,
  partnerQueryEndpoints,
  queriesEndpoints,
  type SupportQueryBody,
} from '@pp/contract';
import { callData } from '../../api/client.ts';
import { partnerQueryKeys } from '../../api/partner-queries.ts';

export const videoGuidesQuery = (pageName: string) =>
  queryOptions({
    queryKey: ['video-guides', pageName],
    queryFn: () => callData(faqEndpoints.videoGuides, { query: { pageName } }),
    staleTime: Infinity,
  });

/** Sends the 5-digit e-mail OTP: the name and e-mail joined by a comma, encrypted (spec section 3). */
export const sendSupportOtp = async (name: string, email: string) =>
  await callData(queriesEndpoints.sendEmailOtp, {
    body: { payLoad: encryptId(`${name},${email}`), smsCode: EMAIL_OTP_SMS_CODE },
  });

export const verifySupportOtp = async (email: string, otp: string) =>
  await callData(queriesEndpoints.verifyEmailOtp, {
    body: { email: encryptId(email), referenceNumber: otp, smsCode: EMAIL_OTP_SMS_CODE },
  });

/** Whether the address has an open query ('No records found' means none). */
export const hasOpenQuery = async (email: string) =>
  (await callData(queriesEndpoints.openQueries, { params: { email } })) !== 'No records found';

export const submitSupportQuery = async (body: SupportQueryBody) =>
  await callData(queriesEndpoints.insertPartnerQueryEntry, { query: { source: 'SUPPORT_FORM' }, body });

/** The signed-in partner's own queries, newest first. */
export const myPartnerQueriesQuery = (pageSize: number) =>
  queryOptions({
    queryKey: [...partnerQueryKeys.all, 'mine', pageSize],
    queryFn: () => callData(partnerQueryEndpoints.mine, { query: { pageSize } }),
  });
