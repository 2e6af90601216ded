/**
 * A one-page PDF with a line of text: small, and valid (its cross-reference table points at each
 * object), so content checks take it for what it is. The demo set's shared documents and the
 * tests' sample uploads are made by it.
 */
export function onePagePdf(
  text: string,
  page: { width: number; height: number; fontSize: number } = { width: 612, height: 792, fontSize: 18 },
): Buffer {
  const line = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 ${page.fontSize} Tf 20 ${page.height - 2 * page.fontSize - 20} Td (${line}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`,
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
