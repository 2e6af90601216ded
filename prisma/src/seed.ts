import type { Db } from './client.ts';
import { hashPassword } from './passwords.ts';
import { fixtures } from '@pp/fixtures';

/** Reference data from fixtures/: safe to run on every start (upserts, no duplicates). */
export async function seedReferenceData(db: Db): Promise<void> {
  for (const { identityCards, ...c } of fixtures.countries()) {
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
  for (const p of fixtures.controlParameters()) {
    await db.controlParameter.upsert({ where: { paramKey: p.paramKey }, create: p, update: p });
  }
  for (const g of fixtures.groupCompanies()) {
    await db.groupCompany.upsert({ where: { companyCode: g.companyCode }, create: g, update: g });
  }
  // Parents come before children in the fixture, so the tree's foreign key always holds.
  for (const b of fixtures.businessCategories()) {
    await db.businessCategory.upsert({ where: { categoryCode: b.categoryCode }, create: b, update: b });
  }
  const terms = fixtures.businessTerms();
  const businesses = fixtures.businessCategories().filter((b) => b.level === 1);
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
  const messages = fixtures.portalMessages();
  const existing = await db.portalMessage.count();
  if (existing === 0) await db.portalMessage.createMany({ data: messages });
}

/**
 * The demo partner and one staff account per role (all with the fixture's password). Accounts
 * that already exist are left as they are, so a demo user's changes survive a restart.
 */
export async function seedDemoAccounts(db: Db): Promise<{ created: string[] }> {
  const demo = fixtures.demoAccounts();
  const created: string[] = [];
  const passwordHash = await hashPassword(demo.password);

  const p = demo.partner;
  if (!(await db.userAccount.findUnique({ where: { username: p.username } }))) {
    const { mappings, notifications, ...partnerData } = p.partner;
    await db.userAccount.create({
      data: {
        username: p.username,
        displayName: p.displayName,
        email: p.email,
        mobileNumber: p.mobileNumber,
        role: 'PARTNER',
        passwordHash,
        partner: {
          create: {
            ...partnerData,
            email: p.email,
            mobileNumber: p.mobileNumber,
            mappings: { create: mappings },
            notifications: { create: notifications.map((description) => ({ description })) },
          },
        },
      },
    });
    created.push(p.username);
  }

  for (const s of demo.staff) {
    if (await db.userAccount.findUnique({ where: { username: s.username } })) continue;
    await db.userAccount.create({
      data: {
        username: s.username,
        displayName: s.displayName,
        email: `${s.username}@staff.example.com`,
        role: s.role,
        passwordHash,
      },
    });
    created.push(s.username);
  }
  return { created };
}

export async function seed(db: Db): Promise<{ created: string[] }> {
  await seedReferenceData(db);
  return seedDemoAccounts(db);
}
