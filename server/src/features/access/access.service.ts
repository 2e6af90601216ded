import { MESSAGES, PARTNER_TYPE_ACTIVE } from '@pp/contract';
import type { Db } from '@pp/db';
import { NotFound } from '@pp/platform';

/** Switches the session's (and the partner's current) group company and category, if the partner holds it. */
export async function recordCategoryAudit(
  db: Db,
  actor: { partnerId: number; sessionId: string },
  input: { categoryCode: string; companyCode: number },
): Promise<string> {
  const mapping = await db.companyMapping.findUnique({
    where: { partnerId_companyCode_categoryCode: { partnerId: actor.partnerId, ...input } },
  });
  if (!mapping || mapping.status !== PARTNER_TYPE_ACTIVE) {
    throw NotFound(MESSAGES.categoryNotRegistered(input.categoryCode, input.companyCode));
  }
  await db.$transaction([
    db.userSession.update({ where: { id: actor.sessionId }, data: input }),
    db.partner.update({
      where: { id: actor.partnerId },
      data: { currentCompanyCode: input.companyCode, currentCategoryCode: input.categoryCode },
    }),
  ]);
  return MESSAGES.categoryAuditRecorded;
}
