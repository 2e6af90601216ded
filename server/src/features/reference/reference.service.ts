import { TEXTS, type BankBranch } from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, NotFound, type AuthContext } from '@pp/platform';
import { recordAdminAction } from '../../lib/admin-audit.ts';
import { findBankBranch } from '../../lib/reference-data.ts';

/** The items of one code list, in the fixture's order. */
export async function referenceList(db: Db, listCode: string, where: { parentCode?: string; companyCode?: number } = {}) {
  const items = await db.referenceItem.findMany({ where: { listCode, ...where }, orderBy: { sortOrder: 'asc' } });
  return items.map((i) => ({ code: i.code, name: i.name, parentCode: i.parentCode }));
}

export const codeList = async (db: Db, listCode: string) =>
  (await referenceList(db, listCode)).map(({ code, name }) => ({ code, name }));

export async function ownershipTypes(db: Db) {
  const items = await db.referenceItem.findMany({ where: { listCode: 'OWNERSHIP_TYPE' }, orderBy: { sortOrder: 'asc' } });
  return items.map((i) => {
    const attributes = (i.attributes ?? {}) as { panLetter?: string; registration?: 'cin' | 'llpin' | 'frn' | 'none' };
    return { code: i.code, name: i.name, panLetter: attributes.panLetter ?? '', registration: attributes.registration ?? 'none' };
  });
}

export async function businessTypes(db: Db, companyCode: number, categoryCode?: string) {
  const items = await db.referenceItem.findMany({
    where: { listCode: 'BUSINESS_TYPE', companyCode, ...(categoryCode ? { parentCode: categoryCode } : {}) },
    orderBy: { sortOrder: 'asc' },
  });
  return items.map((i) => ({ code: i.code, name: i.name, categoryCode: i.parentCode ?? '' }));
}

export const countries = (db: Db) =>
  db.country.findMany({
    select: { countryCode: true, countryName: true, isoCode: true, isdCode: true },
    orderBy: { countryName: 'asc' },
  });

export const states = (db: Db, countryCode: number) =>
  db.state.findMany({
    where: { countryCode },
    select: { stateId: true, stateName: true, gstStateCode: true },
    orderBy: { stateName: 'asc' },
  });

export const cities = (db: Db, stateId: number) =>
  db.city.findMany({ where: { stateId }, select: { cityId: true, cityName: true }, orderBy: { cityName: 'asc' } });

export async function employmentOffices(db: Db, kind: 'PF' | 'ESI') {
  const [offices, stateRows] = await Promise.all([
    db.employmentOffice.findMany({ where: { kind }, orderBy: { officeName: 'asc' } }),
    db.state.findMany({ select: { stateId: true, stateName: true } }),
  ]);
  const stateName = new Map(stateRows.map((s) => [s.stateId, s.stateName]));
  return offices.map((o) => ({
    officeCode: o.officeCode,
    officeName: o.officeName,
    address: o.address,
    stateName: stateName.get(o.stateId) ?? '',
  }));
}

const currencyOut = (c: { currencyCode: string; currencyName: string; symbol: string }) => ({
  currencyCode: c.currencyCode,
  currencyName: c.currencyName,
  symbol: c.symbol,
});

export const currencies = async (db: Db) => (await db.currency.findMany({ orderBy: { sortOrder: 'asc' } })).map(currencyOut);

export const countryCurrencies = async (db: Db, countryCode: number) =>
  (await db.currency.findMany({ where: { countryCodes: { has: countryCode } }, orderBy: { sortOrder: 'asc' } })).map(currencyOut);

export async function currencyUnits(db: Db, currencyCode: string) {
  const currency = await db.currency.findUnique({ where: { currencyCode } });
  if (!currency) throw NotFound(TEXTS.notInList('currency'));
  return currency.units as { unitCode: string; unitName: string; multiplier: number }[];
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
