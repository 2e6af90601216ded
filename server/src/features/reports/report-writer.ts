import { Readable } from 'node:stream';
import { csvLine, spreadsheetSafe, type ReportFormat } from '@pp/contract';
import type { ReportCell, ReportRow } from './report-sources.ts';
import { escapeHtml } from '../../lib/html.ts';

export const REPORT_MEDIA_TYPES: Record<ReportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** A moment as the CSV says it: UTC, to the second, as spreadsheets read a date-time. */
const csvMoment = (d: Date) => d.toISOString().slice(0, 19).replace('T', ' ');
const csvCell = (cell: ReportCell) => (cell instanceof Date ? csvMoment(cell) : cell);

/**
 * A CSV (RFC 4180, UTF-8 with the byte-order mark Excel needs for Hindi headings) written batch by
 * batch as the reader takes it: Readable.from asks for the next batch only when the reader wants more.
 */
function csvStream(headers: string[], batches: AsyncIterable<ReportRow[]>): Readable {
  return Readable.from(
    (async function* () {
      yield `\uFEFF${csvLine(headers)}`;
      for await (const batch of batches) yield batch.map((row) => csvLine(row.cells.map(csvCell))).join('');
    })(),
  );
}

// ---- XLSX (SpreadsheetML in a zip) ---------------------------------------------------------------

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DOC_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Cell styles of styles.xml: 0 plain, 1 a date-time, 2 a bold heading. */
const STYLE = { date: 1, heading: 2 };

/** Text as XML character data: escaped, and without the control characters XML may not hold. */
const xmlText = (text: string) =>
  escapeHtml(
    // eslint-disable-next-line no-control-regex -- these are exactly what XML 1.0 forbids
    text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ''),
  );

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Days since 1899-12-30, the spreadsheet's date serial (UTC). */
const serialOf = (d: Date) => d.getTime() / 86_400_000 + 25_569;

/** One cell: a text that starts like a formula is written as text that says so (spreadsheetSafe). */
function xlsxCell(cell: ReportCell, ref: string, style?: number): string {
  const s = style === undefined ? '' : ` s="${style}"`;
  if (cell === null) return '';
  if (cell instanceof Date) return `<c r="${ref}" s="${STYLE.date}"><v>${serialOf(cell)}</v></c>`;
  if (typeof cell === 'number') return Number.isFinite(cell) ? `<c r="${ref}"${s}><v>${cell}</v></c>` : '';
  if (typeof cell === 'boolean') return `<c r="${ref}" t="b"${s}><v>${cell ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${s}><is><t xml:space="preserve">${xmlText(spreadsheetSafe(cell))}</t></is></c>`;
}

const xlsxRow = (cells: readonly ReportCell[], rowNumber: number, style?: number) =>
  `<row r="${rowNumber}">${cells.map((cell, i) => xlsxCell(cell, `${columnName(i)}${rowNumber}`, style)).join('')}</row>`;

const PARTS = (sheetName: string) => ({
  '[Content_Types].xml': `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${DOC_RELS}"><sheets><sheet name="${xmlText(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `${XML_HEAD}<Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${DOC_RELS}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML_HEAD}<styleSheet xmlns="${MAIN}"><numFmts count="1"><numFmt numFmtId="164" formatCode="yyyy-mm-dd hh:mm"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
});

/**
 * An XLSX workbook of one sheet (frozen heading row, date-times as dates, text as inline strings),
 * zipped by archiver as the sheet's rows are read: archiver pulls the sheet from a stream, so the
 * next batch is read from the database only when the zip and the reader have taken the last one,
 * and memory holds about one batch whatever the report's size. (exceljs 4.4's streaming writer
 * loses that backpressure between its sheet buffer and its zip: it held +212 MB at 450,000 rows.)
 */
async function xlsxStream(sheetName: string, headers: string[], batches: AsyncIterable<ReportRow[]>): Promise<Readable> {
  // Loaded with the first workbook asked for: it was a twentieth of the server's start.
  const { default: archiver } = await import('archiver');
  const sheet = Readable.from(
    (async function* () {
      yield `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${headers
        .map((h, i) => `<col min="${i + 1}" max="${i + 1}" width="${Math.min(40, Math.max(12, h.length + 2))}" customWidth="1"/>`)
        .join('')}</cols><sheetData>${xlsxRow(headers, 1, STYLE.heading)}`;
      let rowNumber = 1;
      for await (const batch of batches) yield batch.map((row) => xlsxRow(row.cells, (rowNumber += 1))).join('');
      yield '</sheetData></worksheet>';
    })(),
  );
  const zip = archiver('zip', { zlib: { level: 6 } });
  for (const [name, xml] of Object.entries(PARTS(sheetName))) zip.append(xml, { name });
  zip.append(sheet, { name: 'xl/worksheets/sheet1.xml' });
  // A reader gone before the end stops the reading (and so the database transaction behind it).
  zip.once('close', () => sheet.destroy());
  zip.on('error', () => sheet.destroy());
  void zip.finalize().catch(() => sheet.destroy());
  return zip;
}

export async function reportStream(
  format: ReportFormat,
  sheetName: string,
  headers: string[],
  batches: AsyncIterable<ReportRow[]>,
): Promise<Readable> {
  return format === 'csv' ? csvStream(headers, batches) : xlsxStream(sheetName, headers, batches);
}
