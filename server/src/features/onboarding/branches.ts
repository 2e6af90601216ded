import {
  CREDENTIAL_LISTS,
  TEXTS,
  financialYears,
  type BranchDetail,
  type BranchOrganisation,
  type FinancialStrength,
  type Language,
  type ListRow,
  type NewBranchBody,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, nameIn, type AuthContext } from '@pp/platform';
import { SaveChecks } from '../../lib/save-checks.ts';
import { readTogether, type Tx } from '../../lib/transaction.ts';
import { readYears, writeYears } from './financial.ts';
import { saveBranchRows, writeAvenues, writeBankAccounts, writeBranchContacts, writeCredentials } from './parts.ts';
import { currentProfile, lockProfile, type Profile } from './profile.ts';
import { readData, readList, scopedName, writeData, type BranchScope } from './store.ts';

type PartnerAuth = AuthContext & { partnerId: number };
type Deps = { db: Db; now: () => Date };
type Row = Record<string, unknown>;

/** Branch rows with their state and city named in the reader's language. */
async function named(db: Db | Tx, rows: ListRow<'branches'>[], language: Language): Promise<BranchDetail[]> {
  const ids = <K extends 'stateId' | 'cityId'>(key: K) => rows.flatMap((r) => (r[key] === null ? [] : [r[key]]));
  const states = new Map(
    (await db.state.findMany({ where: { stateId: { in: ids('stateId') } } })).map((s) => [
      s.stateId,
      nameIn(language, s.stateName, s.stateNameHi),
    ]),
  );
  const cities = new Map(
    (await db.city.findMany({ where: { cityId: { in: ids('cityId') } } })).map((c) => [
      c.cityId,
      nameIn(language, c.cityName, c.cityNameHi),
    ]),
  );
  return rows.map((r) => ({
    ...r,
    stateName: r.stateId === null ? null : (states.get(r.stateId) ?? null),
    cityName: r.cityId === null ? null : (cities.get(r.cityId) ?? null),
  }));
}

/** Branch Details: the branches of the session's current profile. */
export async function branchDetails(db: Db, auth: PartnerAuth, language: Language = 'en'): Promise<BranchDetail[]> {
  const profile = await currentProfile(db, auth);
  return named(db, await readList(db, profile.id, 'branches'), language);
}

/**
 * A branch added from the partner area. Unlike the onboarding form it may be added once the profile
 * is approved (a new depot does not reopen the approval), but not while the group reviews the
 * profile: what the reviewers read does not change under them.
 */
export async function addBranch(
  db: Db,
  auth: PartnerAuth,
  body: NewBranchBody,
  language: Language = 'en',
): Promise<BranchDetail[]> {
  return db.$transaction(async (tx) => {
    const profile = await lockProfile(tx, await currentProfile(tx, auth));
    if (profile.status === 'View') throw Conflict(TEXTS.branchWhileReview);
    const branches = await saveBranchRows(tx, profile, [{ ...body, gstin: body.gstin ?? null }], (_, name) => name);
    return named(tx, branches, language);
  });
}

/** Several branches at once (POST /api/partner/new-branches): all are kept or none, each refusal naming its row. */
export async function addBranches(
  db: Db,
  auth: PartnerAuth,
  bodies: NewBranchBody[],
  language: Language = 'en',
): Promise<BranchDetail[]> {
  return db.$transaction(async (tx) => {
    const profile = await lockProfile(tx, await currentProfile(tx, auth));
    if (profile.status === 'View') throw Conflict(TEXTS.branchWhileReview);
    const branches = await saveBranchRows(
      tx,
      profile,
      bodies.map((b) => ({ ...b, gstin: b.gstin ?? null })),
    );
    return named(tx, branches, language);
  });
}

// ---- A branch's own details (/api/branch/...) ---------------------------------------------------

/** The branch row of the current profile named by `branchId`; another profile's is not found. */
async function branchOf(db: Db | Tx, profile: Profile, branchId: number): Promise<ListRow<'branches'>> {
  const branch = (await readList(db, profile.id, 'branches')).find((b) => b.id === branchId);
  if (!branch) throw Invalid('branchId', TEXTS.rowNotFound);
  return branch;
}

async function readBranch<T>(
  db: Db,
  auth: PartnerAuth,
  branchId: number,
  read: (profile: Profile, scope: BranchScope) => Promise<T>,
) {
  const profile = await currentProfile(db, auth);
  await branchOf(db, profile, branchId);
  return read(profile, { branchId });
}

/**
 * A save of a branch's details under the profile's lock. Like a new branch, it may come once the
 * profile is approved (a depot's new account does not reopen the approval), not while it is reviewed.
 */
function writeBranch<T>(
  db: Db,
  auth: PartnerAuth,
  branchId: number,
  work: (tx: Tx, profile: Profile, scope: BranchScope) => Promise<T>,
) {
  return db.$transaction(async (tx) => {
    const profile = await lockProfile(tx, await currentProfile(tx, auth));
    if (profile.status === 'View') throw Conflict(TEXTS.branchDetailsWhileReview);
    await branchOf(tx, profile, branchId);
    return work(tx, profile, { branchId });
  });
}

async function branchGeneral(db: Db | Tx, profile: Profile, scope: BranchScope & object, language: Language) {
  const [branches, contacts] = await readTogether(db, [
    () => readList(db, profile.id, 'branches'),
    () => readList(db, profile.id, 'contacts', scope),
  ]);
  const [branch] = await named(
    db,
    branches.filter((b) => b.id === scope.branchId),
    language,
  );
  return { branch: branch!, contacts };
}

export const branchDetailsOf = {
  general: (db: Db, auth: PartnerAuth, branchId: number, language: Language) =>
    readBranch(db, auth, branchId, (profile, scope) => branchGeneral(db, profile, scope!, language)),
  organisation: (db: Db, auth: PartnerAuth, branchId: number) =>
    readBranch(db, auth, branchId, (profile, scope) =>
      readData<BranchOrganisation>(db, profile.id, scopedName(ORGANISATION, scope)),
    ),
  bank: (db: Db, auth: PartnerAuth, branchId: number) =>
    readBranch(db, auth, branchId, async (profile, scope) => ({
      bankAccounts: await readList(db, profile.id, 'bankAccounts', scope),
    })),
  credential: (db: Db, auth: PartnerAuth, branchId: number) =>
    readBranch(db, auth, branchId, async (profile, scope) => {
      const lists = await readTogether(
        db,
        CREDENTIAL_LISTS.map((list) => () => readList(db, profile.id, list, scope)),
      );
      return Object.fromEntries(CREDENTIAL_LISTS.map((list, i) => [list, lists[i]])) as {
        [L in (typeof CREDENTIAL_LISTS)[number]]: ListRow<L>[];
      };
    }),
  avenues: (db: Db, auth: PartnerAuth, branchId: number) =>
    readBranch(db, auth, branchId, async (profile, scope) => ({ avenues: await readList(db, profile.id, 'avenues', scope) })),
  strength: (deps: Deps, auth: PartnerAuth, branchId: number) =>
    readBranch(deps.db, auth, branchId, async (profile, scope) => ({
      years: financialYears(deps.now()),
      strength: await readYears(deps.db, profile.id, 'strength', scope),
    })),
};

/** Where a branch's registrations are kept (scoped like its lists). */
const ORGANISATION = 'branchOrganisation';

export const saveBranchDetails = {
  general: (deps: Deps, auth: PartnerAuth, body: { branchId: number; contacts: Row[] }, language: Language) =>
    writeBranch(deps.db, auth, body.branchId, async (tx, profile, scope) => {
      await writeBranchContacts(deps, tx, profile, body.contacts, scope);
      return branchGeneral(tx, profile, scope!, language);
    }),
  organisation: (deps: Deps, auth: PartnerAuth, body: { branchId: number; organisation: BranchOrganisation }) =>
    writeBranch(deps.db, auth, body.branchId, async (tx, profile, scope) => {
      const o = body.organisation;
      const checks = new SaveChecks();
      checks.code('organisation.pfOfficeCode', o.pfOfficeCode, { office: 'PF' }, 'PF office');
      checks.code('organisation.esiOfficeCode', o.esiOfficeCode, { office: 'ESI' }, 'ESI office');
      checks.file('organisation.shopEstablishmentFileId', o.shopEstablishmentFileId);
      checks.file('organisation.factoryLicenceFileId', o.factoryLicenceFileId);
      await checks.run(tx, profile.partnerId, deps.now());
      await writeData(tx, profile.id, scopedName(ORGANISATION, scope), o);
      return o;
    }),
  bank: (deps: Deps, auth: PartnerAuth, body: { branchId: number; bankAccounts: Row[] }) =>
    writeBranch(deps.db, auth, body.branchId, async (tx, profile, scope) => ({
      bankAccounts: await writeBankAccounts(deps, tx, profile, body.bankAccounts, scope),
    })),
  credential: (
    deps: Deps,
    auth: PartnerAuth,
    body: { branchId: number } & Partial<Record<(typeof CREDENTIAL_LISTS)[number], Row[]>>,
  ) => writeBranch(deps.db, auth, body.branchId, (tx, profile, scope) => writeCredentials(deps, tx, profile, body, scope)),
  avenues: (deps: Deps, auth: PartnerAuth, body: { branchId: number; avenues: Row[] }) =>
    writeBranch(deps.db, auth, body.branchId, async (tx, profile, scope) => ({
      avenues: await writeAvenues(deps, tx, profile, body.avenues, scope),
    })),
  strength: (deps: Deps, auth: PartnerAuth, body: { branchId: number; years: FinancialStrength[] }) =>
    writeBranch(deps.db, auth, body.branchId, async (tx, profile, scope) => ({
      years: financialYears(deps.now()),
      strength: await writeYears(deps, tx, profile, 'strength', body.years, scope),
    })),
};
