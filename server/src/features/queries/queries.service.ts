import type { z } from 'zod';
import type { chatbotQueryBodySchema } from '@pp/contract';
import type { Db } from '@pp/db';

/**
 * Records a chat callback request with the next PQ reference number. The gateway has checked the
 * chat rules with the visitor; a query whose e-mail is a partner's is linked to that partner.
 */
export async function recordChatbotQuery(
  db: Db,
  input: z.output<typeof chatbotQueryBodySchema>,
  now: Date,
): Promise<{ referenceNumber: string }> {
  const [{ nextval }] = await db.$queryRaw<[{ nextval: bigint }]>`SELECT nextval('partner_query_seq')`;
  const referenceNumber = `PQ${nextval.toString().padStart(7, '0')}`;
  const partner = await db.partner.findFirst({ where: { email: input.partnerEmailId }, select: { id: true } });
  await db.partnerQuery.create({
    data: { referenceNumber, source: 'CHATBOT', ...input, partnerId: partner?.id ?? null, createdAt: now },
  });
  return { referenceNumber };
}
