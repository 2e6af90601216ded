import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope } from '../envelope.ts';
import { paged, pageQuerySchema } from '../paging.ts';

export const mailboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['EMAIL', 'SMS']),
  recipient: z.string(),
  sender: z.string().nullable(),
  subject: z.string().nullable(),
  textBody: z.string(),
  htmlBody: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;

/** Dev-only: the local outbox of every SMS and every mail the SMTP sink received (off in production). */
export const mailboxEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/dev/mailbox',
    summary: 'Development only: the local outbox (SMS and e-mail), newest first',
    tags: ['dev'],
    access: 'public',
    query: pageQuerySchema.extend({ recipient: z.string().trim().toLowerCase().max(254).optional() }),
    response: envelope(paged(mailboxMessageSchema)),
  }),
};
