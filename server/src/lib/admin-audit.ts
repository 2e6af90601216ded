import { MESSAGES, type AdminActionName } from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, type AuthContext } from '@pp/platform';
import type { Tx } from './transaction.ts';

/** JSON as the audit keeps it (dates as ISO text). */
const asJson = (value: unknown) => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as object));

/**
 * Records an admin action of section 6 in the same transaction as its change, so there is no
 * change without its record: who, on which partner or request, before, after, why.
 */
export async function recordAdminAction(
  tx: Tx,
  entry: {
    /** An action of the admin contract, or the bank master's own endpoint (POST /api/admin/bank-branches). */
    action: AdminActionName | 'saveBankMaster';
    actor: AuthContext;
    partnerNumber?: string | null;
    requestNumber?: string | null;
    before?: unknown;
    after?: unknown;
    remarks?: string | null;
    now: Date;
  },
): Promise<{ message: string; auditId: number }> {
  const row = await tx.adminAudit.create({
    data: {
      action: entry.action,
      actorUserId: entry.actor.userId,
      partnerNumber: entry.partnerNumber ?? null,
      requestNumber: entry.requestNumber ?? null,
      ...(entry.before === undefined ? {} : { before: asJson(entry.before) }),
      ...(entry.after === undefined ? {} : { after: asJson(entry.after) }),
      remarks: entry.remarks?.trim() || null,
      createdAt: entry.now,
    },
  });
  return { message: MESSAGES.adminActionDone, auditId: row.id };
}

/** A partner by its number, for an admin action; an unknown number names the field. */
export async function partnerByNumber(db: Db | Tx, partnerNumber: string, field = 'partnerNumber') {
  const partner = await db.partner.findUnique({ where: { partnerNumber }, include: { account: true } });
  if (!partner) throw Invalid(field, MESSAGES.partnerNumberUnknown(partnerNumber));
  return partner;
}
