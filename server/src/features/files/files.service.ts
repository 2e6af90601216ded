import { mayReadGrievanceFile, mayReadQueryAttachment } from '../../lib/shared-files.ts';
import { mayReviewPartner } from '../../lib/workflow-requests.ts';
import type { MultipartFile } from '@fastify/multipart';
import { statfs } from 'node:fs/promises';
import { TEXTS, UPLOAD_FILE_FIELD, UPLOAD_MAX_BYTES, type UploadResponse } from '@pp/contract';
import type { Db } from '@pp/db';
import { AppError, Invalid, NotFound, Unavailable, type AuthContext } from '@pp/platform';
import type { FileStore } from '../../lib/file-store.ts';
import type { Tx } from '../../lib/transaction.ts';
import type { UploadBudget } from '../../config.ts';
import { limitUploadedBytes, limitUploadedFiles } from '../../lib/limits.ts';
import { siteUrlOf } from '../../lib/stored-files.ts';
import { checkContent, contentDisposition, csvFormulaCell, extensionOf, safeFileName } from './file-kinds.ts';

interface FileDeps {
  db: Db;
  files: FileStore;
  now: () => Date;
  config: { uploads: UploadBudget };
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', { message: TEXTS.fileTooLarge(UPLOAD_MAX_BYTES) });
const quotaFull = (budget: UploadBudget) =>
  new AppError('PAYLOAD_TOO_LARGE', {
    message: TEXTS.uploadQuotaFull(Math.round((budget.storedBytes / (1024 * 1024)) * 10) / 10),
  });

/** The bytes an account's files take in the store. */
async function storedBytesOf(db: Db | Tx, userId: number): Promise<number> {
  const { _sum } = await db.storedFile.aggregate({ where: { ownerUserId: userId }, _sum: { fileSize: true } });
  return _sum.fileSize ?? 0;
}

/** Refuses an upload that could leave the store's disk (which the database may share) short of its reserve. */
async function ensureDiskRoom(files: FileStore, budget: UploadBudget): Promise<void> {
  const disk = await statfs(files.dir).catch(() => null);
  if (disk && disk.bavail * disk.bsize < budget.diskReserveBytes + UPLOAD_MAX_BYTES) throw Unavailable(TEXTS.uploadDiskFull, 60);
}
const isTooLarge = (error: unknown) => (error as { code?: string } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';

/**
 * Stores one uploaded file: its type must be one the module accepts, by name and by content; it is
 * kept under a generated key; the caller (and, for a partner, the partner) owns it.
 */
export async function storeUpload(
  deps: FileDeps,
  auth: AuthContext,
  moduleCode: string,
  part: MultipartFile | undefined,
): Promise<UploadResponse> {
  if (!part || part.fieldname !== UPLOAD_FILE_FIELD) throw Invalid(UPLOAD_FILE_FIELD, TEXTS.fileRequired);
  const fileName = safeFileName(part.filename);
  const claimed = extensionOf(fileName);
  const accepted = (await deps.db.fileTypeRule.findMany({ where: { moduleCode }, orderBy: { fileType: 'asc' } })).map(
    (r) => r.fileType,
  );
  if (!accepted.includes(claimed)) {
    part.file.resume();
    throw Invalid(UPLOAD_FILE_FIELD, TEXTS.fileTypeNotAccepted(claimed, accepted));
  }

  const budget = deps.config.uploads;
  // The account's budget (security finding F1): files a minute and room left, before any byte is kept.
  try {
    await limitUploadedFiles(deps, auth.userId);
    if ((await storedBytesOf(deps.db, auth.userId)) >= budget.storedBytes) throw quotaFull(budget);
    await ensureDiskRoom(deps.files, budget);
  } catch (error) {
    part.file.resume();
    throw error;
  }

  let blob;
  try {
    blob = await deps.files.save(part.file);
  } catch (error) {
    if (isTooLarge(error)) throw tooLarge();
    throw error;
  }
  try {
    if (part.file.truncated) throw tooLarge();
    if (blob.size === 0) throw Invalid(UPLOAD_FILE_FIELD, TEXTS.fileEmpty);
    const content = await checkContent(blob.path, claimed);
    if (!content.ok) throw Invalid(UPLOAD_FILE_FIELD, TEXTS.fileContentMismatch(claimed, content.found));
    const formula = claimed === 'csv' ? await csvFormulaCell(blob.path) : null;
    if (formula) throw Invalid(UPLOAD_FILE_FIELD, TEXTS.fileFormulaCell(formula.row, formula.column, formula.cell));
    await limitUploadedBytes(deps, auth.userId, blob.size);
    const size = blob.size;
    const key = blob.key;
    const now = deps.now();
    // One account's uploads are counted one at a time, on whichever server they arrive.
    const stored = await deps.db.$transaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('upload-quota'), ${auth.userId}::int)`;
      if ((await storedBytesOf(tx, auth.userId)) + size > budget.storedBytes) throw quotaFull(budget);
      return tx.storedFile.create({
        data: {
          id: key,
          ownerUserId: auth.userId,
          partnerId: auth.partnerId,
          moduleCode,
          fileName,
          fileType: claimed,
          mediaType: content.mediaType,
          fileSize: size,
          sha256: blob.sha256,
          storageKey: key,
          createdAt: now,
          lastUsedAt: now,
        },
      });
    });
    return { UniqueID: stored.id, SiteUrl: siteUrlOf(stored.id), fileName, fileType: claimed, fileSize: blob.size };
  } catch (error) {
    await deps.files.remove(blob.key);
    throw error;
  }
}

/**
 * A file the caller may read: its own upload or its partner's; for staff, a document of a partner
 * whose request they may review; on a grievance, the other side's documents; a partner query's
 * attachment for staff working queries; anyone else's is not found.
 */
export async function openDownload(deps: FileDeps, auth: AuthContext, uniqueId: string) {
  const file = await deps.db.storedFile.findUnique({ where: { id: uniqueId } });
  const mine = file && (file.ownerUserId === auth.userId || (auth.partnerId !== null && file.partnerId === auth.partnerId));
  const reviewed = file && !mine && file.partnerId !== null && (await mayReviewPartner(deps.db, auth, file.partnerId));
  const onGrievance = file && !mine && !reviewed && (await mayReadGrievanceFile(deps.db, auth, file.id));
  const onQuery = file && !mine && !reviewed && !onGrievance && (await mayReadQueryAttachment(deps.db, auth, file.id));
  if (!file || !(mine || reviewed || onGrievance || onQuery)) throw NotFound(TEXTS.fileNotFound);
  return {
    stream: deps.files.open(file.storageKey),
    headers: {
      'content-type': file.mediaType,
      'content-length': String(file.fileSize),
      'content-disposition': contentDisposition(file.fileName),
    },
  };
}
