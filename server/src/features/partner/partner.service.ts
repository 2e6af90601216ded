import {
  TEXTS,
  PARTNER_TYPE_ACTIVE,
  PROFILE_PICTURE_MODULE,
  type CompanyMappingEntry,
  type PartnerInfo,
  type Text,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Invalid, NotFound, type AuthContext } from '@pp/platform';
import { profileStatus } from '../../lib/profile-status.ts';
import { claimOwnFiles, siteUrlOf } from '../../lib/stored-files.ts';

export async function getPartnerInfo(db: Db, partnerId: number): Promise<PartnerInfo> {
  const partner = await db.partner.findUnique({
    where: { id: partnerId },
    include: {
      country: true,
      mappings: { where: { status: PARTNER_TYPE_ACTIVE }, include: { category: true }, orderBy: { id: 'asc' } },
    },
  });
  if (!partner) throw NotFound(TEXTS.notFound);

  const business = (primary: boolean) => {
    const seen = new Map<string, string>();
    for (const m of partner.mappings) {
      if (m.isPrimary === primary) seen.set(m.categoryCode, m.category.categoryName);
    }
    return [...seen].map(([categoryCode, categoryName]) => ({ categoryCode, categoryName }));
  };

  return {
    partnerId: partner.id,
    longDesc: partner.longDesc,
    designation: partner.designation,
    organizationName: partner.organizationName,
    partnerNumber: partner.partnerNumber,
    coordinationPerson: partner.coordinationPerson,
    email: partner.email,
    mobileNumber: partner.mobileNumber,
    primaryBusiness: business(true),
    secondaryBusiness: business(false),
    currentCategoryCode: partner.currentCategoryCode,
    currentCompanyCode: partner.currentCompanyCode,
    onboardStatus: await profileStatus(db, partner.id, partner.currentCompanyCode, partner.currentCategoryCode),
    classificationCode: partner.classificationCode,
    countryDetail: { countryCode: partner.country.countryCode, countryName: partner.country.countryName },
  };
}

export async function getCompanyAndCategory(db: Db, partnerId: number): Promise<CompanyMappingEntry[]> {
  const mappings = await db.companyMapping.findMany({
    where: { partnerId, status: PARTNER_TYPE_ACTIVE },
    include: { company: true, category: true },
    orderBy: [{ companyCode: 'asc' }, { isPrimary: 'desc' }, { id: 'asc' }],
  });
  return mappings.map((m) => ({
    company: m.company.companyName,
    companyCode: m.companyCode,
    isDefault: m.isDefault,
    longDesc: m.company.longDesc,
    categoryCode: m.categoryCode,
    categoryName: m.category.categoryName,
    isPrimary: m.isPrimary,
  }));
}

/** The partner's profile picture, as the sidebar downloads it. */
export async function getProfilePicture(db: Db, partnerId: number) {
  const partner = await db.partner.findUniqueOrThrow({ where: { id: partnerId }, select: { profilePictureId: true } });
  return partner.profilePictureId ? { uniqueId: partner.profilePictureId, siteUrl: siteUrlOf(partner.profilePictureId) } : null;
}

/** Makes an image the partner uploaded for module PTM its profile picture. */
export async function setProfilePicture(
  db: Db,
  auth: AuthContext & { partnerId: number },
  uniqueId: string,
  now: Date,
): Promise<Text> {
  const file = (await claimOwnFiles(db, auth, [uniqueId], now)).get(uniqueId);
  if (file?.moduleCode !== PROFILE_PICTURE_MODULE) throw Invalid('uniqueId', TEXTS.profilePictureNotImage);
  await db.partner.update({ where: { id: auth.partnerId }, data: { profilePictureId: uniqueId } });
  return TEXTS.profilePictureUploaded;
}
