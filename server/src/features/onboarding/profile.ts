import { DOMESTIC_COUNTRY_CODE, TEXTS, PARTNER_TYPE_ACTIVE } from '@pp/contract';
import type { Db } from '@pp/db';
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

/**
 * The partner's profile for a company and business it is registered for (made on first use);
 * another partner's, or a company the partner does not hold, is not found.
 */
export async function openProfile(db: Db | Tx, partnerId: number, companyCode: number, categoryCode: string): Promise<Profile> {
  const mapping = await db.companyMapping.findUnique({
    where: { partnerId_companyCode_categoryCode: { partnerId, companyCode, categoryCode } },
    include: { category: true, partner: true },
  });
  if (!mapping || mapping.status !== PARTNER_TYPE_ACTIVE) throw NotFound(TEXTS.categoryNotRegistered(categoryCode, companyCode));
  const where = { partnerId_companyCode_categoryCode: { partnerId, companyCode, categoryCode } };
  let profile = await db.onboardingProfile.findUnique({ where });
  if (!profile) {
    // A page's first requests (profile, progress, checks) arrive together and each would make it:
    // ON CONFLICT DO NOTHING lets one insert win where Prisma's upsert would fail the others.
    await db.onboardingProfile.createMany({ data: [{ partnerId, companyCode, categoryCode }], skipDuplicates: true });
    profile = await db.onboardingProfile.findUniqueOrThrow({ where });
  }
  return {
    id: profile.id,
    partnerId,
    companyCode,
    categoryCode,
    categoryName: mapping.category.categoryName,
    categoryNameHi: mapping.category.categoryNameHi,
    status: profile.status,
    requestNumber: profile.requestNumber,
    submittedAt: profile.submittedAt,
    international: mapping.partner.countryCode !== DOMESTIC_COUNTRY_CODE,
    organizationName: mapping.partner.organizationName,
    partnerNumber: mapping.partner.partnerNumber,
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
  await tx.$queryRaw`SELECT 1 FROM "OnboardingProfile" WHERE "id" = ${profile.id} FOR UPDATE`;
  const locked = await tx.onboardingProfile.findUniqueOrThrow({ where: { id: profile.id } });
  return { ...profile, status: locked.status };
}
