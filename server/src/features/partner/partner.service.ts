import {
  TEXTS,
  PARTNER_TYPE_ACTIVE,
  PROFILE_PICTURE_MODULE,
  type CompanyMappingEntry,
  type PartnerCompany,
  type PartnerInfo,
  type Language,
  type Text,
  DOMESTIC_COUNTRY_CODE,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Forbidden, Invalid, NotFound, nameIn, type AuthContext } from '@pp/platform';
import { profileStatus } from '../../lib/profile-status.ts';
import { claimOwnFiles, siteUrlOf } from '../../lib/stored-files.ts';

export async function getPartnerInfo(db: Db, partnerId: number, language: Language): Promise<PartnerInfo> {
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
      if (m.isPrimary === primary) seen.set(m.categoryCode, nameIn(language, m.category.categoryName, m.category.categoryNameHi));
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

export async function getCompanyAndCategory(db: Db, partnerId: number, language: Language): Promise<CompanyMappingEntry[]> {
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
    categoryName: nameIn(language, m.category.categoryName, m.category.categoryNameHi),
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

/** A partner's details by the id a page holds (encrypted on the way): staff read any, a partner only its own. */
export async function getPartnerInfoById(db: Db, auth: AuthContext, partnerId: number, language: Language): Promise<PartnerInfo> {
  if (auth.role === 'PARTNER' && auth.partnerId !== partnerId) throw Forbidden(TEXTS.partnerScopeOwnOnly);
  return getPartnerInfo(db, partnerId, language);
}

/** The partner's companies, the default first, each with its businesses (primary first) and their profiles' status. */
export async function partnerCompanies(db: Db, partnerId: number, language: Language): Promise<PartnerCompany[]> {
  const [partner, mappings, profiles] = await Promise.all([
    db.partner.findUniqueOrThrow({ where: { id: partnerId }, select: { currentCompanyCode: true } }),
    db.companyMapping.findMany({
      where: { partnerId, status: PARTNER_TYPE_ACTIVE },
      include: { company: true, category: true },
      orderBy: [{ isDefault: 'desc' }, { companyCode: 'asc' }, { isPrimary: 'desc' }, { id: 'asc' }],
    }),
    db.onboardingProfile.findMany({ where: { partnerId }, select: { companyCode: true, categoryCode: true, status: true } }),
  ]);
  const statusOf = new Map(profiles.map((p) => [`${p.companyCode}|${p.categoryCode}`, p.status]));
  const companies = new Map<number, PartnerCompany>();
  for (const m of mappings) {
    let company = companies.get(m.companyCode);
    if (!company) {
      company = {
        companyCode: m.companyCode,
        company: m.company.companyName,
        longDesc: m.company.longDesc,
        isDefault: false,
        isCurrent: m.companyCode === partner.currentCompanyCode,
        businesses: [],
      };
      companies.set(m.companyCode, company);
    }
    company.isDefault ||= m.isDefault;
    company.businesses.push({
      categoryCode: m.categoryCode,
      categoryName: nameIn(language, m.category.categoryName, m.category.categoryNameHi),
      isPrimary: m.isPrimary,
      onboardStatus: statusOf.get(`${m.companyCode}|${m.categoryCode}`) ?? 'Edit',
    });
  }
  return [...companies.values()];
}

/** One of the partner's companies and the business a switch to it works under: the one it worked under there, else the primary. */
export async function companyNavigation(db: Db, partnerId: number, companyCode: number, language: Language) {
  const company = (await partnerCompanies(db, partnerId, language)).find((c) => c.companyCode === companyCode);
  if (!company) throw Invalid('companyCode', TEXTS.companyNotMapped(companyCode));
  const partner = await db.partner.findUniqueOrThrow({ where: { id: partnerId }, select: { currentCategoryCode: true } });
  const current = company.isCurrent ? company.businesses.find((b) => b.categoryCode === partner.currentCategoryCode) : undefined;
  const business = current ?? company.businesses.find((b) => b.isPrimary) ?? company.businesses[0]!;
  return { ...company, categoryCode: business.categoryCode };
}

/** Makes one of the partner's companies its default: its mappings there carry the flag, the others lose it. */
export async function setDefaultCompany(
  db: Db,
  partnerId: number,
  companyCode: number,
  language: Language,
): Promise<PartnerCompany[]> {
  await db.$transaction(async (tx) => {
    // One mapping carries the flag: the company's primary business.
    const primary = await tx.companyMapping.findFirst({
      where: { partnerId, companyCode, status: PARTNER_TYPE_ACTIVE },
      orderBy: [{ isPrimary: 'desc' }, { id: 'asc' }],
    });
    if (!primary) throw Invalid('companyCode', TEXTS.companyNotMapped(companyCode));
    await tx.companyMapping.updateMany({ where: { partnerId, isDefault: true }, data: { isDefault: false } });
    await tx.companyMapping.update({ where: { id: primary.id }, data: { isDefault: true } });
  });
  return partnerCompanies(db, partnerId, language);
}

/** What the partner is to one of its companies: its primary business there, and whether it is international. */
export async function partnerType(db: Db, partnerId: number, companyCode: number, language: Language) {
  const [partner, mapping] = await Promise.all([
    db.partner.findUniqueOrThrow({ where: { id: partnerId }, select: { countryCode: true } }),
    db.companyMapping.findFirst({
      where: { partnerId, companyCode, status: PARTNER_TYPE_ACTIVE },
      include: { category: true },
      orderBy: [{ isPrimary: 'desc' }, { id: 'asc' }],
    }),
  ]);
  if (!mapping) throw Invalid('companyCode', TEXTS.companyNotMapped(companyCode));
  return {
    companyCode,
    categoryCode: mapping.categoryCode,
    categoryName: nameIn(language, mapping.category.categoryName, mapping.category.categoryNameHi),
    international: partner.countryCode !== DOMESTIC_COUNTRY_CODE,
  };
}

/**
 * The category (and sub-category) the partner offers under one of its businesses in its current
 * company: each must sit under the one before it. Answers the business's categories, the chosen marked.
 */
export async function mapCategories(
  db: Db,
  auth: AuthContext & { partnerId: number },
  businessCode: string,
  choice: { productCategoryCode: string; subCategoryCode?: string | undefined },
  language: Language,
) {
  if (auth.companyCode === null) throw Invalid('categoryCode', TEXTS.noCurrentCompany);
  const mapping = await db.companyMapping.findUnique({
    where: {
      partnerId_companyCode_categoryCode: {
        partnerId: auth.partnerId,
        companyCode: auth.companyCode,
        categoryCode: businessCode,
      },
    },
  });
  if (!mapping || mapping.status !== PARTNER_TYPE_ACTIVE) throw Invalid('categoryCode', TEXTS.notInList('business of yours'));
  const categories = await db.businessCategory.findMany({
    where: { parentCode: businessCode, level: 2, isActive: true },
    include: { children: { where: { isActive: true }, orderBy: { categoryName: 'asc' } } },
    orderBy: { categoryName: 'asc' },
  });
  const category = categories.find((c) => c.categoryCode === choice.productCategoryCode);
  if (!category) throw Invalid('productCategoryCode', TEXTS.notInList('category of this business'));
  if (choice.subCategoryCode && !category.children.some((c) => c.categoryCode === choice.subCategoryCode))
    throw Invalid('subCategoryCode', TEXTS.notInList('sub-category of this category'));
  await db.companyMapping.update({
    where: { id: mapping.id },
    data: { productCategoryCode: category.categoryCode, subCategoryCode: choice.subCategoryCode ?? null },
  });
  const named = (c: { categoryCode: string; categoryName: string; categoryNameHi: string | null }) => ({
    categoryCode: c.categoryCode,
    categoryName: nameIn(language, c.categoryName, c.categoryNameHi),
  });
  return categories.map((c) => ({
    ...named(c),
    mapped: c.categoryCode === category.categoryCode,
    subCategories: c.children.map((sub) => ({ ...named(sub), mapped: sub.categoryCode === choice.subCategoryCode })),
  }));
}
