import {
  CODE_OF_CONDUCT_VERSION,
  financialYears,
  rowData,
  type Address,
  type BankAccount,
  type CodeOfConductStatus,
  type CurrencyUnitChoice,
  type FinancialPerformance,
  type GstNotification,
  type GstNotificationInput,
  type GstTds,
  type Language,
  type QuickLinks,
  TEXTS,
  type Text,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, NotFound, nameIn, type AuthContext } from '@pp/platform';
import { findBankBranch } from '../../lib/reference-data.ts';
import { ownFileIds } from '../../lib/stored-files.ts';
import { readTogether, type Tx } from '../../lib/transaction.ts';
import { currentProfile, lockProfile, type Profile } from './profile.ts';
import { readSnapshot, writeData } from './store.ts';

type PartnerAuth = AuthContext & { partnerId: number };

/** Data the partner area keeps on a profile beside its onboarding parts. */
const PARTS = {
  codeOfConduct: 'codeOfConduct',
  gstNotification: 'gstNotification',
  bankDraft: 'bankDraft',
  financeDraft: 'financeDraft',
  tdsDeclaration: 'tdsDeclaration',
  currencyUnit: 'currencyUnit',
} as const;

interface CodeOfConductRecord {
  version: string;
  acceptedAt: string;
}

function conductStatus(record: CodeOfConductRecord | null): CodeOfConductStatus {
  const current = record?.version === CODE_OF_CONDUCT_VERSION;
  return {
    version: CODE_OF_CONDUCT_VERSION,
    acceptedAt: current ? record.acceptedAt : null,
    acceptedVersion: record && !current ? record.version : null,
  };
}

/** An address with the names of its city, state and country, as a person reads it (in the reader's language). */
async function namedAddress(db: Db, address: Address, language: Language) {
  const [city, state, country] = await readTogether(db, [
    async () => (address.cityId === null ? null : db.city.findUnique({ where: { cityId: address.cityId } })),
    async () => (address.stateId === null ? null : db.state.findUnique({ where: { stateId: address.stateId } })),
    async () => (address.countryCode === null ? null : db.country.findUnique({ where: { countryCode: address.countryCode } })),
  ]);
  return {
    ...address,
    cityName: city ? nameIn(language, city.cityName, city.cityNameHi) : null,
    stateName: state ? nameIn(language, state.stateName, state.stateNameHi) : null,
    countryName: country ? nameIn(language, country.countryName, country.countryNameHi) : null,
  };
}

/** The current profile as the quick links read it: all of it, and the states by GST state code. */
async function linksOf(db: Db, auth: PartnerAuth, language: Language) {
  const profile = await currentProfile(db, auth);
  // The page waits for these answers before it shows anything: their reads go out together.
  const [snapshot, gstStates] = await readTogether(db, [
    () => readSnapshot(db, profile.id),
    () => db.state.findMany({ where: { gstStateCode: { not: null } } }),
  ]);
  // The GST state code (the GSTIN's first two digits) names the state it is registered in.
  const states = new Map(gstStates.map((s) => [s.gstStateCode!, nameIn(language, s.stateName, s.stateNameHi)]));
  const stateOf = (gstin: string | null) => (gstin ? (states.get(gstin.slice(0, 2)) ?? null) : null);
  return {
    profile,
    snapshot,
    gstins: (): QuickLinks['gstins'] =>
      snapshot.list('gstins').map((g) => ({ ...g, stateName: stateOf(g.gstin), active: g.activatedAt !== null })),
    taxContacts: () => snapshot.list('contacts').filter((c) => c.departmentCode === 'ACCTS'),
    address: async () => {
      const address = snapshot.part('address');
      return address && (await namedAddress(db, address, language));
    },
    gstTds: (): GstTds => {
      const gstTdsNumber = snapshot.part('statutory')?.gstTdsNumber ?? null;
      return { gstTdsNumber, stateName: stateOf(gstTdsNumber) };
    },
  };
}

/**
 * The quick links' own calls (section 7 names them without paths): each answers one piece of what
 * GET /api/partner-profile/quicklink answers whole, for a page that shows only that piece.
 */
export const quickLink = {
  allGst: async (db: Db, auth: PartnerAuth, language: Language) => (await linksOf(db, auth, language)).gstins(),
  approvedGstins: async (db: Db, auth: PartnerAuth, language: Language) =>
    (await linksOf(db, auth, language)).gstins().filter((g) => g.active),
  gstin: async (db: Db, auth: PartnerAuth, gstin: string, language: Language) => {
    const found = (await linksOf(db, auth, language)).gstins().find((g) => g.gstin === gstin);
    if (!found) throw NotFound(TEXTS.gstinNotInProfile(gstin));
    return found;
  },
  gstTds: async (db: Db, auth: PartnerAuth, language: Language) => (await linksOf(db, auth, language)).gstTds(),
  statutory: async (db: Db, auth: PartnerAuth) => (await linksOf(db, auth, 'en')).snapshot.part('statutory'),
  address: async (db: Db, auth: PartnerAuth, language: Language) => (await linksOf(db, auth, language)).address(),
  taxContacts: async (db: Db, auth: PartnerAuth) => (await linksOf(db, auth, 'en')).taxContacts(),
};

export async function quickLinks(db: Db, auth: PartnerAuth, now: Date, language: Language = 'en'): Promise<QuickLinks> {
  const links = await linksOf(db, auth, language);
  const { profile, snapshot } = links;
  const read = <T>(part: string) => snapshot.data<T>(part);
  return {
    profile: {
      organizationName: profile.organizationName,
      partnerNumber: profile.partnerNumber,
      companyCode: profile.companyCode,
      categoryCode: profile.categoryCode,
      categoryName: profile.categoryName,
      status: profile.status,
      requestNumber: profile.requestNumber,
      submittedAt: profile.submittedAt?.toISOString() ?? null,
    },
    address: await links.address(),
    gstins: links.gstins(),
    taxContacts: links.taxContacts(),
    tdsDeclaration: read(PARTS.tdsDeclaration),
    gstNotification: read(PARTS.gstNotification),
    codeOfConduct: conductStatus(read(PARTS.codeOfConduct)),
    bankDraft: read(PARTS.bankDraft),
    financeDraft: read(PARTS.financeDraft),
    financialYear: financialYears(now)[0]!,
    currencyUnit: await unitChoice(db, read<StoredUnit>(PARTS.currencyUnit), language),
  };
}

/** Work on the current profile under its lock; the partner area may write whatever the profile's status. */
async function onCurrent<T>(db: Db, auth: PartnerAuth, work: (tx: Tx, profile: Profile) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => work(tx, await lockProfile(tx, await currentProfile(tx, auth))));
}

export function reviewCodeOfConduct(db: Db, auth: PartnerAuth, now: Date): Promise<CodeOfConductStatus> {
  return onCurrent(db, auth, async (tx, profile) => {
    const record: CodeOfConductRecord = { version: CODE_OF_CONDUCT_VERSION, acceptedAt: now.toISOString() };
    await writeData(tx, profile.id, PARTS.codeOfConduct, record);
    return conductStatus(record);
  });
}

export function submitGstNotification(
  db: Db,
  auth: PartnerAuth,
  input: GstNotificationInput,
  now: Date,
): Promise<GstNotification> {
  const latest = financialYears(now)[0]!;
  if (input.financialYear !== latest) throw Invalid('financialYear', TEXTS.financialYearNotAsked([latest]));
  return onCurrent(db, auth, async (tx, profile) => {
    const notification: GstNotification = { ...input, submittedAt: now.toISOString() };
    await writeData(tx, profile.id, PARTS.gstNotification, notification);
    return notification;
  });
}

export function saveDraft<T extends object>(
  db: Db,
  auth: PartnerAuth,
  kind: 'bankDraft' | 'financeDraft',
  data: T,
  now: Date,
): Promise<T & { savedAt: string }> {
  return onCurrent(db, auth, async (tx, profile) => {
    const draft = { ...data, savedAt: now.toISOString() };
    await writeData(tx, profile.id, PARTS[kind], draft);
    return draft;
  });
}

export function deleteDraft(db: Db, auth: PartnerAuth, kind: 'bankDraft' | 'financeDraft'): Promise<Text> {
  return onCurrent(db, auth, async (tx, profile) => {
    const { count } = await tx.onboardingPart.deleteMany({ where: { profileId: profile.id, partName: PARTS[kind] } });
    return count === 0 ? TEXTS.draftNotFound : TEXTS.draftDeleted;
  });
}

/**
 * A bank draft as stored: the account as the onboarding form keeps it (the typed-twice number is
 * not kept), its cancelled cheque one of the partner's own uploads.
 */
export async function bankDraftData(
  db: Db,
  auth: AuthContext,
  input: Record<string, unknown>,
  now: Date,
): Promise<Omit<BankAccount, 'id'>> {
  const { confirmAccountNumber: _confirm, ...rest } = rowData(input);
  const cheque = typeof rest.chequeFileId === 'string' ? rest.chequeFileId : null;
  if (cheque && !(await ownFileIds(db, auth, [cheque], now)).has(cheque)) throw Invalid('chequeFileId', TEXTS.notYourUpload);
  // Refused now, as the profile's own bank accounts are: the admin's apply looks the branch up, and
  // a draft no branch is known for could only fail there, after the partner was told it was saved.
  const ifsc = typeof rest.ifsc === 'string' ? rest.ifsc : null;
  if (ifsc && !(await findBankBranch(db, ifsc))) throw Invalid('ifsc', TEXTS.ifscUnknown(ifsc));
  return rest as Omit<BankAccount, 'id'>;
}

/** A finance draft as stored: the years' rows as the onboarding form keeps them. */
export const financeDraftData = (years: Record<string, unknown>[]) => ({
  years: years.map((y) => rowData(y) as FinancialPerformance),
});

type UnitRow = { unitCode: string; unitName: string; unitNameHi?: string; multiplier: number };
type StoredUnit = { currencyCode: string; unitCode: string };

/** A chosen unit as the reader reads it (the unit's name in the reader's language); null if the currency has it no more. */
async function unitChoice(db: Db | Tx, stored: StoredUnit | null, language: Language): Promise<CurrencyUnitChoice | null> {
  if (!stored) return null;
  const currency = await db.currency.findUnique({ where: { currencyCode: stored.currencyCode } });
  const unit = (currency?.units as UnitRow[] | undefined)?.find((u) => u.unitCode === stored.unitCode);
  return unit
    ? {
        currencyCode: stored.currencyCode,
        unitCode: unit.unitCode,
        unitName: nameIn(language, unit.unitName, unit.unitNameHi),
        multiplier: unit.multiplier,
      }
    : null;
}

/** The unit the partner gives its amounts in: one of the currency's units, kept on its current profile. */
export function saveCurrencyUnit(db: Db, auth: PartnerAuth, input: StoredUnit, language: Language): Promise<CurrencyUnitChoice> {
  return onCurrent(db, auth, async (tx, profile) => {
    const currency = await tx.currency.findUnique({ where: { currencyCode: input.currencyCode } });
    if (!currency) throw Invalid('currencyCode', TEXTS.notInList('currency'));
    if (!(currency.units as UnitRow[]).some((u) => u.unitCode === input.unitCode))
      throw Invalid('unitCode', TEXTS.notInList(`unit of ${currency.currencyCode}`));
    const stored: StoredUnit = { currencyCode: currency.currencyCode, unitCode: input.unitCode };
    await writeData(tx, profile.id, PARTS.currencyUnit, stored);
    return (await unitChoice(tx, stored, language))!;
  });
}
