import { TEXTS, type AdminActionName, type Text } from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, type AuthContext } from '@pp/platform';
import type { Tx } from './transaction.ts';

/** JSON as the audit keeps it (dates as ISO text). */
const asJson = (value: unknown) => (value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as object));

/** What an admin action answers: its message (said in the reader's language by the route) and the audit row. */
export interface AdminActionDone {
  message: Text;
  auditId: number;
}

/** An admin action's answer with its message in the reader's language. */
export const saidDone = (say: (message: Text) => string, done: AdminActionDone) => ({ ...done, message: say(done.message) });

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
): Promise<AdminActionDone> {
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
  return { message: TEXTS.adminActionDone, auditId: row.id };
}

/** A partner by its number, for an admin action; an unknown number names the field. */
export async function partnerByNumber(db: Db | Tx, partnerNumber: string, field = 'partnerNumber') {
  const partner = await db.partner.findUnique({ where: { partnerNumber }, include: { account: true } });
  if (!partner) throw Invalid(field, TEXTS.partnerNumberUnknown(partnerNumber));
  return partner;
}
