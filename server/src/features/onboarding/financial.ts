import { TEXTS, financialYears, type FinancialPartName, type FinancialRow } from '@pp/contract';
import type { Db } from '@pp/db';
import type { AuthContext } from '@pp/platform';
import { SaveChecks } from '../../lib/save-checks.ts';
import { type Tx } from '../../lib/transaction.ts';
import { currentProfile, openProfile, withProfileLock, type Profile } from './profile.ts';
import { readData, readPart, readSnapshot, scopedName, writeData, type BranchScope, type ProfileSnapshot } from './store.ts';

type Deps = { db: Db; now: () => Date };
const PART_NAMES: Record<FinancialPartName, string> = {
  performance: 'fin.performance',
  strength: 'fin.strength',
  others: 'fin.others',
  statements: 'fin.statements',
};

export async function readYears<P extends FinancialPartName>(
  db: Db | Tx,
  profileId: number,
  part: P,
  scope?: BranchScope,
): Promise<FinancialRow<P>[]> {
  return (await readData<{ years: FinancialRow<P>[] }>(db, profileId, scopedName(PART_NAMES[part], scope)))?.years ?? [];
}

/** Financial details of a profile: the years asked (newest first) and what is saved for each. */
export function financialOf(snapshot: ProfileSnapshot, now: Date) {
  const years = <P extends FinancialPartName>(part: P) =>
    snapshot.data<{ years: FinancialRow<P>[] }>(PART_NAMES[part])?.years ?? [];
  return {
    years: financialYears(now),
    performance: years('performance'),
    strength: years('strength'),
    others: years('others'),
    statements: years('statements'),
  };
}

export async function financialSummary(db: Db | Tx, profile: Profile, now: Date) {
  return financialOf(await readSnapshot(db, profile.id), now);
}

export async function financialRetrieval(deps: Deps, partnerId: number, target: { companyCode: number; categoryCode: string }) {
  const profile = await openProfile(deps.db, partnerId, target.companyCode, target.categoryCode);
  return financialSummary(deps.db, profile, deps.now());
}

/**
 * Saves the given years of one financial part (a year given replaces that year; the others stay).
 * Only the years asked may be given, and none before the year of incorporation.
 */
export async function saveFinancial<P extends FinancialPartName>(
  deps: Deps,
  auth: AuthContext & { partnerId: number },
  part: P,
  years: FinancialRow<P>[],
) {
  return withProfileLock(
    deps.db,
    (tx) => currentProfile(tx, auth),
    async (tx, profile) => {
      await writeYears(deps, tx, profile, part, years, undefined);
      return financialSummary(tx, profile, deps.now());
    },
  );
}

/**
 * Checks and keeps the given years of one financial part (the profile's or a branch's): only the
 * years asked, none before the year of incorporation; answers the part's years as now kept.
 */
export async function writeYears<P extends FinancialPartName>(
  deps: Deps,
  tx: Tx,
  profile: Profile,
  part: P,
  years: FinancialRow<P>[],
  scope: BranchScope,
): Promise<FinancialRow<P>[]> {
  const asked = financialYears(deps.now());
  const checks = new SaveChecks();
  const since = (await readPart(tx, profile.id, 'general'))?.yearOfIncorporation ?? null;
  years.forEach((row, i) => {
    if (!asked.includes(row.financialYear)) checks.problems.add(`years.${i}.financialYear`, TEXTS.financialYearNotAsked(asked));
    else if (since !== null && Number(row.financialYear.slice(0, 4)) + 1 <= since) {
      checks.problems.add(`years.${i}.financialYear`, TEXTS.yearTooEarly(since));
    }
    if ('fileId' in row) checks.file(`years.${i}.fileId`, row.fileId);
  });
  await checks.run(tx, profile.partnerId, deps.now());
  return (await mergeYears(tx, profile, part, years, asked, scope)).after;
}

/** Writes the given years of a financial part over the saved ones; only the years asked are kept. */
export async function mergeYears<P extends FinancialPartName>(
  tx: Tx,
  profile: Profile,
  part: P,
  years: FinancialRow<P>[],
  asked: string[],
  scope?: BranchScope,
): Promise<{ before: FinancialRow<P>[]; after: FinancialRow<P>[] }> {
  const before = await readYears(tx, profile.id, part, scope);
  const byYear = new Map(before.map((r) => [r.financialYear, r]));
  for (const row of years) byYear.set(row.financialYear, row);
  const after = asked.map((fy) => byYear.get(fy)).filter((r): r is FinancialRow<P> => r !== undefined);
  await writeData(tx, profile.id, scopedName(PART_NAMES[part], scope), { years: after });
  return { before, after };
}
