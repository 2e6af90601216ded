import { TEXTS, type BankBranch, type Language } from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, NotFound, nameIn, type AuthContext } from '@pp/platform';
import { recordAdminAction } from '../../lib/admin-audit.ts';
import { findBankBranch } from '../../lib/reference-data.ts';

/** The items of one code list, in the fixture's order. */
export async function referenceList(
  db: Db,
  listCode: string,
  where: { parentCode?: string; companyCode?: number } = {},
  language: Language = 'en',
) {
  const items = await db.referenceItem.findMany({ where: { listCode, ...where }, orderBy: { sortOrder: 'asc' } });
  return items.map((i) => ({ code: i.code, name: nameIn(language, i.name, i.nameHi), parentCode: i.parentCode }));
}

export const codeList = async (db: Db, listCode: string, language: Language = 'en') =>
  (await referenceList(db, listCode, {}, language)).map(({ code, name }) => ({ code, name }));

export async function ownershipTypes(db: Db, language: Language = 'en') {
  const items = await db.referenceItem.findMany({ where: { listCode: 'OWNERSHIP_TYPE' }, orderBy: { sortOrder: 'asc' } });
  return items.map((i) => {
    const attributes = (i.attributes ?? {}) as { panLetter?: string; registration?: 'cin' | 'llpin' | 'frn' | 'none' };
    return {
      code: i.code,
      name: nameIn(language, i.name, i.nameHi),
      panLetter: attributes.panLetter ?? '',
      registration: attributes.registration ?? 'none',
    };
  });
}

export async function businessTypes(db: Db, companyCode: number, categoryCode?: string, language: Language = 'en') {
  const items = await db.referenceItem.findMany({
    where: { listCode: 'BUSINESS_TYPE', companyCode, ...(categoryCode ? { parentCode: categoryCode } : {}) },
    orderBy: { sortOrder: 'asc' },
  });
  return items.map((i) => ({ code: i.code, name: nameIn(language, i.name, i.nameHi), categoryCode: i.parentCode ?? '' }));
}

export const countries = async (db: Db, language: Language = 'en') =>
  (
    await db.country.findMany({
      select: { countryCode: true, countryName: true, countryNameHi: true, isoCode: true, isdCode: true },
      orderBy: { countryName: 'asc' },
    })
  ).map(({ countryNameHi, ...c }) => ({ ...c, countryName: nameIn(language, c.countryName, countryNameHi) }));

export const states = async (db: Db, countryCode: number, language: Language = 'en') =>
  (
    await db.state.findMany({
      where: { countryCode },
      select: { stateId: true, stateName: true, stateNameHi: true, gstStateCode: true },
      orderBy: { stateName: 'asc' },
    })
  ).map(({ stateNameHi, ...s }) => ({ ...s, stateName: nameIn(language, s.stateName, stateNameHi) }));

export const cities = async (db: Db, stateId: number, language: Language = 'en') =>
  (
    await db.city.findMany({
      where: { stateId },
      select: { cityId: true, cityName: true, cityNameHi: true },
      orderBy: { cityName: 'asc' },
    })
  ).map(({ cityNameHi, ...c }) => ({ ...c, cityName: nameIn(language, c.cityName, cityNameHi) }));

export async function employmentOffices(db: Db, kind: 'PF' | 'ESI', language: Language = 'en') {
  const [offices, stateRows] = await Promise.all([
    db.employmentOffice.findMany({ where: { kind }, orderBy: { officeName: 'asc' } }),
    db.state.findMany({ select: { stateId: true, stateName: true, stateNameHi: true } }),
  ]);
  const stateName = new Map(stateRows.map((s) => [s.stateId, nameIn(language, s.stateName, s.stateNameHi)]));
  return offices.map((o) => ({
    officeCode: o.officeCode,
    officeName: nameIn(language, o.officeName, o.officeNameHi),
    address: o.address,
    stateName: stateName.get(o.stateId) ?? '',
  }));
}

const currencyOut =
  (language: Language) => (c: { currencyCode: string; currencyName: string; currencyNameHi: string | null; symbol: string }) => ({
    currencyCode: c.currencyCode,
    currencyName: nameIn(language, c.currencyName, c.currencyNameHi),
    symbol: c.symbol,
  });

export const currencies = async (db: Db, language: Language = 'en') =>
  (await db.currency.findMany({ orderBy: { sortOrder: 'asc' } })).map(currencyOut(language));

export const countryCurrencies = async (db: Db, countryCode: number, language: Language = 'en') =>
  (await db.currency.findMany({ where: { countryCodes: { has: countryCode } }, orderBy: { sortOrder: 'asc' } })).map(
    currencyOut(language),
  );

export async function currencyUnits(db: Db, currencyCode: string, language: Language = 'en') {
  const currency = await db.currency.findUnique({ where: { currencyCode } });
  if (!currency) throw NotFound(TEXTS.notInList('currency'));
  const units = currency.units as { unitCode: string; unitName: string; unitNameHi?: string; multiplier: number }[];
  return units.map(({ unitNameHi, ...unit }) => ({ ...unit, unitName: nameIn(language, unit.unitName, unitNameHi) }));
}

export const banks = (db: Db, nameContains?: string) =>
  db.bank.findMany({
    where: nameContains ? { bankName: { contains: nameContains, mode: 'insensitive' } } : {},
    select: { bankCode: true, bankName: true, swiftCode: true },
    orderBy: { bankName: 'asc' },
  });

export async function bankBranch(db: Db, ifsc: string): Promise<BankBranch> {
  const branch = await findBankBranch(db, ifsc);
  if (!branch) throw NotFound(TEXTS.ifscUnknown(ifsc));
  return branch;
}

/** Adds a branch to the IFSC master (section 6, "save bank master"); its bank is the IFSC's first four letters. */
export async function addBankBranch(
  deps: { db: Db; now: () => Date },
  actor: AuthContext,
  input: { ifsc: string; branchName: string; address: string; cityName: string; stateId: number; micr: string | null },
): Promise<BankBranch> {
  const { db } = deps;
  const bankCode = input.ifsc.slice(0, 4);
  if (!(await db.bank.findUnique({ where: { bankCode } }))) throw Invalid('ifsc', TEXTS.notInList('bank code'));
  if (!(await db.state.findUnique({ where: { stateId: input.stateId } }))) throw Invalid('stateId', TEXTS.notInList('state'));
  if (await db.bankBranch.findUnique({ where: { ifsc: input.ifsc } })) throw Conflict(TEXTS.bankBranchExists(input.ifsc));
  await db.$transaction(async (tx) => {
    await tx.bankBranch.create({ data: { ...input, bankCode } });
    await recordAdminAction(tx, { action: 'saveBankMaster', actor, after: { ...input, bankCode }, now: deps.now() });
  });
  return bankBranch(db, input.ifsc);
}

export async function fileTypes(db: Db, moduleCode: string) {
  const rows = await db.fileTypeRule.findMany({ where: { moduleCode }, orderBy: { fileType: 'asc' } });
  return rows.map((r) => ({ fileType: r.fileType }));
}
