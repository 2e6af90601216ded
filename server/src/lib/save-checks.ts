import {
  DOMESTIC_COUNTRY_CODE,
  TEXTS,
  checkAadhaar,
  checkCin,
  checkGstin,
  checkPan,
  checkUdyam,
  say,
  translate,
  type IdentifierProblem,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { AppError, type FieldProblem, type Message } from '@pp/platform';
import { claimOwnFiles } from './stored-files.ts';
import type { Tx } from './transaction.ts';

/**
 * The checks a save makes beyond the contract's formats: codes must be in their reference list,
 * files must be the partner's own, numbers must have their right structure and check digit.
 * Every problem names its field; all of a save's problems are answered together.
 */
export class Problems {
  readonly list: FieldProblem[] = [];
  add(field: string, message: Message) {
    if (!this.list.some((p) => p.field === field)) this.list.push({ field, message });
  }
  identifier(field: string, problem: IdentifierProblem | null) {
    if (problem) this.add(field, translate(problem));
  }
  throwIfAny() {
    if (this.list.length === 0) return;
    throw new AppError('BAD_REQUEST', {
      message: this.list.map((p) => `${p.field}: ${say(p.message)}`).join('; '),
      fieldErrors: this.list,
    });
  }
}

/** Where a code must come from. */
export type CodeSource =
  | { list: string; companyCode?: number; parentCode?: string }
  | { country: true }
  | { stateOf: number | null }
  | { cityOf: number | null }
  | { currency: true }
  | { office: 'PF' | 'ESI' };

interface CodeCheck {
  field: string;
  value: string | number | null | undefined;
  source: CodeSource;
  what: string;
}

async function knownCodes(db: Db | Tx, source: CodeSource, values: (string | number)[]): Promise<Set<string>> {
  if ('list' in source) {
    const rows = await db.referenceItem.findMany({
      where: {
        listCode: source.list,
        code: { in: values.map(String) },
        ...(source.companyCode !== undefined ? { companyCode: source.companyCode } : {}),
        ...(source.parentCode !== undefined ? { parentCode: source.parentCode } : {}),
      },
      select: { code: true },
    });
    return new Set(rows.map((r) => r.code));
  }
  const numbers = values.map(Number).filter(Number.isInteger);
  if ('country' in source) {
    const rows = await db.country.findMany({ where: { countryCode: { in: numbers } }, select: { countryCode: true } });
    return new Set(rows.map((r) => String(r.countryCode)));
  }
  if ('stateOf' in source) {
    const rows = await db.state.findMany({
      where: { stateId: { in: numbers }, ...(source.stateOf !== null ? { countryCode: source.stateOf } : {}) },
      select: { stateId: true },
    });
    return new Set(rows.map((r) => String(r.stateId)));
  }
  if ('cityOf' in source) {
    const rows = await db.city.findMany({
      where: { cityId: { in: numbers }, ...(source.cityOf !== null ? { stateId: source.cityOf } : {}) },
      select: { cityId: true },
    });
    return new Set(rows.map((r) => String(r.cityId)));
  }
  if ('currency' in source) {
    const rows = await db.currency.findMany({
      where: { currencyCode: { in: values.map(String) } },
      select: { currencyCode: true },
    });
    return new Set(rows.map((r) => r.currencyCode));
  }
  const rows = await db.employmentOffice.findMany({
    where: { kind: source.office, officeCode: { in: values.map(String) } },
    select: { officeCode: true },
  });
  return new Set(rows.map((r) => r.officeCode));
}

/** Collects code and file checks of one save, then runs them with one query per source. */
export class SaveChecks {
  private readonly codes: CodeCheck[] = [];
  private readonly files: { field: string; id: string }[] = [];
  readonly problems = new Problems();

  code(field: string, value: string | number | null | undefined, source: CodeSource, what: string) {
    if (value !== null && value !== undefined) this.codes.push({ field, value, source, what });
  }
  /** An address's country, state and city from the reference lists, each within the one before it. */
  address(a: { countryCode: number | null; stateId: number | null; cityId: number | null }, prefix = '') {
    this.code(`${prefix}countryCode`, a.countryCode, { country: true }, 'country');
    this.code(`${prefix}stateId`, a.stateId, { stateOf: a.countryCode }, 'state of this country');
    this.code(`${prefix}cityId`, a.cityId, { cityOf: a.stateId }, 'city of this state');
  }
  file(field: string, id: string | null | undefined) {
    if (id) this.files.push({ field, id });
  }

  /**
   * Runs the checks; files must be the partner's own, and `now` stamps them as used (a save
   * without files, such as staff's save of a customer, may leave both out).
   */
  async run(db: Db | Tx, partnerId: number | null = null, now?: Date): Promise<void> {
    const groups = new Map<string, CodeCheck[]>();
    for (const c of this.codes) {
      const key = JSON.stringify(c.source);
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const checks of groups.values()) {
      const known = await knownCodes(
        db,
        checks[0]!.source,
        checks.map((c) => c.value!),
      );
      for (const c of checks) if (!known.has(String(c.value))) this.problems.add(c.field, TEXTS.notInList(c.what));
    }
    if (this.files.length > 0) {
      if (!now || partnerId === null) throw new Error('SaveChecks.run: files are checked for a partner, at the time of the save');
      const ownIds = await claimOwnFiles(
        db,
        { userId: null, partnerId },
        this.files.map((f) => f.id),
        now,
      );
      for (const f of this.files) if (!ownIds.has(f.id)) this.problems.add(f.field, TEXTS.fileNotYours);
    }
    this.problems.throwIfAny();
  }
}

/** The structure checks of statutory numbers (check digits, states, classes). */
export const identifierChecks = {
  pan: checkPan,
  gstin: checkGstin,
  aadhaar: checkAadhaar,
  cin: (value: string, now: Date) => checkCin(value, now),
  udyam: checkUdyam,
};

export const isDomestic = (countryCode: number | null | undefined) => countryCode === DOMESTIC_COUNTRY_CODE;
