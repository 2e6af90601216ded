import type { z } from 'zod';
import type { chatbotQueryBodySchema } from '@pp/contract';
import type { Db } from '@pp/db';

/**
 * Records a chat callback request with the next PQ reference number. The gateway has checked the
 * chat rules with the visitor. The request belongs to a partner only when that partner, signed in,
 * asked for it: an e-mail address typed into the chat proves nothing.
 */
export async function recordChatbotQuery(
  db: Db,
  input: z.output<typeof chatbotQueryBodySchema>,
  partnerId: number | null,
  now: Date,
): Promise<{ referenceNumber: string }> {
  const [{ nextval }] = await db.$queryRaw<[{ nextval: bigint }]>`SELECT nextval('partner_query_seq')`;
  const referenceNumber = `PQ${nextval.toString().padStart(7, '0')}`;
  await db.partnerQuery.create({ data: { referenceNumber, source: 'CHATBOT', ...input, partnerId, createdAt: now } });
  return { referenceNumber };
}
