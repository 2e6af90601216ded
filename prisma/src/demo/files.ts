import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileStorePath } from '../file-store-path.ts';
import { onePagePdf } from '../pdf.ts';
import { demoBlobKey } from './generate.ts';

const KINDS = [
  'PAN card',
  'GST registration certificate',
  'Cancelled cheque',
  'ISO 9001 certificate',
  'Audited balance sheet',
  'Appreciation letter',
];

/** A one-page PDF that says which demo document it stands for; each n gives other bytes. */
export const demoPdf = (n: number): Buffer => onePagePdf(`Demo document ${n + 1}: ${KINDS[n % KINDS.length]}`);

/**
 * Writes the demo's real files into the file store (those already there are kept) and answers
 * each one's size and SHA-256 for the metadata rows that point at it.
 */
export async function writeDemoFiles(storeDir: string, count: number): Promise<{ size: number; sha256: string }[]> {
  const out: { size: number; sha256: string }[] = [];
  for (let n = 0; n < count; n += 1) {
    const bytes = demoPdf(n);
    const target = fileStorePath(storeDir, demoBlobKey(n));
    const existing = await readFile(target).catch(() => null);
    if (!existing?.equals(bytes)) {
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, bytes);
    }
    out.push({ size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
  }
  return out;
}
