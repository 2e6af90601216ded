import type { z } from 'zod';
import type { MailboxMessage, PageQuery, Paged, mailboxMessageSchema } from '@pp/contract';
import type { Db } from '@pp/db';
import { keysetPage } from '../../lib/paging.ts';

/** The local outbox, newest first, optionally to one recipient; paged by id. */
export async function listMailbox(
  db: Db,
  input: PageQuery & { recipient?: string | undefined },
): Promise<Paged<z.input<typeof mailboxMessageSchema>>> {
  const where = input.recipient ? { recipient: input.recipient } : {};
  // The outbox is not searched (a term is no filter here), so nothing caps its total.
  const page = await keysetPage<Awaited<ReturnType<typeof db.mailboxMessage.findMany>>[number], number>(
    { ...input, searchTerm: undefined },
    {
      total: () => db.mailboxMessage.count({ where }),
      rows: ({ after, skip, take }) =>
        db.mailboxMessage.findMany({
          where: after === null ? where : { ...where, id: { lt: after } },
          orderBy: { id: 'desc' },
          skip,
          take,
        }),
      keyOf: (m) => m.id,
    },
  );
  return { ...page, items: page.items.map((m): MailboxMessage => ({ ...m, createdAt: m.createdAt.toISOString() })) };
}
