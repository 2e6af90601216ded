import { PARTNER_API_PREFIX, api, buildPath, type StoredFileInfo } from '@pp/contract';
import type { Db } from '@pp/db';
import type { AuthContext } from '@pp/platform';
import type { Tx } from './transaction.ts';

/** The address a stored file is downloaded from (the SiteUrl of the document-storage answer). */
export const siteUrlOf = (uniqueId: string) => `${PARTNER_API_PREFIX}${buildPath(api.files.download.path, { uniqueId })}`;

/** Files by id, as parts and lists show them (unknown ids are left out). */
export async function filesInfo(db: Db | Tx, ids: readonly string[]): Promise<Map<string, StoredFileInfo>> {
  if (ids.length === 0) return new Map();
  const files = await db.storedFile.findMany({ where: { id: { in: [...new Set(ids)] } } });
  return new Map(
    files.map((f) => [
      f.id,
      { uniqueId: f.id, fileName: f.fileName, fileType: f.fileType, fileSize: f.fileSize, siteUrl: siteUrlOf(f.id) },
    ]),
  );
}

/** Of the given files, those the caller uploaded (itself, or anyone of its partner). */
export async function ownFileIds(db: Db | Tx, auth: AuthContext, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const own = await db.storedFile.findMany({
    where: {
      id: { in: [...new Set(ids)] },
      OR: [{ ownerUserId: auth.userId }, ...(auth.partnerId === null ? [] : [{ partnerId: auth.partnerId }])],
    },
    select: { id: true },
  });
  return new Set(own.map((f) => f.id));
}
