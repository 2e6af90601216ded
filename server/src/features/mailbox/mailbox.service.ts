import type { z } from 'zod';
import type { mailboxMessageSchema } from '@pp/contract';
import type { Db } from '@pp/db';

/** The newest messages of the local outbox, optionally to one recipient. */
export async function listMailbox(
  db: Db,
  input: { recipient?: string | undefined; limit: number },
): Promise<z.input<typeof mailboxMessageSchema>[]> {
  const messages = await db.mailboxMessage.findMany({
    where: input.recipient ? { recipient: input.recipient } : {},
    orderBy: { id: 'desc' },
    take: input.limit,
  });
  return messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
}
