import {
  TEXTS,
  ONBOARDING_LISTS,
  ONBOARDING_PARTS,
  identifiersOf,
  rowData,
  type ListRow,
  type OnboardingListName,
  type OnboardingPartName,
  type PartValue,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid } from '@pp/platform';
import { readTogether, type Tx } from '../../lib/transaction.ts';
import { type Profile } from './profile.ts';

/**
 * How parts, list rows and answers are kept: each as the contract schema parsed it (JSON), with
 * rows in their own table so each has an id the delete calls of section 7 name.
 */

/**
 * Stored data in the answer's shape: a field added to a part since the data was saved reads as
 * empty (not entered yet), and a field since removed is dropped.
 */
function inShape(keys: readonly string[], data: unknown): Record<string, unknown> {
  const stored = (data ?? {}) as Record<string, unknown>;
  return Object.fromEntries(keys.map((k) => [k, stored[k] ?? (k === 'businessTypes' ? [] : null)]));
}

const partValue = <P extends OnboardingPartName>(part: P, data: unknown): PartValue<P> =>
  inShape(Object.keys(ONBOARDING_PARTS[part].output.shape), data) as PartValue<P>;

const listRows = <L extends OnboardingListName>(list: L, rows: readonly { id: number; data: unknown }[]): ListRow<L>[] => {
  const keys = Object.keys(ONBOARDING_LISTS[list].output.shape);
  return rows.map((r) => ({ ...inShape(keys, r.data), id: r.id }) as ListRow<L>);
};

export async function readPart<P extends OnboardingPartName>(
  db: Db | Tx,
  profileId: number,
  part: P,
): Promise<PartValue<P> | null> {
  const row = await db.onboardingPart.findUnique({ where: { profileId_partName: { profileId, partName: part } } });
  return row ? partValue(part, row.data) : null;
}

/** Named storage for the parts that are not contract parts (financial years, declarations). */
export async function readData<T>(db: Db | Tx, profileId: number, partName: string): Promise<T | null> {
  const row = await db.onboardingPart.findUnique({ where: { profileId_partName: { profileId, partName } } });
  return (row?.data ?? null) as T | null;
}

export async function writeData(tx: Tx, profileId: number, partName: string, data: object): Promise<void> {
  await tx.onboardingPart.upsert({
    where: { profileId_partName: { profileId, partName } },
    create: { profileId, partName, data },
    update: { data },
  });
}

/**
 * Where a branch's own details are kept (the branch calls of section 7): beside the profile's, under
 * the part's or list's name with `@` and the branch row's id, so no reader of the profile's own
 * lists and parts meets them, and they go with the branch (deleteRow).
 */
export type BranchScope = { branchId: number } | undefined;
export const scopedName = (name: string, scope: BranchScope) => (scope ? `${name}@${scope.branchId}` : name);

export async function readList<L extends OnboardingListName>(
  db: Db | Tx,
  profileId: number,
  list: L,
  scope?: BranchScope,
): Promise<ListRow<L>[]> {
  return listRows(
    list,
    await db.onboardingRow.findMany({ where: { profileId, listName: scopedName(list, scope) }, orderBy: { id: 'asc' } }),
  );
}

/** Every part and list row of a profile, as readPart, readData and readList would answer them. */
export interface ProfileSnapshot {
  part<P extends OnboardingPartName>(part: P): PartValue<P> | null;
  data<T>(partName: string): T | null;
  list<L extends OnboardingListName>(list: L): ListRow<L>[];
}

/**
 * Reads a whole profile in two queries, for what looks at all of it (the preview, the mandatory
 * checks, percentages): one query per part and list would be some twenty-five.
 */
export async function readSnapshot(db: Db | Tx, profileId: number): Promise<ProfileSnapshot> {
  const [parts, rows] = await readTogether(db, [
    () => db.onboardingPart.findMany({ where: { profileId } }),
    () => db.onboardingRow.findMany({ where: { profileId }, orderBy: { id: 'asc' } }),
  ]);
  const dataOf = new Map(parts.map((p) => [p.partName, p.data]));
  return {
    part: (part) => (dataOf.has(part) ? partValue(part, dataOf.get(part)) : null),
    data: <T>(partName: string) => (dataOf.get(partName) ?? null) as T | null,
    list: (list) =>
      listRows(
        list,
        rows.filter((r) => r.listName === list),
      ),
  };
}

/**
 * Saves rows of a list: a row without an id is added, a row with one replaces that row (which
 * must be in this profile's list). `check` sees the list as it will be and may refuse it.
 */
export async function saveRows<L extends OnboardingListName>(
  tx: Tx,
  profile: Profile,
  list: L,
  rows: readonly Record<string, unknown>[],
  check?: (merged: ListRow<L>[], changed: Set<ListRow<L>>) => void,
  scope?: BranchScope,
): Promise<ListRow<L>[]> {
  const existing = await readList(tx, profile.id, list, scope);
  const byId = new Map(existing.map((r) => [r.id, r]));
  const merged = [...existing];
  const changed = new Set<ListRow<L>>();
  const fresh: object[] = [];
  rows.forEach((row, i) => {
    const id = row.id as number | undefined;
    const data = rowData(row);
    if (id === undefined) {
      const added = { ...data, id: -(i + 1) } as ListRow<L>;
      merged.push(added);
      changed.add(added);
      fresh.push(data);
      return;
    }
    const old = byId.get(id);
    if (!old) throw Invalid(`${list}.${i}.id`, TEXTS.rowNotFound);
    const updated = { ...data, id } as ListRow<L>;
    merged[merged.indexOf(old)] = updated;
    changed.add(updated);
  });
  const { max } = ONBOARDING_LISTS[list];
  if (merged.length > max) throw Invalid(list, TEXTS.listFull(max));
  check?.(merged, changed);

  for (const row of rows) {
    if (row.id !== undefined) {
      const data: object = rowData(row);
      await tx.onboardingRow.update({ where: { id: row.id as number }, data: { data } });
    }
  }
  if (fresh.length > 0) {
    await tx.onboardingRow.createMany({
      data: fresh.map((data) => ({ profileId: profile.id, listName: scopedName(list, scope), data })),
    });
  }
  return readList(tx, profile.id, list, scope);
}

/** Replaces a list whole (the GSTIN list of /api/on-boarding/gstin, a branch's lists). */
export async function replaceRows<L extends OnboardingListName>(
  tx: Tx,
  profile: Profile,
  list: L,
  rows: readonly Record<string, unknown>[],
  check?: (merged: ListRow<L>[], changed: Set<ListRow<L>>) => void,
  scope?: BranchScope,
): Promise<ListRow<L>[]> {
  const keep = new Set(rows.map((r) => r.id).filter((id): id is number => typeof id === 'number'));
  const listName = scopedName(list, scope);
  // A kept id must be a row of this list: otherwise the delete below would leave it and saveRows refuse it.
  await tx.onboardingRow.deleteMany({ where: { profileId: profile.id, listName, id: { notIn: [...keep] } } });
  return saveRows(tx, profile, list, rows, check, scope);
}

/** Deletes one row of a list of the profile; a row of another list or profile is not found. */
export async function deleteRow<L extends OnboardingListName>(
  tx: Tx,
  profile: Profile,
  list: L,
  id: number,
): Promise<ListRow<L>[]> {
  const { count } = await tx.onboardingRow.deleteMany({ where: { id, profileId: profile.id, listName: list } });
  if (count === 0) throw Invalid('id', TEXTS.rowNotFound);
  if (list === 'branches') {
    const suffix = scopedName('', { branchId: id });
    await tx.onboardingRow.deleteMany({ where: { profileId: profile.id, listName: { endsWith: suffix } } });
    await tx.onboardingPart.deleteMany({ where: { profileId: profile.id, partName: { endsWith: suffix } } });
  }
  return readList(tx, profile.id, list);
}

/**
 * Brings the profile's identifiers (PAN, GSTINs, bank accounts, …) in line with a save that may
 * change them, writing only what changed. Every number taken away or added is locked first, all at
 * once and in the order every writer takes them (pp_shared_identifiers_lock, which the statements'
 * triggers take again): a delete's trigger and then an insert's, each locking its own numbers, held
 * some while waiting for others, and two partners changing shared numbers at once deadlocked.
 */
export async function syncIdentifiers(tx: Tx, profile: Profile): Promise<void> {
  const [statutory, vat, gstins, bankAccounts, contacts, held] = await readTogether(tx, [
    () => readPart(tx, profile.id, 'statutory'),
    () => readPart(tx, profile.id, 'vat'),
    () => readList(tx, profile.id, 'gstins'),
    () => readList(tx, profile.id, 'bankAccounts'),
    () => readList(tx, profile.id, 'contacts'),
    () => tx.partnerIdentifier.findMany({ where: { profileId: profile.id }, select: { id: true, kind: true, value: true } }),
  ]);
  const key = (i: { kind: string; value: string }) => `${i.kind}:${i.value}`;
  const wanted = new Map(identifiersOf({ statutory, vat, gstins, bankAccounts, contacts }).map((i) => [key(i), i]));
  const heldKeys = new Set(held.map(key));
  const gone = held.filter((i) => !wanted.has(key(i)));
  const added = [...wanted.values()].filter((i) => !heldKeys.has(key(i)));
  if (gone.length === 0 && added.length === 0) return;
  const numbers = [...gone, ...added].map(key);
  await tx.$executeRaw`SELECT pp_shared_identifiers_lock(${numbers}::text[])`;
  if (gone.length > 0) await tx.partnerIdentifier.deleteMany({ where: { id: { in: gone.map((i) => i.id) } } });
  if (added.length > 0) {
    await tx.partnerIdentifier.createMany({
      data: added.map((i) => ({ ...i, partnerId: profile.partnerId, profileId: profile.id })),
    });
  }
}
