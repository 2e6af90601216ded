import {
  ONBOARDING_LISTS,
  ONBOARDING_PARTS,
  identifiersOf,
  noticeOf,
  rowData,
  text,
  type OnboardingListName,
  type TextKey,
  type OnboardingPartName,
} from '@pp/contract';
import type { Db } from './client.ts';
import type { Prisma } from './generated/prisma/client.ts';
import { hashPassword } from './passwords.ts';
import { fixtures } from '@pp/fixtures';
import { seedDemoBusiness, seedRfqRound } from './seed-business.ts';
import { seedDemoFeedback, seedDemoGrievances, seedDemoTestimonials } from './seed-records.ts';
import { seedReferenceData } from './seed-reference.ts';

/**
 * The demo partner and one staff account per role (all with the fixture's password). Accounts
 * that already exist are left as they are, so a demo user's changes survive a restart.
 */
export async function seedDemoAccounts(db: Db): Promise<{ created: string[] }> {
  const demo = fixtures.demoAccounts();
  const created: string[] = [];
  // Hashed only when an account is made: argon2id is a quarter of a second, and a warm start makes none.
  let hashed: string | undefined;
  const passwordHash = async () => (hashed ??= await hashPassword(demo.password));

  const partners: { account: typeof demo.partner; profile?: Record<string, unknown> }[] = [
    { account: demo.partner },
    { account: demo.partner2, profile: demo.partner2.profile },
  ];
  // Every account looked up at once: on a warm start all are there, and one by one they were a
  // dozen round trips.
  const existingNames = new Map(
    (
      await db.userAccount.findMany({
        where: { username: { in: [...partners.map((p) => p.account.username), ...demo.staff.map((s) => s.username)] } },
        select: { username: true, displayName: true },
      })
    ).map((u) => [u.username, u.displayName]),
  );
  for (const { account: p, profile } of partners) {
    if (existingNames.has(p.username)) continue;
    const { mappings, notifications, ...partnerData } = p.partner;
    const user = await db.userAccount.create({
      data: {
        username: p.username,
        displayName: p.displayName,
        email: p.email,
        mobileNumber: p.mobileNumber,
        role: 'PARTNER',
        passwordHash: await passwordHash(),
        partner: {
          create: {
            ...partnerData,
            email: p.email,
            mobileNumber: p.mobileNumber,
            mappings: { create: mappings },
            // Said in each reader's language, as the server's own notices are.
            notifications: {
              create: notifications.map((n) => {
                const { description, params } = noticeOf(text(n.text as TextKey, n.params));
                return { description, params: { ...params } as Prisma.InputJsonObject };
              }),
            },
          },
        },
      },
    });
    if (profile) await seedProfile(db, user.partnerId!, partnerData, profile);
    created.push(p.username);
  }

  for (const s of demo.staff) {
    if (existingNames.has(s.username)) {
      // Names seeded before are put right (they once carried the role, which pages show beside them).
      if (existingNames.get(s.username) !== s.displayName)
        await db.userAccount.update({ where: { username: s.username }, data: { displayName: s.displayName } });
      continue;
    }
    await db.userAccount.create({
      data: {
        username: s.username,
        displayName: s.displayName,
        email: `${s.username}@staff.example.com`,
        role: s.role,
        passwordHash: await passwordHash(),
      },
    });
    created.push(s.username);
  }
  // After the staff: a grievance's staff steps are a staff member's.
  for (const { account } of partners) {
    await seedDemoBusiness(db, account.username);
    await seedDemoGrievances(db, account.username);
    await seedDemoFeedback(db, account.username);
    await seedDemoTestimonials(db, account.username);
  }
  await seedRfqRound(
    db,
    partners.map((p) => p.account.username),
  );
  return { created };
}

/** What other packages take from the seed besides seed() (through @pp/db/seed). */
export { seedPartnerBusiness, seedRfqRound } from './seed-business.ts';
export { seedReferenceData } from './seed-reference.ts';

export async function seed(db: Db): Promise<{ created: string[] }> {
  await seedReferenceData(db);
  return seedDemoAccounts(db);
}

/**
 * A partly filled onboarding profile, parsed by the same contract schemas as the API's saves and
 * stored the same way, so the demo shows what a partner would have typed.
 */
async function seedProfile(
  db: Db,
  partnerId: number,
  partner: { currentCompanyCode: number; currentCategoryCode: string },
  fill: Record<string, unknown>,
): Promise<void> {
  const profile = await db.onboardingProfile.create({
    data: { partnerId, companyCode: partner.currentCompanyCode, categoryCode: partner.currentCategoryCode },
  });
  const parts: Partial<Record<OnboardingPartName, Record<string, unknown>>> = {};
  const lists: Partial<Record<OnboardingListName, Record<string, unknown>[]>> = {};
  for (const [name, value] of Object.entries(fill)) {
    if (name in ONBOARDING_PARTS) {
      const part = name as OnboardingPartName;
      const data: Record<string, unknown> = ONBOARDING_PARTS[part].input.parse(value);
      parts[part] = data;
      const json: object = data;
      await db.onboardingPart.create({ data: { profileId: profile.id, partName: part, data: json } });
    } else if (name in ONBOARDING_LISTS) {
      const list = name as OnboardingListName;
      const rows = (value as unknown[]).map((row) => rowData(ONBOARDING_LISTS[list].input.parse(row) as Record<string, unknown>));
      lists[list] = rows;
      const json: object[] = rows;
      await db.onboardingRow.createMany({ data: json.map((data) => ({ profileId: profile.id, listName: list, data })) });
    } else {
      throw new Error(`demo-accounts.json: ${name} is not a part or list of the onboarding profile`);
    }
  }
  const identifiers = identifiersOf({
    statutory: parts.statutory ?? null,
    vat: parts.vat ?? null,
    gstins: lists.gstins ?? [],
    bankAccounts: lists.bankAccounts ?? [],
    contacts: lists.contacts ?? [],
  });
  await db.partnerIdentifier.createMany({ data: identifiers.map((i) => ({ ...i, partnerId, profileId: profile.id })) });
}
