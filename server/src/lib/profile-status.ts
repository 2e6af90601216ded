import type { OnboardUserStatus } from '@pp/contract';
import type { Db } from '@pp/db';

/**
 * The onboarding status of a partner's profile for one company and business (spec section 4):
 * Edit until it is submitted, so a profile not yet started is Edit too. The token carries the
 * status of the session's current profile; sign-in, a company switch and a submit set it.
 */
export async function profileStatus(
  db: Pick<Db, 'onboardingProfile'>,
  partnerId: number,
  companyCode: number | null,
  categoryCode: string | null,
): Promise<OnboardUserStatus> {
  if (companyCode === null || categoryCode === null) return 'Edit';
  const profile = await db.onboardingProfile.findUnique({
    where: { partnerId_companyCode_categoryCode: { partnerId, companyCode, categoryCode } },
    select: { status: true },
  });
  return profile?.status ?? 'Edit';
}
