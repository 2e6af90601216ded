import { createHash } from 'node:crypto';
import {} from '@pp/contract';
import type { Db } from './client.ts';
import { fixtures } from '@pp/fixtures';

export const ONBOARDING_REFERENCE_KEY = 'fixtures.onboardingReference.sha256';

/**
 * The reference data of the onboarding forms. It is a few hundred rows, so it is written only
 * when the fixtures changed (their hash is kept in ControlParameter), keeping every start fast.
 * Rows staff added (bank branches) are left alone.
 */
export async function seedOnboardingReference(db: Db): Promise<void> {
  const data = {
    states: fixtures.states(),
    banks: fixtures.banks(),
    lists: fixtures.referenceLists(),
    currencies: fixtures.currencies(),
    offices: fixtures.employmentOffices(),
    onboarding: fixtures.onboarding(),
  };
  const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex');
  const seen = await db.controlParameter.findUnique({ where: { paramKey: ONBOARDING_REFERENCE_KEY } });
  if (seen?.paramValue === hash) return;

  await db.$transaction(
    async (tx) => {
      for (const { cities, ...state } of data.states) {
        await tx.state.upsert({ where: { stateId: state.stateId }, create: state, update: state });
        for (const city of cities) {
          const row = { ...city, stateId: state.stateId };
          await tx.city.upsert({ where: { cityId: city.cityId }, create: row, update: row });
        }
      }
      for (const { branches, ...bank } of data.banks) {
        await tx.bank.upsert({ where: { bankCode: bank.bankCode }, create: bank, update: bank });
        for (const branch of branches) {
          const row = { ...branch, bankCode: bank.bankCode };
          await tx.bankBranch.upsert({ where: { ifsc: branch.ifsc }, create: row, update: row });
        }
      }
      for (const list of data.lists) {
        for (const [sortOrder, item] of list.items.entries()) {
          const row = {
            listCode: list.listCode,
            code: item.code,
            name: item.name,
            nameHi: item.nameHi,
            parentCode: item.parentCode ?? null,
            companyCode: item.companyCode ?? null,
            ...(item.attributes ? { attributes: item.attributes } : {}),
            sortOrder,
          };
          const key = { listCode: list.listCode, code: item.code };
          await tx.referenceItem.upsert({ where: { listCode_code: key }, create: row, update: row });
        }
      }
      for (const [sortOrder, c] of data.currencies.entries()) {
        const row = { ...c, sortOrder };
        await tx.currency.upsert({ where: { currencyCode: c.currencyCode }, create: row, update: row });
      }
      for (const o of data.offices) {
        await tx.employmentOffice.upsert({ where: { officeCode: o.officeCode }, create: o, update: o });
      }
      for (const m of data.onboarding.modules) {
        await tx.onboardingModule.upsert({ where: { moduleCode: m.moduleCode }, create: m, update: m });
      }
      for (const q of data.onboarding.questions) {
        const row = {
          questionId: q.questionId,
          moduleCode: q.moduleCode,
          companyCode: q.companyCode ?? null,
          categoryCode: q.categoryCode ?? null,
          applies: q.applies,
          kind: q.kind,
          mandatory: q.mandatory,
          isStatic: q.static ?? false,
          hasExpiry: q.hasExpiry ?? false,
          options: q.options ?? [],
          optionsHi: q.optionsHi ?? [],
          text: q.text,
          textHi: q.textHi,
        };
        await tx.onboardingQuestion.upsert({ where: { questionId: q.questionId }, create: row, update: row });
      }
      // A declaration staff have changed since is theirs: only missing ones are written, and a Hindi
      // text only beside the English it translates.
      await tx.declarationText.createMany({ data: data.onboarding.declarations, skipDuplicates: true });
      for (const d of data.onboarding.declarations) {
        await tx.declarationText.updateMany({
          where: { companyCode: d.companyCode, declarationHtml: d.declarationHtml, declarationHtmlHi: null },
          data: { declarationHtmlHi: d.declarationHtmlHi },
        });
        await tx.declarationText.updateMany({
          where: { companyCode: d.companyCode, tdsDeclarationHtml: d.tdsDeclarationHtml, tdsDeclarationHtmlHi: null },
          data: { tdsDeclarationHtmlHi: d.tdsDeclarationHtmlHi },
        });
      }
      await tx.fileTypeRule.createMany({
        data: data.onboarding.fileTypes.flatMap((m) => m.fileTypes.map((fileType) => ({ moduleCode: m.moduleCode, fileType }))),
        skipDuplicates: true,
      });
      const yearKey = 'onboarding.yearOfIncorporationMandatory';
      const years = data.onboarding.yearOfIncorporationMandatory.join(',');
      await tx.controlParameter.upsert({
        where: { paramKey: yearKey },
        create: { paramKey: yearKey, paramValue: years },
        update: { paramValue: years },
      });
      await tx.controlParameter.upsert({
        where: { paramKey: ONBOARDING_REFERENCE_KEY },
        create: { paramKey: ONBOARDING_REFERENCE_KEY, paramValue: hash },
        update: { paramValue: hash },
      });
    },
    { timeout: 60_000 },
  );
}

/** Where the hash of the rest of the reference data is kept (the onboarding forms' has its own). */
export const REFERENCE_KEY = 'fixtures.reference.sha256';

/**
 * Reference data from fixtures/: safe to run on every start (upserts, no duplicates), and written
 * only when the fixtures changed since (their hash is kept in ControlParameter, as the onboarding
 * forms' is): the few hundred upserts were a second of every warm start.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  const data = {
    countries: fixtures.countries(),
    controlParameters: fixtures.controlParameters(),
    groupCompanies: fixtures.groupCompanies(),
    businessCategories: fixtures.businessCategories(),
    businessTerms: fixtures.businessTerms(),
    feedbackQuestions: fixtures.feedbackQuestions(),
    portalMessages: fixtures.portalMessages(),
  };
  const hash = createHash('sha256').update(JSON.stringify(data)).digest('hex');
  const seen = await db.controlParameter.findUnique({ where: { paramKey: REFERENCE_KEY } });
  if (seen?.paramValue !== hash) {
    await writeReferenceData(db, data);
    await db.controlParameter.upsert({
      where: { paramKey: REFERENCE_KEY },
      create: { paramKey: REFERENCE_KEY, paramValue: hash },
      update: { paramValue: hash },
    });
  }
  // After the companies and businesses its rows name.
  await seedOnboardingReference(db);
}

async function writeReferenceData(
  db: Db,
  data: {
    countries: ReturnType<typeof fixtures.countries>;
    controlParameters: ReturnType<typeof fixtures.controlParameters>;
    groupCompanies: ReturnType<typeof fixtures.groupCompanies>;
    businessCategories: ReturnType<typeof fixtures.businessCategories>;
    businessTerms: ReturnType<typeof fixtures.businessTerms>;
    feedbackQuestions: ReturnType<typeof fixtures.feedbackQuestions>;
    portalMessages: ReturnType<typeof fixtures.portalMessages>;
  },
): Promise<void> {
  for (const { identityCards, ...c } of data.countries) {
    await db.country.upsert({ where: { countryCode: c.countryCode }, create: c, update: c });
    for (const card of identityCards) {
      const key = { countryCode: c.countryCode, identityCard: card.identityCard };
      await db.countryIdentityCard.upsert({
        where: { countryCode_identityCard: key },
        create: { ...card, countryCode: c.countryCode },
        update: card,
      });
    }
  }
  for (const p of data.controlParameters) {
    await db.controlParameter.upsert({ where: { paramKey: p.paramKey }, create: p, update: p });
  }
  for (const g of data.groupCompanies) {
    await db.groupCompany.upsert({ where: { companyCode: g.companyCode }, create: g, update: g });
  }
  // Parents come before children in the fixture, so the tree's foreign key always holds.
  for (const b of data.businessCategories) {
    await db.businessCategory.upsert({ where: { categoryCode: b.categoryCode }, create: b, update: b });
  }
  const terms = data.businessTerms;
  const businesses = data.businessCategories.filter((b) => b.level === 1);
  for (const b of businesses) {
    const extra = terms.byCompanyAndCategory.find((t) => t.companyCode === b.companyCode && t.categoryCode === b.categoryCode);
    const termsHtml = terms.default + (extra?.extra ?? '');
    const key = { companyCode: b.companyCode, categoryCode: b.categoryCode };
    await db.businessTerms.upsert({
      where: { companyCode_categoryCode: key },
      create: { ...key, termsHtml },
      update: { termsHtml },
    });
  }
  for (const [sortOrder, q] of data.feedbackQuestions.entries()) {
    const data = { ...q, sortOrder };
    await db.feedbackQuestion.upsert({ where: { questionId: q.questionId }, create: data, update: data });
  }
  // A fixture message not there yet is added; those there (perhaps switched off) are left as they are.
  const existing = await db.portalMessage.findMany({ select: { messageTypeId: true, message: true } });
  const known = new Set(existing.map((m) => `${m.messageTypeId}\u0000${m.message}`));
  const missing = data.portalMessages.filter((m) => !known.has(`${m.messageTypeId}\u0000${m.message}`));
  if (missing.length > 0) await db.portalMessage.createMany({ data: missing });
  // Messages written before they had a Hindi text get the fixture's.
  for (const m of data.portalMessages) {
    await db.portalMessage.updateMany({
      where: { messageTypeId: m.messageTypeId, message: m.message, messageHi: null },
      data: { messageHi: m.messageHi },
    });
  }
}
