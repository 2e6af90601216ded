import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileStorePath } from '../file-store-path.ts';
import { demoBlobKey } from './generate.ts';

const KINDS = [
  'PAN card',
  'GST registration certificate',
  'Cancelled cheque',
  'ISO 9001 certificate',
  'Audited balance sheet',
  'Appreciation letter',
];

/**
 * A one-page PDF that says what demo document it stands for: small (under 1 KB), valid (its
 * cross-reference table points at each object), and different for each n.
 */
export function demoPdf(n: number): Buffer {
  const text = `Demo document ${n + 1}: ${KINDS[n % KINDS.length]}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

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
