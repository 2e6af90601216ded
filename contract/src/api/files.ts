import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { envelope, errorBodySchema } from '../envelope.ts';

/** The multipart field that carries the file (spec section 7: "multipart file"). */
export const UPLOAD_FILE_FIELD = 'file';
/** The largest upload the server takes: well above the recommended 200 kb, enough for a scanned certificate. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** Modules whose accepted types are configured (fixtures/data/onboarding.json, fileTypes). */
export const UPLOAD_MODULES = ['ONB', 'PTM'] as const;

/** The document-storage answer of spec section 3 (UniqueID, SiteUrl), with what the picker shows. */
export const uploadResponseSchema = z.object({
  UniqueID: z.string(),
  SiteUrl: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

/** A stored file as parts of the profile list it. */
export const storedFileSchema = z.object({
  uniqueId: z.string(),
  fileName: z.string(),
  fileType: z.string(),
  fileSize: z.number().int(),
  siteUrl: z.string(),
});
export type StoredFileInfo = z.infer<typeof storedFileSchema>;

export const filesEndpoints = {
  upload: endpoint({
    method: 'POST',
    path: '/api/fileUpload',
    summary: `Upload one file (multipart field "${UPLOAD_FILE_FIELD}"); its content must be one of the module's types`,
    tags: ['files'],
    access: 'session',
    multipart: true,
    query: z.object({ moduleCode: z.enum(UPLOAD_MODULES).optional().default('ONB') }).strict(),
    response: envelope(uploadResponseSchema),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/fileDownload/:uniqueId',
    summary: 'Download a file the caller may read (its owner)',
    tags: ['files'],
    access: 'session',
    params: z.object({ uniqueId: z.uuid({ error: 'validation.fileId' }) }),
    binary: true,
    response: errorBodySchema,
  }),
};
