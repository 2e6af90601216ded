import { DOMESTIC_COUNTRY_CODE, TEXTS, PARTNER_TYPE_ACTIVE } from '@pp/contract';
import { isoMoment, prepared, runPrepared, type Db } from '@pp/db';
import type { Tx } from '../../lib/transaction.ts';
import { AppError, Conflict, NotFound, type AuthContext } from '@pp/platform';

export interface Profile {
  id: number;
  partnerId: number;
  companyCode: number;
  categoryCode: string;
  categoryName: string;
  categoryNameHi: string | null;
  status: 'Edit' | 'View' | 'Approved';
  requestNumber: string | null;
  submittedAt: Date | null;
  international: boolean;
  organizationName: string;
  partnerNumber: string;
}

interface Opened {
  mappingStatus: string;
  categoryName: string;
  categoryNameHi: string | null;
  countryCode: number;
  organizationName: string;
  partnerNumber: string;
  id: number | null;
  status: Profile['status'] | null;
  requestNumber: string | null;
  submittedAt: string | null;
}

/** The business, the partner and the profile (when made) in one statement; null when not registered. */
const OPENED = prepared<Opened | null>(`
  SELECT (
    SELECT json_build_object(
      'mappingStatus', m.status, 'categoryName', c."categoryName", 'categoryNameHi', c."categoryNameHi",
      'countryCode', p."countryCode", 'organizationName', p."organizationName", 'partnerNumber', p."partnerNumber",
      'id', o.id, 'status', o.status, 'requestNumber', o."requestNumber",
      'submittedAt', ${isoMoment('o."submittedAt"')})
      FROM "CompanyMapping" m
      JOIN "BusinessCategory" c ON c."categoryCode" = m."categoryCode"
      JOIN "Partner" p ON p.id = m."partnerId"
      LEFT JOIN "OnboardingProfile" o
        ON o."partnerId" = m."partnerId" AND o."companyCode" = m."companyCode" AND o."categoryCode" = m."categoryCode"
     WHERE m."partnerId" = $1 AND m."companyCode" = $2 AND m."categoryCode" = $3
  ) AS answer`);

/**
 * The partner's profile for a company and business it is registered for (made on first use);
 * another partner's, or a company the partner does not hold, is not found. The business, the
 * partner and the profile are read in one statement: every onboarding call starts here, and the
 * four reads it took were most of a module page's time.
 */
export async function openProfile(db: Db | Tx, partnerId: number, companyCode: number, categoryCode: string): Promise<Profile> {
  const read = () => runPrepared(db, OPENED, [partnerId, companyCode, categoryCode]);
  let row = await read();
  if (!row || row.mappingStatus !== PARTNER_TYPE_ACTIVE) throw NotFound(TEXTS.categoryNotRegistered(categoryCode, companyCode));
  if (row.id === null) {
    // A page's first requests (profile, progress, checks) arrive together and each would make it:
    // ON CONFLICT DO NOTHING lets one insert win where Prisma's upsert would fail the others.
    await db.onboardingProfile.createMany({ data: [{ partnerId, companyCode, categoryCode }], skipDuplicates: true });
    row = (await read())!;
  }
  return {
    id: row.id!,
    partnerId,
    companyCode,
    categoryCode,
    categoryName: row.categoryName,
    categoryNameHi: row.categoryNameHi,
    status: row.status!,
    requestNumber: row.requestNumber,
    submittedAt: row.submittedAt === null ? null : new Date(row.submittedAt),
    international: row.countryCode !== DOMESTIC_COUNTRY_CODE,
    organizationName: row.organizationName,
    partnerNumber: row.partnerNumber,
  };
}

/** The profile of the session's current company and business (the saves of section 7 name none). */
export async function currentProfile(db: Db | Tx, auth: AuthContext & { partnerId: number }): Promise<Profile> {
  if (auth.companyCode === null || auth.categoryCode === null) {
    throw new AppError('BAD_REQUEST', { message: TEXTS.noCurrentCompany });
  }
  return openProfile(db, auth.partnerId, auth.companyCode, auth.categoryCode);
}

/** A submitted or approved profile is read-only for the partner (the workflow sends it back to Edit). */
export function assertEditable(profile: Profile): void {
  if (profile.status !== 'Edit') throw Conflict(TEXTS.profileLocked(profile.status));
}

/**
 * Runs `work` in a transaction holding the profile's row lock, so that two saves of one profile
 * (two tabs) take turns: list uniqueness and the single primary account hold under concurrency.
 */
export async function withProfileLock<T>(
  db: Db,
  find: (tx: Tx) => Promise<Profile>,
  work: (tx: Tx, profile: Profile) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    const current = await lockProfile(tx, await find(tx));
    assertEditable(current);
    return work(tx, current);
  });
}

/** Takes a profile's row lock for the rest of the transaction, and answers its status as now locked. */
export async function lockProfile(tx: Tx, profile: Profile): Promise<Profile> {
  const [locked] = await tx.$queryRaw<{ status: Profile['status'] }[]>`
    SELECT status FROM "OnboardingProfile" WHERE id = ${profile.id} FOR UPDATE`;
  if (!locked) throw NotFound(TEXTS.categoryNotRegistered(profile.categoryCode, profile.companyCode));
  return { ...profile, status: locked.status };
}
