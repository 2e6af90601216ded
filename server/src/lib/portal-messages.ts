import { decryptId } from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, type AuthContext } from '@pp/platform';

/** Portal messages (login notice, scrolling messages) of the given types that are active at `now`, in their order. */
export function activePortalMessages(db: Db, messageTypeIds: number[], now: Date) {
  return db.portalMessage.findMany({
    where: {
      messageTypeId: { in: messageTypeIds },
      isActive: true,
      AND: [{ OR: [{ validFrom: null }, { validFrom: { lte: now } }] }, { OR: [{ validTo: null }, { validTo: { gte: now } }] }],
    },
    orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }],
  });
}

/** A client's encrypted login audit number must be its own session's (logout, scroll messages). */
export function assertOwnAuditNumber(auth: AuthContext, encrypted: string): void {
  const auditNumber = decryptId(encrypted);
  if (auditNumber === null) throw Invalid('loginAuditNumber', 'is not a valid encrypted login audit number');
  if (auditNumber !== auth.auditNumber.toString()) throw Invalid('loginAuditNumber', 'does not belong to this session');
}
