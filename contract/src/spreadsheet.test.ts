import { describe, expect, it } from 'vitest';
import { csvLine, firstFormulaCell, isFormulaCell, spreadsheetSafe } from './spreadsheet.ts';

describe('spreadsheet cells (OWASP CSV injection)', () => {
  it.each([
    '=1+1',
    '+cmd',
    '-2+3',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    '=cmd|"/c calc"!A1',
    '+91 98765 43210',
    // What the attacker's pass of 2026-12-06 found not neutralised: a leading space, a line feed, a full-width sign.
    ' =1+1',
    '  @SUM(A1)',
    '\n=1+1',
    '＝HYPERLINK("http://evil.example")',
    ' ＋cmd',
  ])('takes %j for a formula', (cell) => expect(isFormulaCell(cell)).toBe(true));

  it.each(['', 'Steel', '12', '-12.5', '+3', '-1e3', '.5', "'=1+1", ' -12.5', 'a=b', 'Steel ＝ iron'])(
    'takes %j for data',
    (cell) => expect(isFormulaCell(cell)).toBe(false),
  );

  it('neutralises a formula-leading cell with an apostrophe and leaves the rest as it is', () => {
    expect(spreadsheetSafe('=HYPERLINK("http://x")')).toBe('\'=HYPERLINK("http://x")');
    expect(spreadsheetSafe('-12.5')).toBe('-12.5');
    expect(spreadsheetSafe('Konkan Infra')).toBe('Konkan Infra');
    expect(spreadsheetSafe(' =1+1')).toBe("' =1+1");
    expect(spreadsheetSafe('＝1+1')).toBe("'＝1+1");
  });

  it('writes records safe and quoted as RFC 4180 asks', () => {
    expect(csvLine(['a', 1, null, true])).toBe('a,1,,true\r\n');
    expect(csvLine(['=cmd|"/c calc"!A1', 'x,y', 'line\nbreak'])).toBe('"\'=cmd|""/c calc""!A1","x,y","line\nbreak"\r\n');
    // What was written reads back without a formula.
    expect(firstFormulaCell(csvLine(['=1+1', '@x', '-2+3']))).toBeNull();
  });

  it('finds the first formula cell of a CSV with its record and column, quotes and line breaks read as RFC 4180 does', () => {
    expect(firstFormulaCell('a,b\n1,2\n=cmd|"/c calc"!A1,3\n')).toEqual({ row: 3, column: 1, cell: '=cmd|"/c calc"!A1' });
    expect(firstFormulaCell('name,note\r\n"Asha","said ""hi""\r\nthen left",x\r\nB,"=1+1"')).toEqual({
      row: 3,
      column: 2,
      cell: '=1+1',
    });
    expect(firstFormulaCell('\ufeffa;b;@SUM(A1)')).toEqual({ row: 1, column: 3, cell: '@SUM(A1)' });
    expect(firstFormulaCell('a\tb\t+x')).toEqual({ row: 1, column: 3, cell: '+x' });
    expect(firstFormulaCell('amount,balance\n-12.5,+3\n"a,=b",c\n')).toBeNull();
    expect(firstFormulaCell('')).toBeNull();
    expect(firstFormulaCell('"unterminated =x')).toBeNull();
  });
});
