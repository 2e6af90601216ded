/**
 * Structure and check digits of Indian statutory identifiers, beyond the format rules of spec
 * section 5: the server's statutory look-ups answer with these, and the forms can run them too.
 * Each check returns null when the value is right, or the key of what is wrong.
 */

const BASE36 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** GST state codes in use (the census state codes, 25 and 28 retired), plus 97 (other territory) and 99 (centre). */
export const GST_STATE_CODES: readonly number[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 27, 29, 30, 31, 32, 33, 34, 35, 36,
  37, 38, 97, 99,
];

/** The GSTIN check character: the mod-36 scheme of the GST network over the first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = BASE36.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return BASE36[(36 - (sum % 36)) % 36]!;
}

export type IdentifierProblem =
  | 'identifier.gstinFormat'
  | 'identifier.gstinState'
  | 'identifier.gstinCheckDigit'
  | 'identifier.panFormat'
  | 'identifier.aadhaarFormat'
  | 'identifier.aadhaarCheckDigit'
  | 'identifier.cinFormat'
  | 'identifier.cinYear'
  | 'identifier.cinType'
  | 'identifier.msmeState';

const GSTIN_PATTERN = /^(\d{2})([A-Z]{5}\d{4}[A-Z])([1-9A-Z])Z([0-9A-Z])$/;

/** A GSTIN: state code, the holder's PAN, entity number, 'Z', and the mod-36 check character. */
export function checkGstin(value: string): IdentifierProblem | null {
  const match = GSTIN_PATTERN.exec(value);
  if (!match) return 'identifier.gstinFormat';
  if (!GST_STATE_CODES.includes(Number(match[1]))) return 'identifier.gstinState';
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14]) return 'identifier.gstinCheckDigit';
  return null;
}

/** The PAN inside a GSTIN and its state code. */
export const gstinParts = (gstin: string) => ({ stateCode: Number(gstin.slice(0, 2)), pan: gstin.slice(2, 12) });

/** The PAN inside a GSTIN must be the holder's PAN, when one is known. */
export function gstinBelongsTo(gstin: string, pan: string | null | undefined): boolean {
  return !pan || gstinParts(gstin).pan === pan;
}

/** The fourth letter of a PAN says who holds it (Income-tax Department): P person, C company, F firm or LLP, … */
export const PAN_HOLDER_LETTERS = ['P', 'C', 'H', 'F', 'A', 'T', 'B', 'L', 'J', 'G'] as const;

export function checkPan(value: string): IdentifierProblem | null {
  if (!/^[A-Z]{3}[A-Z][A-Z]\d{4}[A-Z]$/.test(value)) return 'identifier.panFormat';
  return (PAN_HOLDER_LETTERS as readonly string[]).includes(value[3]!) ? null : 'identifier.panFormat';
}

// The Verhoeff scheme (dihedral group D5), used by UIDAI for Aadhaar's last digit.
const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const VERHOEFF_INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

/** True when the digits (check digit last) pass the Verhoeff check. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((ch, i) => {
    c = VERHOEFF_D[c]![VERHOEFF_P[i % 8]![Number(ch)]!]!;
  });
  return c === 0;
}

/** The Verhoeff check digit to append to `digits`. */
export function verhoeffCheckDigit(digits: string): string {
  let c = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((ch, i) => {
    c = VERHOEFF_D[c]![VERHOEFF_P[(i + 1) % 8]![Number(ch)]!]!;
  });
  return String(VERHOEFF_INV[c]);
}

/** Aadhaar: 12 digits, never starting with 0 or 1, the last one a Verhoeff check digit. */
export function checkAadhaar(value: string): IdentifierProblem | null {
  if (!/^[2-9]\d{11}$/.test(value)) return 'identifier.aadhaarFormat';
  return verhoeffValid(value) ? null : 'identifier.aadhaarCheckDigit';
}

/** Company classes a CIN may carry (Ministry of Corporate Affairs). */
export const CIN_COMPANY_TYPES = ['PLC', 'PTC', 'GOI', 'SGC', 'FLC', 'FTC', 'NPL', 'GAP', 'GAT', 'ULL', 'ULT', 'OPC'] as const;

/** CIN: listing (L/U), industry code, state, year of incorporation, company class, registration number. */
export function checkCin(value: string, now: Date = new Date()): IdentifierProblem | null {
  const match = /^[LU]\d{5}([A-Z]{2})(\d{4})([A-Z]{3})\d{6}$/.exec(value);
  if (!match) return 'identifier.cinFormat';
  const year = Number(match[2]);
  if (year < 1850 || year > now.getFullYear()) return 'identifier.cinYear';
  return (CIN_COMPANY_TYPES as readonly string[]).includes(match[3]!) ? null : 'identifier.cinType';
}

/** Two-letter state codes used in Udyam and CIN numbers. */
export const STATE_LETTER_CODES = [
  'AN',
  'AP',
  'AR',
  'AS',
  'BR',
  'CH',
  'CT',
  'CG',
  'DD',
  'DN',
  'DL',
  'GA',
  'GJ',
  'HP',
  'HR',
  'JH',
  'JK',
  'KA',
  'KL',
  'LA',
  'LD',
  'MH',
  'ML',
  'MN',
  'MP',
  'MZ',
  'NL',
  'OD',
  'OR',
  'PB',
  'PY',
  'RJ',
  'SK',
  'TN',
  'TG',
  'TS',
  'TR',
  'UK',
  'UP',
  'UT',
  'WB',
] as const;

/** Udyam registration: the format of section 5 with a real state code. */
export function checkUdyam(value: string): IdentifierProblem | null {
  const state = value.slice(6, 8);
  return (STATE_LETTER_CODES as readonly string[]).includes(state) ? null : 'identifier.msmeState';
}
