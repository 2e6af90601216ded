import { z } from 'zod';
import {
  CHAT_FORM_FIELD_MAX_CHARS,
  EMAIL_OTP_SMS_CODE,
  SUPPORT_MESSAGE_MAX_CHARS,
  SUPPORT_MESSAGE_MIN_CHARS,
  SUPPORT_NAME_MAX_CHARS,
  SUPPORT_NAME_MIN_CHARS,
  SUPPORT_OTP_DIGITS,
} from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { companyCodeParam, envelope } from '../envelope.ts';
import { ruleSchema } from '../rule-schemas.ts';
import { RULES } from '../rules.ts';

/** Header by which the gateway proves it is the gateway (a shared secret, not a user session). */
/** A partner query's reference number: PQ and seven digits of its sequence. */
export const queryReferenceOf = (sequence: bigint | number) => `PQ${String(sequence).padStart(7, '0')}`;
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/** The chat's last lines a callback request carries, for staff to read with the query. */
export const CHAT_TRANSCRIPT_MAX_LINES = 30;
export const chatTranscriptLineSchema = z
  .object({ author: z.enum(['VISITOR', 'BOT']), text: z.string().max(2000), at: z.iso.datetime() })
  .strict();
export type ChatTranscriptLine = z.output<typeof chatTranscriptLineSchema>;

export const chatbotQueryBodySchema = z
  .object({
    displayName: z.string().trim().pipe(ruleSchema('chatName')),
    companyName: z.string().trim().pipe(ruleSchema('chatName')),
    mobileNumber: z.string().trim().pipe(ruleSchema('mobile')),
    partnerEmailId: z.string().trim().toLowerCase().max(CHAT_FORM_FIELD_MAX_CHARS).pipe(ruleSchema('chatEmail')),
    message: z.string().trim().min(1).max(500),
    transcript: z.array(chatTranscriptLineSchema).max(CHAT_TRANSCRIPT_MAX_LINES).optional(),
  })
  .strict();

/** The support form of spec section 5: name, e-mail and message, with the spec's own messages. */
/**
 * E-mail domains the support form refuses (the group's own people use the helpdesk): a first label
 * that is one of the two group companies' names, or any label holding the group's token.
 */
export const SUPPORT_REFUSED_FIRST_LABELS = ['meridianec', 'meridianinfra'] as const;
export const SUPPORT_REFUSED_DOMAIN_TOKEN = 'mecgroup';

export function supportDomainRefused(email: string): boolean {
  const domain = email.split('@')[1]?.toLowerCase() ?? '';
  const first = domain.split('.')[0] ?? '';
  return (SUPPORT_REFUSED_FIRST_LABELS as readonly string[]).includes(first) || domain.includes(SUPPORT_REFUSED_DOMAIN_TOKEN);
}

export const supportNameSchema = z
  .string()
  .trim()
  .max(SUPPORT_NAME_MAX_CHARS)
  .regex(/^[A-Za-z0-9 &-]*$/, { error: 'support.nameChars' })
  .min(SUPPORT_NAME_MIN_CHARS, { error: 'support.nameShort' });
export const supportEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: 'support.emailEmpty', abort: true })
  .max(100)
  .regex(RULES.email.pattern, { error: 'support.emailPattern' })
  .refine((email) => !supportDomainRefused(email), { error: 'support.emailDomain' });
export const supportMessageSchema = z
  .string()
  .trim()
  .min(SUPPORT_MESSAGE_MIN_CHARS, { error: 'support.messageShort' })
  .max(SUPPORT_MESSAGE_MAX_CHARS);

/** A query from the support form (spec section 3: the support query's fields). */
export const supportQueryBodySchema = z
  .object({
    partnerEmailId: supportEmailSchema,
    /** The helpdesk address the query goes to (the site's, when not given). */
    supportEmailId: z.string().trim().toLowerCase().max(100).regex(RULES.email.pattern).optional(),
    /** The signed-in user's id as the browser keeps it (eid, encoded); the server trusts its session instead. */
    supportUserId: z.string().trim().max(200).optional(),
    displayName: supportNameSchema,
    message: supportMessageSchema,
    /** A file the signed-in partner uploaded (visitors may not attach). */
    attachmentDocId: z.uuid({ error: 'validation.fileId' }).optional(),
    /** The page the query was asked from. */
    siteUrl: z.string().trim().max(300).optional(),
  })
  .strict();
export type SupportQueryBody = z.output<typeof supportQueryBodySchema>;

export const QUERY_SOURCES = { CHATBOT: chatbotQueryBodySchema, SUPPORT_FORM: supportQueryBodySchema } as const;
export type QuerySource = keyof typeof QUERY_SOURCES;

/** E-mail OTP send (spec section 3): the name and e-mail joined by a comma, encrypted. */
export const emailOtpSendBodySchema = z
  .object({
    companyCode: companyCodeParam.optional(),
    payLoad: z.string().min(1).max(500),
    smsCode: z.literal(EMAIL_OTP_SMS_CODE),
  })
  .strict();
export const emailOtpVerifyBodySchema = z
  .object({
    /** The e-mail, encrypted. */
    email: z.string().min(1).max(500),
    referenceNumber: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${SUPPORT_OTP_DIGITS}}$`), { error: 'support.otp' }),
    smsCode: z.literal(EMAIL_OTP_SMS_CODE),
  })
  .strict();

export const openQuerySchema = z.object({ referenceNumber: z.string(), createdAt: z.iso.datetime() });

export const queriesEndpoints = {
  insertPartnerQueryEntry: endpoint({
    method: 'POST',
    path: '/api/partnerqueries/vfacing/insertPartnerQueryEntry',
    summary:
      "Record a partner query. source SUPPORT_FORM: the support form (a visitor after the e-mail OTP, or a signed-in partner); source CHATBOT: the chat callback request, sent by the gateway with its internal token. The body is the source's schema (supportQueryBodySchema or chatbotQueryBodySchema).",
    tags: ['queries'],
    access: 'public',
    query: z.object({ source: z.enum(['CHATBOT', 'SUPPORT_FORM']) }),
    // Checked against the source's own schema by the server, so errors name the source's fields.
    body: z.record(z.string(), z.unknown()),
    response: envelope(z.object({ referenceNumber: z.string() })),
  }),
  openQueries: endpoint({
    method: 'GET',
    path: '/api/partnerqueries/vfacing/getAllPartnerQueryListWithId/:email',
    summary:
      "Open queries of an e-mail address (reference and date only); the answer 'No records found' means none. Only for whoever proved the address: a visitor after verifying its e-mail OTP, the signed-in partner it belongs to, or staff who answer queries (403 otherwise)",
    tags: ['queries'],
    access: 'public',
    params: z.object({
      email: z.string().trim().toLowerCase().max(100).regex(RULES.email.pattern, { error: 'support.emailPattern' }),
    }),
    response: envelope(z.union([z.literal('No records found'), z.array(openQuerySchema)])),
  }),
  sendEmailOtp: endpoint({
    method: 'POST',
    path: '/api/sendOtp/email',
    summary: "Send a 5-digit OTP to the support form's e-mail (smsCode 3); answers 'OTP sent successfully'",
    tags: ['queries'],
    access: 'public',
    body: emailOtpSendBodySchema,
    response: envelope(z.string()),
  }),
  verifyEmailOtp: endpoint({
    method: 'POST',
    path: '/api/email/otp/verify',
    summary: 'Verify the e-mail OTP of the support form; a verified e-mail may submit one query within the OTP’s life',
    tags: ['queries'],
    access: 'public',
    body: emailOtpVerifyBodySchema,
    response: envelope(z.string()),
  }),
};
