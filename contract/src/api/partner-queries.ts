import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { encryptedIdSchema } from '../crypto.ts';
import { envelope } from '../envelope.ts';
import { paged, pageQuerySchema } from '../paging.ts';
import {
  PARTNER_QUERY_ACTIONS,
  PARTNER_QUERY_AUTHORS,
  PARTNER_QUERY_PERMISSION,
  PARTNER_QUERY_REPLY_MAX,
  PARTNER_QUERY_STATES,
} from '../partner-query.ts';
import { storedFileSchema } from './files.ts';
import type { QuerySource } from './queries.ts';

/**
 * Partner queries worked by staff (spec section 7, "Partner queries and support"): the list of
 * /PartnerQueries, one query with its conversation, insertChatMessage (a reply; staff's is
 * e-mailed to the partner), setResolved, and the partner's own queries. Bodies are ours.
 */
export const PARTNER_QUERY_REFERENCE_PATTERN = /^PQ\d{7,}$/;
/** Where a query came from: the keys of QUERY_SOURCES (queries.ts). */
export const PARTNER_QUERY_SOURCES = ['CHATBOT', 'SUPPORT_FORM'] as const satisfies readonly QuerySource[];
export type PartnerQuerySource = QuerySource;

/** What staff search a query by: reference, name, company, e-mail and partner number. */
export const partnerQueryTitleOf = (q: {
  referenceNumber: string;
  displayName: string;
  companyName: string | null;
  partnerEmailId: string;
  partnerNumber: string | null;
}): string =>
  [q.referenceNumber, q.displayName, q.companyName, q.partnerEmailId, q.partnerNumber].filter(Boolean).join(' ').slice(0, 600);

const referenceSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PARTNER_QUERY_REFERENCE_PATTERN, { error: 'must be a query reference like PQ0000042' });

export const partnerQueryItemSchema = z.object({
  referenceNumber: z.string(),
  source: z.enum(PARTNER_QUERY_SOURCES),
  state: z.enum(PARTNER_QUERY_STATES),
  displayName: z.string(),
  companyName: z.string().nullable(),
  email: z.string(),
  mobileNumber: z.string().nullable(),
  /** The partner who asked, when it asked signed in (a visitor's query has none). */
  partnerNumber: z.string().nullable(),
  /** The group company of the partner's session when it asked. */
  companyCode: z.number().int().nullable(),
  message: z.string(),
  createdAt: z.iso.datetime(),
  /** The last line written, by either side. */
  lastMessageAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type PartnerQueryItem = z.output<typeof partnerQueryItemSchema>;

export const partnerQueryMessageSchema = z.object({
  author: z.enum(PARTNER_QUERY_AUTHORS),
  /** Staff who wrote it (staff read this; the partner reads "the group"). */
  authorName: z.string().nullable(),
  text: z.string(),
  at: z.iso.datetime(),
});
export type PartnerQueryMessage = z.output<typeof partnerQueryMessageSchema>;

export const partnerQueryDetailSchema = partnerQueryItemSchema.extend({
  /** The page it was asked from (support form). */
  siteUrl: z.string().nullable(),
  attachment: storedFileSchema.nullable(),
  /** The chat before a callback, then every reply, oldest first. */
  messages: z.array(partnerQueryMessageSchema),
  actions: z.array(z.enum(PARTNER_QUERY_ACTIONS)),
});
export type PartnerQueryDetail = z.output<typeof partnerQueryDetailSchema>;

export const partnerQueryListQuerySchema = pageQuerySchema
  .extend({
    /** The company whose partners' queries to list, encrypted (every company's and visitors' when absent). */
    encCompanyCode: encryptedIdSchema.optional(),
    /** The caller in the group's sign-in: its job and user (the session says who it is here). */
    jobCode: z.string().trim().max(30).optional(),
    userId: z.string().trim().max(200).optional(),
    state: z.enum(PARTNER_QUERY_STATES).optional(),
    source: z.enum(PARTNER_QUERY_SOURCES).optional(),
  })
  .strict();
export type PartnerQueryListQuery = z.output<typeof partnerQueryListQuerySchema>;

export const partnerQueryReplyBodySchema = z
  .object({
    referenceNumber: referenceSchema,
    message: z.string().trim().min(2).max(PARTNER_QUERY_REPLY_MAX),
  })
  .strict();
export type PartnerQueryReplyBody = z.output<typeof partnerQueryReplyBodySchema>;

export const partnerQueryStepBodySchema = z
  .object({ referenceNumber: referenceSchema, remarks: z.string().trim().max(PARTNER_QUERY_REPLY_MAX).optional() })
  .strict();
export type PartnerQueryStepBody = z.output<typeof partnerQueryStepBodySchema>;

/** The partner who asked, or staff holding PARTNER_QUERY_PERMISSION (the server checks which). */
const staffAndPartner = 'session' as const;

export const partnerQueryEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/partnerqueries/getAllPartnerQueryList',
    summary:
      'Partner queries for staff, newest first, paged: by company (encrypted), state and source, searched by reference, name, company, e-mail or partner number',
    tags: ['partner-queries'],
    access: { permission: PARTNER_QUERY_PERMISSION },
    query: partnerQueryListQuerySchema,
    response: envelope(paged(partnerQueryItemSchema)),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/partnerqueries/query/:referenceNumber',
    summary: 'One partner query with its chat transcript, attachment, replies and the steps the caller may take',
    tags: ['partner-queries'],
    access: staffAndPartner,
    params: z.object({ referenceNumber: referenceSchema }).strict(),
    response: envelope(partnerQueryDetailSchema),
  }),
  mine: endpoint({
    method: 'GET',
    path: '/api/partnerqueries/vfacing/getPartnerQueries',
    summary:
      "A partner's queries, newest first: the signed-in partner's own, or for staff the partner named by partnerId (encrypted)",
    tags: ['partner-queries'],
    access: staffAndPartner,
    query: pageQuerySchema.extend({ partnerId: encryptedIdSchema.optional() }).strict(),
    response: envelope(paged(partnerQueryItemSchema)),
  }),
  insertChatMessage: endpoint({
    method: 'POST',
    path: '/api/partnerqueries/vfacing/insertChatMessage',
    summary:
      "Write on a query: staff's reply is e-mailed to the partner (and, for a partner, noticed in the portal); the partner's own reply opens it again",
    tags: ['partner-queries'],
    access: staffAndPartner,
    body: partnerQueryReplyBodySchema,
    response: envelope(partnerQueryDetailSchema),
  }),
  setResolved: endpoint({
    method: 'POST',
    path: '/api/partnerqueries/vfacing/setResolved',
    summary: 'Resolve a query, with remarks the partner is e-mailed',
    tags: ['partner-queries'],
    access: { permission: PARTNER_QUERY_PERMISSION },
    body: partnerQueryStepBodySchema,
    response: envelope(partnerQueryDetailSchema),
  }),
  setClosed: endpoint({
    method: 'POST',
    path: '/api/partnerqueries/vfacing/setClosed',
    summary: 'Close a query for good (staff, or the partner who asked it)',
    tags: ['partner-queries'],
    access: staffAndPartner,
    body: partnerQueryStepBodySchema,
    response: envelope(partnerQueryDetailSchema),
  }),
  isRequired: endpoint({
    method: 'GET',
    path: '/api/common-view/isPartnerQueriesRequired',
    summary:
      'Whether the caller works partner queries (the Partner Queries page is offered); with a company, how many of its queries wait for an answer',
    tags: ['partner-queries'],
    access: 'staff',
    query: z.object({ encCompanyCode: encryptedIdSchema.optional(), eipUserId: z.string().trim().max(200).optional() }).strict(),
    response: envelope(z.object({ required: z.boolean(), waiting: z.number().int().nonnegative() })),
  }),
};
