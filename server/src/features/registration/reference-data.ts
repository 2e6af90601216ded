import { TEXTS, type Language } from '@pp/contract';
import type { Db } from '@pp/db';
import { NotFound, nameIn } from '@pp/platform';

/** Reference data the registration form offers: countries, their national ids, companies, the category tree, terms. */
export async function registrationCountries(db: Db, language: Language = 'en') {
  const countries = await db.country.findMany({ where: { registrationOpen: true }, orderBy: { countryName: 'asc' } });
  return countries.map(({ countryCode, countryName, countryNameHi, isoCode, isdCode }) => ({
    countryCode,
    countryName: nameIn(language, countryName, countryNameHi),
    isoCode,
    isdCode,
  }));
}

export async function identityCards(db: Db, countryCode: number) {
  const cards = await db.countryIdentityCard.findMany({ where: { countryCode }, orderBy: { id: 'asc' } });
  if (cards.length === 0) throw NotFound(TEXTS.noIdentityCard(countryCode));
  return cards.map(({ identityCard, longDesc, pattern, example }) => ({ identityCard, longDesc, pattern, example }));
}

export async function groupCompanies(db: Db) {
  const companies = await db.groupCompany.findMany({ where: { isActive: true }, orderBy: { companyCode: 'asc' } });
  return companies.map(({ companyCode, companyName, longDesc }) => ({ companyCode, companyName, longDesc }));
}

/** One level of the business tree: businesses of a company (1), categories (2) or sub-categories (3) of a parent. */
export async function businessCategoryOptions(
  db: Db,
  where: { level: 1 | 2 | 3; companyCode?: number; parentCode?: string },
  language: Language = 'en',
) {
  const list = await db.businessCategory.findMany({ where: { ...where, isActive: true }, orderBy: { categoryName: 'asc' } });
  return list.map(({ categoryCode, categoryName, categoryNameHi }) => ({
    categoryCode,
    categoryName: nameIn(language, categoryName, categoryNameHi),
  }));
}

export async function businessTerms(db: Db, companyCode: number, categoryCode: string) {
  const terms = await db.businessTerms.findUnique({ where: { companyCode_categoryCode: { companyCode, categoryCode } } });
  if (!terms) throw NotFound(TEXTS.noBusinessTerms(categoryCode, companyCode));
  return { companyCode: terms.companyCode, categoryCode: terms.categoryCode, termsHtml: terms.termsHtml };
}
