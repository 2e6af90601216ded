import {
  CREDENTIAL_LISTS,
  TEXTS,
  gstinBelongsTo,
  type CredentialList,
  type Address,
  type GeneralDetails,
  type ListRow,
  type OnboardingListName,
  type Statutory,
  type Vat,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, type AuthContext } from '@pp/platform';
import { findBankBranch } from '../../lib/reference-data.ts';
import { SaveChecks, identifierChecks } from '../../lib/save-checks.ts';
import { type Tx } from '../../lib/transaction.ts';
import { currentProfile, openProfile, withProfileLock, type Profile } from './profile.ts';
import { deleteRow, readList, readPart, replaceRows, saveRows, syncIdentifiers, writeData, type BranchScope } from './store.ts';

type PartnerAuth = AuthContext & { partnerId: number };
type Row = Record<string, unknown>;
type Deps = { db: Db; now: () => Date };

const lockCurrent = <T>(db: Db, auth: PartnerAuth, work: (tx: Tx, profile: Profile) => Promise<T>) =>
  withProfileLock(db, (tx) => currentProfile(tx, auth), work);

/**
 * How a list save keeps its rows: the profile's lists row by row (their deletes are calls of their
 * own), a branch's lists whole (it has no delete calls: a row left out is gone).
 */
const keepRows = (scope: BranchScope) => (scope ? replaceRows : saveRows);

// ---- GEN ----------------------------------------------------------------------------------------

export async function generalModule(db: Db | Tx, profile: Profile) {
  return {
    organizationName: profile.organizationName,
    general: await readPart(db, profile.id, 'general'),
    contacts: await readList(db, profile.id, 'contacts'),
  };
}

function checkContacts(checks: SaveChecks, rows: readonly Row[]) {
  rows.forEach((c, i) => {
    checks.code(`contacts.${i}.departmentCode`, c.departmentCode as string, { list: 'CONTACT_DEPARTMENT' }, 'department');
    checks.code(`contacts.${i}.salutation`, c.salutation as string, { list: 'MISC-24' }, 'salutation');
  });
}

export async function saveGeneral(deps: Deps, auth: PartnerAuth, body: { general?: GeneralDetails; contacts?: Row[] }) {
  return lockCurrent(deps.db, auth, async (tx, profile) => {
    const checks = new SaveChecks();
    const g = body.general;
    if (g) {
      checks.code('general.ownershipType', g.ownershipType, { list: 'OWNERSHIP_TYPE' }, 'ownership type');
      g.businessTypes.forEach((code, i) =>
        checks.code(
          `general.businessTypes.${i}`,
          code,
          { list: 'BUSINESS_TYPE', companyCode: profile.companyCode, parentCode: profile.categoryCode },
          'business type of this business',
        ),
      );
      checks.code('general.enterpriseSector', g.enterpriseSector, { list: 'ENTERPRISE_SECTOR' }, 'enterprise sector');
      checks.code('general.currencyCode', g.currencyCode, { currency: true }, 'currency');
      checks.file('general.logoFileId', g.logoFileId);
    }
    if (body.contacts) checkContacts(checks, body.contacts);
    await checks.run(tx, profile.partnerId, deps.now());
    if (g) await writeData(tx, profile.id, 'general', g);
    if (body.contacts) {
      await saveRows(tx, profile, 'contacts', body.contacts);
      await syncIdentifiers(tx, profile);
    }
    return generalModule(tx, profile);
  });
}

/** A branch's contacts (its own people: the branch's general module), checked as the profile's are. */
export async function writeBranchContacts(deps: Deps, tx: Tx, profile: Profile, rows: Row[], scope: BranchScope) {
  const checks = new SaveChecks();
  checkContacts(checks, rows);
  await checks.run(tx, profile.partnerId, deps.now());
  return keepRows(scope)(tx, profile, 'contacts', rows, undefined, scope);
}

export async function saveAddress(deps: Deps, auth: PartnerAuth, address: Address) {
  return lockCurrent(deps.db, auth, async (tx, profile) => {
    const checks = new SaveChecks();
    checks.address(address);
    await checks.run(tx, profile.partnerId, deps.now());
    await writeData(tx, profile.id, 'address', address);
    return address;
  });
}

// ---- STA ----------------------------------------------------------------------------------------

export async function saveStatutory(deps: Deps, auth: PartnerAuth, statutory: Statutory) {
  return lockCurrent(deps.db, auth, (tx, profile) => writeStatutory(deps, tx, profile, statutory));
}

/** Checks statutory details as the form's save does (an admin's correction too), then keeps them. */
export async function writeStatutory(deps: Deps, tx: Tx, profile: Profile, statutory: Statutory): Promise<Statutory> {
  const checks = new SaveChecks();
  const p = checks.problems;
  if (statutory.pan) {
    p.identifier('pan', identifierChecks.pan(statutory.pan));
    const general = await readPart(tx, profile.id, 'general');
    if (general?.ownershipType) {
      const type = await tx.referenceItem.findUnique({
        where: { listCode_code: { listCode: 'OWNERSHIP_TYPE', code: general.ownershipType } },
      });
      const letter = (type?.attributes as { panLetter?: string } | null)?.panLetter;
      if (letter && statutory.pan[3] !== letter) p.add('pan', TEXTS.panHolderMismatch(letter, type!.name));
    }
  }
  if (statutory.cin) p.identifier('cin', identifierChecks.cin(statutory.cin, deps.now()));
  if (statutory.aadhaarNumber) p.identifier('aadhaarNumber', identifierChecks.aadhaar(statutory.aadhaarNumber));
  if (statutory.udyamNumber) p.identifier('udyamNumber', identifierChecks.udyam(statutory.udyamNumber));
  if (statutory.gstTdsNumber) p.identifier('gstTdsNumber', identifierChecks.gstin(statutory.gstTdsNumber));
  checks.code('pfOfficeCode', statutory.pfOfficeCode, { office: 'PF' }, 'PF office');
  checks.code('esiOfficeCode', statutory.esiOfficeCode, { office: 'ESI' }, 'ESI office');
  for (const field of [
    'panFileId',
    'incorporationFileId',
    'udyamFileId',
    'shopEstablishmentFileId',
    'factoryLicenceFileId',
  ] as const) {
    checks.file(field, statutory[field]);
  }
  if (statutory.pan) {
    for (const [i, g] of (await readList(tx, profile.id, 'gstins')).entries()) {
      if (g.gstin && !gstinBelongsTo(g.gstin, statutory.pan)) p.add('pan', TEXTS.panNotInGstins(g.gstin, i + 1));
    }
  }
  await checks.run(tx, profile.partnerId, deps.now());
  await writeData(tx, profile.id, 'statutory', statutory);
  await syncIdentifiers(tx, profile);
  return statutory;
}

export async function saveGstins(deps: Deps, auth: PartnerAuth, rows: Row[]) {
  return lockCurrent(deps.db, auth, async (tx, profile) => {
    const checks = new SaveChecks();
    const p = checks.problems;
    const pan = (await readPart(tx, profile.id, 'statutory'))?.pan;
    const seen = new Set<string>();
    rows.forEach((g, i) => {
      const gstin = g.gstin as string | null;
      checks.code(`gstins.${i}.registrationType`, g.registrationType as string, { list: 'MISC-25' }, 'GST registration type');
      checks.file(`gstins.${i}.certificateFileId`, g.certificateFileId as string);
      if (!gstin) return;
      p.identifier(`gstins.${i}.gstin`, identifierChecks.gstin(gstin));
      if (!gstinBelongsTo(gstin, pan)) p.add(`gstins.${i}.gstin`, TEXTS.gstinPanMismatch(pan!));
      if (seen.has(gstin)) p.add(`gstins.${i}.gstin`, TEXTS.gstinNotUnique);
      seen.add(gstin);
    });
    await checks.run(tx, profile.partnerId, deps.now());
    // The group's activation stays with a GSTIN saved again unchanged; a changed number needs it again.
    const before = new Map((await readList(tx, profile.id, 'gstins')).map((g) => [g.id, g]));
    const kept = rows.map((row) => {
      const old = typeof row.id === 'number' ? before.get(row.id) : undefined;
      return old?.activatedAt && old.gstin === row.gstin ? { ...row, activatedAt: old.activatedAt } : row;
    });
    const saved = await replaceRows(tx, profile, 'gstins', kept);
    await syncIdentifiers(tx, profile);
    return saved;
  });
}

export async function saveVat(deps: Deps, auth: PartnerAuth, vat: Vat) {
  return lockCurrent(deps.db, auth, async (tx, profile) => {
    const checks = new SaveChecks();
    checks.file('certificateFileId', vat.certificateFileId);
    await checks.run(tx, profile.partnerId, deps.now());
    await writeData(tx, profile.id, 'vat', vat);
    await syncIdentifiers(tx, profile);
    return vat;
  });
}

// ---- BNK ----------------------------------------------------------------------------------------

export async function saveBankAccounts(deps: Deps, auth: PartnerAuth, rows: Row[]) {
  return lockCurrent(deps.db, auth, async (tx, profile) => ({
    bankAccounts: await writeBankAccounts(deps, tx, profile, rows, undefined),
  }));
}

/** Bank accounts checked (codes, files, the IFSC's bank and branch from the master) and kept, one primary. */
export async function writeBankAccounts(deps: Deps, tx: Tx, profile: Profile, rows: Row[], scope: BranchScope) {
  const checks = new SaveChecks();
  const filled: Row[] = [];
  for (const [i, b] of rows.entries()) {
    checks.code(
      `bankAccounts.${i}.accountCategory`,
      b.accountCategory as string,
      { list: 'BANK_ACCOUNT_CATEGORY' },
      'account category',
    );
    checks.code(`bankAccounts.${i}.accountType`, b.accountType as string, { list: 'BANK_ACCOUNT_TYPE' }, 'account type');
    checks.code(`bankAccounts.${i}.paymentMode`, b.paymentMode as string, { list: 'PAYMENT_MODE' }, 'payment mode');
    checks.file(`bankAccounts.${i}.chequeFileId`, b.chequeFileId as string);
    const ifsc = b.ifsc as string | null;
    if (!ifsc) {
      filled.push(b);
      continue;
    }
    // The master decides bank, branch and address of an Indian account: what was typed is replaced.
    const branch = await findBankBranch(tx, ifsc);
    if (!branch) checks.problems.add(`bankAccounts.${i}.ifsc`, TEXTS.ifscUnknown(ifsc));
    filled.push(branch ? { ...b, bankName: branch.bankName, branchName: branch.branchName, branchAddress: branch.address } : b);
  }
  await checks.run(tx, profile.partnerId, deps.now());
  const saved = await keepRows(scope)(
    tx,
    profile,
    'bankAccounts',
    filled,
    (merged) => {
      const primaries = merged.filter((a) => a.accountType === 'P');
      if (primaries.length > 1) {
        const i = rows.findIndex((r) => r.accountType === 'P');
        throw Invalid(`bankAccounts.${Math.max(i, 0)}.accountType`, TEXTS.onePrimaryOnly);
      }
    },
    scope,
  );
  if (!scope) await syncIdentifiers(tx, profile);
  return saved;
}

// ---- CRD and PTN --------------------------------------------------------------------------------

const CREDENTIAL_CODES: Partial<Record<OnboardingListName, [field: string, list: string, what: string][]>> = {
  warehouses: [['holding', 'MISC-14', 'premises holding']],
  bankers: [['facilityType', 'MISC-3', 'banking facility']],
  ratings: [['agencyCode', 'RATING_AGENCY', 'rating agency']],
  customers: [['sector', 'MISC-15', 'customer sector']],
  memberships: [['bodyCode', 'MISC-5', 'industry body']],
  erpSystems: [['erpCode', 'MISC-4', 'ERP system']],
};

export type CredentialLists = { [L in CredentialList]: ListRow<L>[] };

export async function saveCredentials(deps: Deps, auth: PartnerAuth, body: Partial<Record<CredentialList, Row[]>>) {
  return lockCurrent(deps.db, auth, (tx, profile) => writeCredentials(deps, tx, profile, body, undefined));
}

/** The credential lists given, checked and kept; the answer has every credential list as now stored. */
export async function writeCredentials(
  deps: Deps,
  tx: Tx,
  profile: Profile,
  body: Partial<Record<CredentialList, Row[]>>,
  scope: BranchScope,
): Promise<CredentialLists> {
  const checks = new SaveChecks();
  for (const list of CREDENTIAL_LISTS) {
    (body[list] ?? []).forEach((row, i) => {
      for (const [field, code, what] of CREDENTIAL_CODES[list] ?? [])
        checks.code(`${list}.${i}.${field}`, row[field] as string, { list: code }, what);
      if (list === 'projects') checks.file(`projects.${i}.completionFileId`, row.completionFileId as string);
    });
  }
  await checks.run(tx, profile.partnerId, deps.now());
  const answer = {} as CredentialLists;
  for (const list of CREDENTIAL_LISTS) {
    const rows = body[list];
    (answer as Record<string, unknown>)[list] = rows
      ? await keepRows(scope)(tx, profile, list, rows, undefined, scope)
      : await readList(tx, profile.id, list, scope);
  }
  return answer;
}

export async function saveAvenues(deps: Deps, auth: PartnerAuth, rows: Row[]) {
  return lockCurrent(deps.db, auth, async (tx, profile) => ({ avenues: await writeAvenues(deps, tx, profile, rows, undefined) }));
}

/** Partnership avenues checked (a vertical of the company, a cluster of the vertical) and kept, each pair once. */
export async function writeAvenues(deps: Deps, tx: Tx, profile: Profile, rows: Row[], scope: BranchScope) {
  const checks = new SaveChecks();
  rows.forEach((a, i) => {
    checks.code(
      `avenues.${i}.verticalCode`,
      a.verticalCode as string,
      { list: 'CLUSTER_VERTICAL', companyCode: profile.companyCode },
      'vertical of this company',
    );
    if (a.verticalCode) {
      checks.code(
        `avenues.${i}.clusterCode`,
        a.clusterCode as string,
        { list: 'CLUSTER', parentCode: a.verticalCode as string },
        'cluster of this vertical',
      );
    }
    checks.code(`avenues.${i}.interest`, a.interest as string, { list: 'MISC-26' }, 'interest level');
  });
  await checks.run(tx, profile.partnerId, deps.now());
  return keepRows(scope)(
    tx,
    profile,
    'avenues',
    rows,
    (merged, changed) => {
      for (const row of changed) {
        if (!row.verticalCode || !row.clusterCode) continue;
        const same = merged.filter((r) => r.verticalCode === row.verticalCode && r.clusterCode === row.clusterCode);
        if (same.length > 1) throw Invalid(`avenues.${[...changed].indexOf(row)}.clusterCode`, TEXTS.avenueNotUnique);
      }
    },
    scope,
  );
}

const branchKey = (r: { branchName?: string | null; street?: string | null }) =>
  `${(r.branchName ?? '').trim().toLowerCase().replace(/\s+/g, ' ')}|${(r.street ?? '').trim().toLowerCase().replace(/\s+/g, ' ')}`;

/**
 * Saves branch rows with their checks (a state of India, a city of that state, a valid GSTIN) and
 * name + street unique among the profile's branches, ignoring case and spaces. The onboarding
 * save and the partner area's new branch both go through here.
 */
export async function saveBranchRows(
  tx: Tx,
  profile: Profile,
  rows: Row[],
  /** The name a refusal gives a field (a body of one branch names the field alone). */
  fieldOf = (i: number, name: string) => `branches.${i}.${name}`,
) {
  const checks = new SaveChecks();
  rows.forEach((b, i) => {
    checks.code(fieldOf(i, 'stateId'), b.stateId as number, { stateOf: 100 }, 'state of India');
    checks.code(fieldOf(i, 'cityId'), b.cityId as number, { cityOf: (b.stateId as number | null) ?? null }, 'city of this state');
    if (b.gstin) checks.problems.identifier(fieldOf(i, 'gstin'), identifierChecks.gstin(b.gstin as string));
  });
  await checks.run(tx, profile.partnerId);
  return saveRows(tx, profile, 'branches', rows, (merged, changed) => {
    [...changed].forEach((row, i) => {
      if (!row.branchName || !row.street) return;
      // Of two new rows alike, the later one is refused: the first would have been kept alone.
      const at = merged.indexOf(row);
      const clash = merged.some((r, j) => r !== row && branchKey(r) === branchKey(row) && (!changed.has(r) || j < at));
      if (clash) throw Invalid(fieldOf(i, 'branchName'), TEXTS.branchNotUnique);
    });
  });
}

export async function saveBranches(deps: Deps, auth: PartnerAuth, rows: Row[]) {
  return lockCurrent(deps.db, auth, async (tx, profile) => ({ branches: await saveBranchRows(tx, profile, rows) }));
}

// ---- Deletes ------------------------------------------------------------------------------------

/** Lists whose rows carry numbers another partner may share (identifiersOf reads them). */
const IDENTIFYING_LISTS = new Set<OnboardingListName>(['bankAccounts', 'contacts', 'gstins']);

export function deleteListRow<L extends OnboardingListName>(deps: Deps, auth: PartnerAuth, list: L, id: number) {
  return lockCurrent(deps.db, auth, async (tx, profile) => {
    const rows = await deleteRow(tx, profile, list, id);
    if (IDENTIFYING_LISTS.has(list)) await syncIdentifiers(tx, profile);
    return rows;
  });
}

export function deleteBranch(
  deps: Deps,
  auth: PartnerAuth,
  target: { companyCode: number; categoryCode: string; branchId: number },
) {
  return withProfileLock(
    deps.db,
    (tx) => openProfile(tx, auth.partnerId, target.companyCode, target.categoryCode),
    (tx, profile) => deleteRow(tx, profile, 'branches', target.branchId),
  );
}

// ---- Reads of the current profile ---------------------------------------------------------------

export async function readCurrentPart<P extends 'address' | 'vat'>(db: Db, auth: PartnerAuth, part: P) {
  const profile = await currentProfile(db, auth);
  return readPart(db, profile.id, part);
}

export async function readCurrentList<L extends OnboardingListName>(db: Db, auth: PartnerAuth, list: L) {
  const profile = await currentProfile(db, auth);
  return readList(db, profile.id, list);
}
