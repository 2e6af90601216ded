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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose uploads a form may name: the user's own, and (for a partner) any of its partner's users'. */
export interface FileOwner {
  userId: number | null;
  partnerId: number | null;
}

/**
 * Of the given files, those the owner uploaded, each with its module — and each stamped as used
 * now. Every save that names a file goes through here, so the sweeper (file-sweeper.ts) never takes
 * a file a form is being saved with: the stamp is a row write, which the sweeper's delete waits
 * for and then sees (or, if the sweeper took the file first, the file is not found here).
 */
export async function claimOwnFiles(
  db: Db | Tx,
  owner: FileOwner,
  ids: readonly string[],
  now: Date,
): Promise<Map<string, { moduleCode: string }>> {
  // Ids come from contract schemas (uuids); one that is not could never name a file.
  const uuids = [...new Set(ids)].filter((id) => UUID.test(id));
  if (uuids.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: string; moduleCode: string }[]>`
    UPDATE "StoredFile" SET "lastUsedAt" = GREATEST("lastUsedAt", ${now.toISOString()}::timestamp(3))
     WHERE id = ANY(${uuids}::uuid[])
       AND ("ownerUserId" = ${owner.userId ?? -1} OR "partnerId" = ${owner.partnerId ?? -1})
    RETURNING id::text AS id, "moduleCode"`;
  return new Map(rows.map((r) => [r.id, { moduleCode: r.moduleCode }]));
}

/** Of the given files, those the caller uploaded (itself, or anyone of its partner), claimed for a form being saved. */
export async function ownFileIds(db: Db | Tx, auth: AuthContext, ids: readonly string[], now: Date): Promise<Set<string>> {
  return new Set((await claimOwnFiles(db, auth, ids, now)).keys());
}
