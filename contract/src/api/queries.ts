import { z } from 'zod';
import { CHAT_FORM_FIELD_MAX_CHARS } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { ruleSchema } from '../rules.ts';

/** Header by which the gateway proves it is the gateway (a shared secret, not a user session). */
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

export const FAQ_LANGUAGE_CODES = ['en', 'hi', 'ta', 'te'] as const;

export const faqSchema = z.object({
  id: z.number().int(),
  category: z.string(),
  categoryTitle: z.string(),
  question: z.string(),
  answer: z.string(),
});

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
    auth: false,
    query: z.object({ source: z.enum(['CHATBOT', 'SUPPORT_FORM']) }),
    body: chatbotQueryBodySchema,
    response: envelope(z.object({ referenceNumber: z.string() })),
  }),
  getAllFaqs: endpoint({
    method: 'POST',
    path: '/api/faq/getAllFaqs',
    summary: 'Frequently asked questions in one language, optionally of one category',
    tags: ['faq'],
    auth: false,
    body: z
      .object({ language: z.enum(FAQ_LANGUAGE_CODES).default('en'), category: z.string().max(40).optional() })
      .strict()
      .default({ language: 'en' }),
    response: envelope(z.array(faqSchema)),
  }),
};
