/**
 * Spreadsheet cells that are data, never formulas (OWASP, "CSV Injection"): a cell that begins with
 * = + - @, a tab, a carriage return or a line feed is run by Excel, LibreOffice and Google Sheets as
 * a formula (a DDE command among them) — after leading spaces too, which some of them skip, and in
 * the full-width forms (＝ ＋ － ＠) that some read as their ASCII twins. Uploads are refused when
 * they hold one; every export the portal writes (CSV and XLSX) passes its cells through `spreadsheetSafe`.
 */

const FORMULA_START = /^[\t\r\n]|^[ \u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20]/;
/** A number as it is written (-12.5, +3, -1e3): it starts with a sign but is no formula, and stays a number. */
const SIGNED_NUMBER = /^[+-](\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Whether a spreadsheet would read the cell as a formula. */
export function isFormulaCell(cell: string): boolean {
  return FORMULA_START.test(cell) && !SIGNED_NUMBER.test(cell.trim());
}

/** The cell as data: a formula-leading text gets a leading apostrophe, which spreadsheets show as text. */
export function spreadsheetSafe(cell: string): string {
  return isFormulaCell(cell) ? `'${cell}` : cell;
}

/** One CSV field (RFC 4180), made safe first: quoted when it holds a delimiter, a quote or a line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  const cell = typeof value === 'string' ? spreadsheetSafe(value) : String(value);
  return /[",;\r\n\t]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One CSV record with its line ending. */
export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** Where a CSV holds a formula cell: its 1-based row and column, and the cell. */
export interface FormulaCell {
  row: number;
  column: number;
  cell: string;
}

/**
 * The first formula cell of a CSV text, or null. Fields are read as RFC 4180 does (quotes,
 * doubled quotes, line breaks inside quotes); commas, semicolons and tabs all count as delimiters,
 * since a spreadsheet may open the file with any of them.
 */
export function firstFormulaCell(text: string): FormulaCell | null {
  let row = 1;
  let column = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i <= text.length) {
    let cell = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        const quote = text.indexOf('"', i);
        if (quote < 0) {
          cell += text.slice(i);
          i = text.length;
          break;
        }
        cell += text.slice(i, quote);
        if (text[quote + 1] === '"') {
          cell += '"';
          i = quote + 2;
        } else {
          i = quote + 1;
          break;
        }
      }
    }
    const end = nextDelimiter(text, i);
    cell += text.slice(i, end);
    if (isFormulaCell(cell)) return { row, column, cell };
    if (end >= text.length) return null;
    const delimiter = text[end];
    i = end + 1;
    if (delimiter === '\r' && text[i] === '\n') i += 1;
    if (delimiter === '\r' || delimiter === '\n') {
      row += 1;
      column = 1;
    } else column += 1;
  }
  return null;
}

function nextDelimiter(text: string, from: number): number {
  for (let i = from; i < text.length; i += 1) {
    const c = text[i];
    if (c === ',' || c === ';' || c === '\t' || c === '\n' || c === '\r') return i;
  }
  return text.length;
}
