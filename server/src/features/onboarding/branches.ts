import { TEXTS, type BranchDetail, type Language, type ListRow, type NewBranchBody } from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, nameIn, type AuthContext } from '@pp/platform';
import type { Tx } from '../../lib/transaction.ts';
import { saveBranchRows } from './parts.ts';
import { currentProfile, lockProfile } from './profile.ts';
import { readList } from './store.ts';

type PartnerAuth = AuthContext & { partnerId: number };

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
