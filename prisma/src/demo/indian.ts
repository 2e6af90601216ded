import { gstinCheckCharacter, verhoeffCheckDigit } from '@pp/contract';
import { prng } from '@pp/fixtures';

/** A seeded random source with the few draws the demo set needs (fixtures' mulberry32 underneath). */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = prng(seed);
  }
  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  digits(n: number): string {
    let s = '';
    for (let i = 0; i < n; i += 1) s += String(Math.floor(this.next() * 10));
    return s;
  }
  letters(n: number): string {
    let s = '';
    for (let i = 0; i < n; i += 1) s += String.fromCharCode(65 + Math.floor(this.next() * 26));
    return s;
  }
  /** One of `weights`' keys, each as likely as its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as [K, number][];
    let roll = this.next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }
}

/** A seed for one partner and one purpose, so each table's rows can be made on their own. */
export const seedOf = (seed: number, partner: number, purpose: number) =>
  (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(partner + 1, 0xc2b2ae35) ^ Math.imul(purpose + 7, 0x27d4eb2f)) >>> 0;

/**
 * PAN: three letters, the holder's kind (C company, F firm or LLP, P person…), the first letter of
 * the holder's name (surname for a person), four digits, a letter (Income-tax Department's layout).
 */
export function panOf(r: Random, holderLetter: string, name: string): string {
  const initial = /[A-Z]/.exec(name.toUpperCase())?.[0] ?? 'A';
  return `${r.letters(3)}${holderLetter}${initial}${r.int(1, 9999).toString().padStart(4, '0')}${r.letters(1)}`;
}

/** GSTIN: GST state code, the PAN, the entity number within the state, 'Z', the mod-36 check character. */
export function gstinOf(stateCode: string, pan: string, entity = 1): string {
  const first14 = `${stateCode}${pan}${entity.toString(36).toUpperCase()}Z`;
  return first14 + gstinCheckCharacter(first14);
}

/** TAN: four letters (city and name), five digits, a letter. */
export const tanOf = (r: Random, name: string) =>
  `${r.letters(3)}${/[A-Z]/.exec(name.toUpperCase())?.[0] ?? 'A'}${r.digits(5)}${r.letters(1)}`;

/** CIN: listed (L) or not (U), industry code, state, year, company class, registration number. */
export const cinOf = (r: Random, stateLetters: string, year: number, companyClass: 'PTC' | 'PLC') =>
  `${companyClass === 'PLC' && r.chance(0.5) ? 'L' : 'U'}${r.pick(['45200', '45201', '27100', '31300', '60231', '74900'])}${stateLetters}${year}${companyClass}${r.digits(6)}`;

/** Udyam registration: UDYAM, the state's two letters, the district's two digits, seven digits. */
export const udyamOf = (r: Random, stateLetters: string) =>
  `UDYAM-${stateLetters}-${r.int(1, 40).toString().padStart(2, '0')}-${r.digits(7)}`;

/** Aadhaar: twelve digits, not starting with 0 or 1, the last a Verhoeff check digit. */
export function aadhaarOf(r: Random): string {
  const body = `${r.int(2, 9)}${r.digits(10)}`;
  return body + verhoeffCheckDigit(body);
}

/** An Indian mobile number (10 digits starting 6-9). */
export const mobileOf = (r: Random) => `${r.int(6, 9)}${r.digits(9)}`;

/**
 * Two letters of a state for CINs and Udyam numbers: the vehicle registration code where the
 * state's name gives no better one.
 */
export const STATE_LETTERS: Record<string, string> = {
  '01': 'JK',
  '02': 'HP',
  '03': 'PB',
  '04': 'CH',
  '05': 'UK',
  '06': 'HR',
  '07': 'DL',
  '08': 'RJ',
  '09': 'UP',
  '10': 'BR',
  '11': 'SK',
  '12': 'AR',
  '13': 'NL',
  '14': 'MN',
  '15': 'MZ',
  '16': 'TR',
  '17': 'ML',
  '18': 'AS',
  '19': 'WB',
  '20': 'JH',
  '21': 'OR',
  '22': 'CT',
  '23': 'MP',
  '24': 'GJ',
  '26': 'DN',
  '27': 'MH',
  '29': 'KA',
  '30': 'GA',
  '31': 'LD',
  '32': 'KL',
  '33': 'TN',
  '34': 'PY',
  '35': 'AN',
  '36': 'TG',
  '37': 'AP',
  '38': 'LA',
};
