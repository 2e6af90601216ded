import { GRIEVANCE_PERMISSION, PARTNER_QUERY_PERMISSION, hasPermission } from '@pp/contract';
import type { Db } from '@pp/db';
import type { AuthContext } from '@pp/platform';

/**
 * Documents on a grievance are read by both sides: the partner reads what staff attached to their
 * steps, staff working grievances read the partner's (drafts stay the partner's alone).
 */
export async function mayReadGrievanceFile(db: Db, auth: AuthContext, fileId: string): Promise<boolean> {
  const partner = auth.role === 'PARTNER' && auth.partnerId !== null;
  if (!partner && !hasPermission(auth.role, GRIEVANCE_PERMISSION)) return false;
  const found = await db.grievance.findFirst({
    where: {
      ...(partner ? { partnerId: auth.partnerId! } : { state: { not: 'DRAFT' } }),
      OR: [{ fileIds: { has: fileId } }, { steps: { some: { fileIds: { has: fileId } } } }],
    },
    select: { id: true },
  });
  return found !== null;
}

/** Staff working partner queries read the file a partner attached to its query. */
export async function mayReadQueryAttachment(db: Db, auth: AuthContext, fileId: string): Promise<boolean> {
  if (auth.role === 'PARTNER' || !hasPermission(auth.role, PARTNER_QUERY_PERMISSION)) return false;
  return (await db.partnerQuery.findFirst({ where: { attachmentDocId: fileId }, select: { id: true } })) !== null;
}
