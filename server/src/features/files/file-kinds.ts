import { open, readFile } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { firstFormulaCell, type FormulaCell } from '@pp/contract';

/**
 * What the bytes of an upload must be for each accepted type (spec sections 3 and 9): the content
 * decides, not the name. Word and Excel 97-2003 are both OLE compound files; CSV has no signature,
 * so it must be text.
 */
const CONTENT: Record<string, { detected: string | null; mediaType: string }> = {
  pdf: { detected: 'pdf', mediaType: 'application/pdf' },
  png: { detected: 'png', mediaType: 'image/png' },
  jpg: { detected: 'jpg', mediaType: 'image/jpeg' },
  docx: { detected: 'docx', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { detected: 'xlsx', mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  doc: { detected: 'cfb', mediaType: 'application/msword' },
  xls: { detected: 'cfb', mediaType: 'application/vnd.ms-excel' },
  csv: { detected: null, mediaType: 'text/csv; charset=utf-8' },
};

/** The type a file name claims: its last extension, lower-cased (jpeg reads as jpg). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const ext = dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
  return ext === 'jpeg' ? 'jpg' : ext;
}

/**
 * The name to keep: the last path segment only (a name is never used as a path, but it is shown
 * and sent back), without control characters, at most 255 characters.
 */
export function safeFileName(raw: string): string {
  // eslint-disable-next-line no-control-regex
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  const name = base.replace(/^\.+/, '');
  return (name || 'file').slice(-255);
}

/** Text a CSV may be: valid UTF-8 without NUL bytes. */
async function looksLikeText(filePath: string): Promise<boolean> {
  const handle = await open(filePath, 'r');
  try {
    const head = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.includes(0)) return false;
    // A cut at the buffer's end may split a character: decode all but a possible tail.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.max(0, bytesRead - 3)));
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * Checks that a stored file's content is the type its name claims. Answers its media type, or
 * what the content was found to be when it is not.
 */
export async function checkContent(
  filePath: string,
  claimed: string,
): Promise<{ ok: true; mediaType: string } | { ok: false; found: string }> {
  const expected = CONTENT[claimed];
  if (!expected) return { ok: false, found: 'unknown' };
  const detected = await fileTypeFromFile(filePath);
  if (expected.detected === null) {
    if (detected) return { ok: false, found: detected.ext };
    return (await looksLikeText(filePath)) ? { ok: true, mediaType: expected.mediaType } : { ok: false, found: 'binary' };
  }
  if (detected?.ext === expected.detected) return { ok: true, mediaType: expected.mediaType };
  return { ok: false, found: detected?.ext ?? 'unknown' };
}

/**
 * The first cell of a CSV upload that a spreadsheet would run as a formula (security finding F3):
 * such a file is refused, since staff open partners' files in Excel. Uploads are at most
 * UPLOAD_MAX_BYTES, so the whole text is read.
 */
export async function csvFormulaCell(filePath: string): Promise<FormulaCell | null> {
  return firstFormulaCell(await readFile(filePath, 'utf8'));
}

/** Content-Disposition for a download: an ASCII fallback and the exact name per RFC 6266. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
