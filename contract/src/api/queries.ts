import { z } from 'zod';
import { CHAT_FORM_FIELD_MAX_CHARS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { ruleSchema } from '../rules.ts';

/** Header by which the gateway proves it is the gateway (a shared secret, not a user session). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

export const chatbotQueryBodySchema = z
  .object({
    displayName: z.string().trim().pipe(ruleSchema('chatName')),
    companyName: z.string().trim().pipe(ruleSchema('chatName')),
    mobileNumber: z.string().trim().pipe(ruleSchema('mobile')),
    partnerEmailId: z.string().trim().toLowerCase().max(CHAT_FORM_FIELD_MAX_CHARS).pipe(ruleSchema('chatEmail')),
    message: z.string().trim().min(1).max(500),
  })
  .strict();

export const queriesEndpoints = {
  insertPartnerQueryEntry: endpoint({
    method: 'POST',
    path: '/api/partnerqueries/vfacing/insertPartnerQueryEntry',
    summary: 'Record a partner query; source CHATBOT is the chat callback request, sent by the gateway',
    tags: ['queries'],
    access: 'internal',
    query: z.object({ source: z.enum(['CHATBOT']) }),
    body: chatbotQueryBodySchema,
    response: envelope(z.object({ referenceNumber: z.string() })),
  }),
};
