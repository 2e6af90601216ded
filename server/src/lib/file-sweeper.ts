import type { Db } from '@pp/db';
import type { FileStore } from './file-store.ts';

/**
 * Where a saved form names a stored file `f` (a row of "StoredFile"), by column. A partner's file is
 * named only by that partner's own rows (a save accepts only the caller's uploads), so each look-up
 * is scoped to the partner and runs on its indexes; a staff member's file (partnerId null) is named
 * by a grievance's resolution or a customer's bank book. Every column that can hold a file id is
 * here; `file-sweeper.test.ts` fails when the schema grows one that is not.
 */
const REFERENCES = {
  'Partner.profilePictureId': `EXISTS (SELECT 1 FROM "Partner" p WHERE p.id = f."partnerId" AND p."profilePictureId" = f.id)`,
  'OnboardingPart.data': `EXISTS (SELECT 1 FROM "OnboardingProfile" op JOIN "OnboardingPart" d ON d."profileId" = op.id
     WHERE op."partnerId" = f."partnerId" AND strpos(d.data::text, f.id::text) > 0)`,
  'OnboardingRow.data': `EXISTS (SELECT 1 FROM "OnboardingProfile" op JOIN "OnboardingRow" r ON r."profileId" = op.id
     WHERE op."partnerId" = f."partnerId" AND strpos(r.data::text, f.id::text) > 0)`,
  'OnboardingAnswer.fileIds': `EXISTS (SELECT 1 FROM "OnboardingProfile" op JOIN "OnboardingAnswer" a ON a."profileId" = op.id
     WHERE op."partnerId" = f."partnerId" AND f.id::text = ANY(a."fileIds"))`,
  'Grievance.fileIds': `EXISTS (SELECT 1 FROM "Grievance" g WHERE g."partnerId" = f."partnerId" AND f.id::text = ANY(g."fileIds"))`,
  'GrievanceStep.fileIds': `EXISTS (SELECT 1 FROM "GrievanceStep" s WHERE s."fileIds" @> ARRAY[f.id::text])`,
  'Testimonial.fileId': `EXISTS (SELECT 1 FROM "Testimonial" t WHERE t."partnerId" = f."partnerId" AND t."fileId" = f.id)`,
  'PartnerQuery.attachmentDocId': `EXISTS (SELECT 1 FROM "PartnerQuery" q WHERE q."partnerId" = f."partnerId" AND q."attachmentDocId" = f.id)`,
  'CustomerRow.data': `(f."partnerId" IS NULL AND EXISTS (SELECT 1 FROM "CustomerRow" c WHERE strpos(c.data::text, f.id::text) > 0))`,
} as const;

/** The columns the sweeper reads for file ids, for the test that keeps them complete. */
export const FILE_REFERENCE_COLUMNS = Object.keys(REFERENCES) as (keyof typeof REFERENCES)[];

const REFERENCED = `(${Object.values(REFERENCES).join('\n  OR ')})`;

const BATCH = 500;

/**
 * Deletes files no saved form refers to, `lifetimeMs` (a day: UPLOAD_BUDGET.unusedFileLifetimeMs) after their
 * upload or the last save that named them. Files past that age are taken in batches and locked
 * (SKIP LOCKED: a save stamping one right now keeps it, and two servers sweep apart); those still
 * named by a form are stamped as used, so they are looked at again a day later, and the rest are
 * deleted, their blobs with them once no row names the blob (demo documents share blobs).
 */
export async function sweepUnusedFiles(
  deps: { db: Db; files: Pick<FileStore, 'remove'> },
  now: Date,
  lifetimeMs: number,
): Promise<{ checked: number; deleted: number }> {
  const cutoff = new Date(now.getTime() - lifetimeMs).toISOString();
  let checked = 0;
  let deleted = 0;
  for (;;) {
    const batch = await deps.db.$queryRawUnsafe<{ checked: number; deleted: number; keys: string[] | null }[]>(
      `WITH candidates AS (
         SELECT f.id, ${REFERENCED} AS used FROM "StoredFile" f
          WHERE f."lastUsedAt" < $1::timestamp(3)
          ORDER BY f."lastUsedAt" LIMIT ${BATCH}
          FOR UPDATE OF f SKIP LOCKED
       ), kept AS (
         UPDATE "StoredFile" f SET "lastUsedAt" = $2::timestamp(3) FROM candidates c WHERE f.id = c.id AND c.used
       ), gone AS (
         DELETE FROM "StoredFile" f USING candidates c WHERE f.id = c.id AND NOT c.used RETURNING f."storageKey"
       )
       SELECT (SELECT count(*)::int FROM candidates) AS checked, (SELECT count(*)::int FROM gone) AS deleted,
              (SELECT array_agg(DISTINCT "storageKey") FROM gone) AS keys`,
      cutoff,
      now.toISOString(),
    );
    const { checked: n, deleted: gone, keys } = batch[0] ?? { checked: 0, deleted: 0, keys: null };
    checked += n;
    deleted += gone;
    if (keys && keys.length > 0) {
      const shared = await deps.db.storedFile.findMany({ where: { storageKey: { in: keys } }, select: { storageKey: true } });
      const stillNamed = new Set(shared.map((s) => s.storageKey));
      for (const key of keys) if (!stillNamed.has(key)) await deps.files.remove(key);
    }
    if (n < BATCH) return { checked, deleted };
  }
}
