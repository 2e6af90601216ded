import { TEXTS, PARTNER_TYPE_ACTIVE, type Text } from '@pp/contract';
import type { Db } from '@pp/db';
import { NotFound, type AuthContext } from '@pp/platform';
import { profileStatus } from '../../lib/profile-status.ts';
import type { TokenService } from '../../lib/tokens.ts';

/**
 * Switches the session's (and the partner's current) group company and business, if the partner
 * holds it, and answers a token carrying the onboarding status of that company's profile.
 */
export async function recordCategoryAudit(
  deps: { db: Db; tokens: TokenService },
  auth: AuthContext & { partnerId: number },
  input: { categoryCode: string; companyCode: number },
): Promise<{ message: Text; accessToken: string }> {
  const { db } = deps;
  const mapping = await db.companyMapping.findUnique({
    where: { partnerId_companyCode_categoryCode: { partnerId: auth.partnerId, ...input } },
  });
  if (!mapping || mapping.status !== PARTNER_TYPE_ACTIVE) {
    throw NotFound(TEXTS.categoryNotRegistered(input.categoryCode, input.companyCode));
  }
  await db.$transaction([
    db.userSession.update({ where: { id: auth.sessionId }, data: input }),
    db.partner.update({
      where: { id: auth.partnerId },
      data: { currentCompanyCode: input.companyCode, currentCategoryCode: input.categoryCode },
    }),
  ]);
  const userStatus = await profileStatus(db, auth.partnerId, input.companyCode, input.categoryCode);
  const accessToken = await deps.tokens.sign({ sid: auth.sessionId, sub: String(auth.userId), role: auth.role, userStatus });
  return { message: TEXTS.categoryAuditRecorded, accessToken };
}
