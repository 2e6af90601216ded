import { createHash } from 'node:crypto';
import {
  ONBOARDING_LISTS,
  ONBOARDING_PARTS,
  feedbackPeriodOf,
  DOMESTIC_COUNTRY_CODE,
  grievanceDueAt,
  grievanceNumberOf,
  grievanceTitleOf,
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
import { demoBusiness, demoRfqs, fixtures, type OrderKind } from '@pp/fixtures';

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

/** Suppliers sell goods, subcontractors and contractors do works, service providers serve. */
const orderKindOf = (categoryCode: string): OrderKind =>
  /^(SUB|INF-CON)-/.test(categoryCode) ? 'works' : categoryCode.startsWith('SVC-') ? 'services' : 'goods';

async function seedDemoBusiness(db: Db, username: string): Promise<void> {
  const account = await db.userAccount.findUniqueOrThrow({ where: { username } });
  if (account.partnerId !== null) await seedPartnerBusiness(db, account.partnerId);
}

/**
 * Orders, invoices and payments of a partner in each group company it works with, once (a
 * partner with orders is left alone), deterministic from its partner number and the day.
 */
export async function seedPartnerBusiness(db: Db, partnerId: number, today = new Date().toISOString().slice(0, 10)) {
  const partner = await db.partner.findUniqueOrThrow({
    where: { id: partnerId },
    include: { mappings: true, _count: { select: { orders: true } } },
  });
  if (partner._count.orders > 0) return;
  // The partner's id keeps order numbers unique across partners (up to a million of them).
  const base = String(partner.id).padStart(6, '0');
  for (const companyCode of [...new Set(partner.mappings.map((m) => m.companyCode))]) {
    const businesses = partner.mappings.filter((m) => m.companyCode === companyCode).map((m) => m.categoryCode);
    // What is ordered: the categories and sub-categories under the partner's businesses there.
    const categories = await db.businessCategory.findMany({
      where: { companyCode, level: { gt: 1 }, OR: businesses.map((code) => ({ categoryCode: { startsWith: `${code}-` } })) },
      orderBy: { categoryCode: 'asc' },
    });
    if (categories.length === 0) continue;
    const { orders, invoices, payments } = demoBusiness({
      seed: partner.id * 10 + companyCode,
      today,
      numberBase: `${base}${companyCode}`,
      invoiceSeries: `INV${companyCode}`,
      categories: categories.map((c) => ({ code: c.categoryCode, name: c.categoryName, kind: orderKindOf(c.categoryCode) })),
      count: companyCode === partner.currentCompanyCode ? 48 : 16,
    });
    const createdOrders = await db.partnerOrder.createManyAndReturn({
      data: orders.map((o) => ({
        ...o,
        partnerId: partner.id,
        companyCode,
        orderDate: new Date(`${o.orderDate}T00:00:00Z`),
        deliveryDate: o.deliveryDate ? new Date(`${o.deliveryDate}T00:00:00Z`) : null,
      })),
      select: { id: true, orderNumber: true },
    });
    // RETURNING's order is not promised: rows are matched by their numbers.
    const orderIds = new Map(createdOrders.map((o) => [o.orderNumber, o.id]));
    const createdInvoices = await db.partnerInvoice.createManyAndReturn({
      data: invoices.map(({ order, ...i }) => ({
        ...i,
        partnerId: partner.id,
        companyCode,
        orderId: orderIds.get(orders[order]!.orderNumber)!,
        invoiceDate: new Date(`${i.invoiceDate}T00:00:00Z`),
        dueDate: new Date(`${i.dueDate}T00:00:00Z`),
      })),
      select: { id: true, invoiceNumber: true },
    });
    const invoiceIds = new Map(createdInvoices.map((i) => [i.invoiceNumber, i.id]));
    await db.partnerPayment.createMany({
      data: payments.map(({ invoice, ...p }) => ({
        ...p,
        partnerId: partner.id,
        companyCode,
        invoiceId: invoiceIds.get(invoices[invoice]!.invoiceNumber)!,
        paidOn: new Date(`${p.paidOn}T00:00:00Z`),
      })),
    });
  }
}

/**
 * A demo partner's grievances, once: one the group resolved, one waiting for it, one draft, each
 * with the steps that brought it there (docs/grievances.md).
 */
async function seedDemoGrievances(db: Db, username: string): Promise<void> {
  const account = await db.userAccount.findUniqueOrThrow({ where: { username }, include: { partner: true } });
  const partner = account.partner;
  if (!partner || (await db.grievance.count({ where: { partnerId: partner.id } })) > 0) return;
  const staff = await db.userAccount.findFirst({ where: { role: 'BUYER' } });
  const order = await db.partnerOrder.findFirst({ where: { partnerId: partner.id }, orderBy: { id: 'asc' } });
  const day = 86_400_000;
  const now = Date.now();
  const demo = [
    {
      reasonCode: 'PAYMENT_DELAY',
      subject: 'Payment for a delivered order is late',
      state: 'RESOLVED',
      steps: [
        ['DRAFT', null, 'DRAFT', true, null, 20],
        ['SUBMIT', 'DRAFT', 'SUBMITTED', true, null, 20],
        ['FORWARD', 'SUBMITTED', 'IN_REVIEW', false, 'Passed to accounts payable.', 18],
        ['RESOLVE', 'IN_REVIEW', 'RESOLVED', false, 'Paid on the next payment run; the UTR is in your payment advice.', 12],
      ],
    },
    {
      reasonCode: 'ORDER_DISPUTE',
      subject: 'Quantity on the order differs from the agreed quote',
      state: 'SUBMITTED',
      steps: [
        ['DRAFT', null, 'DRAFT', true, null, 3],
        ['SUBMIT', 'DRAFT', 'SUBMITTED', true, null, 3],
      ],
    },
    {
      reasonCode: 'PORTAL_ISSUE',
      subject: 'Cannot download the payment advice',
      state: 'DRAFT',
      steps: [['DRAFT', null, 'DRAFT', true, null, 1]],
    },
  ] as const;
  for (const g of demo) {
    const [{ next }] = await db.$queryRaw<[{ next: bigint }]>`SELECT nextval('grievance_number_seq') AS next`;
    const companyCode = partner.currentCompanyCode ?? 1;
    const first = new Date(now - g.steps[0][5] * day);
    const grievanceNumber = grievanceNumberOf(companyCode, first, next);
    const submitted = g.steps.find((st) => st[0] === 'SUBMIT');
    const resolved = g.steps.find((st) => st[0] === 'RESOLVE');
    await db.grievance.create({
      data: {
        grievanceNumber,
        partnerId: partner.id,
        companyCode,
        reasonCode: g.reasonCode,
        documentNumber: order?.orderNumber ?? null,
        subject: g.subject,
        description: `${g.subject}. Raised from the demo data so that Grievance Request shows a grievance in this state.`,
        fileIds: [],
        state: g.state,
        title: grievanceTitleOf({ grievanceNumber, subject: g.subject }, partner),
        createdAt: first,
        submittedAt: submitted ? new Date(now - submitted[5] * day) : null,
        settledAt: resolved ? new Date(now - resolved[5] * day) : null,
        dueAt: submitted ? grievanceDueAt(g.reasonCode, new Date(now - submitted[5] * day)) : null,
        answeredAt: resolved ? new Date(now - resolved[5] * day) : null,
        international: partner.countryCode !== DOMESTIC_COUNTRY_CODE,
        steps: {
          create: g.steps.map(([action, fromState, toState, byPartner, remarks, daysAgo]) => ({
            action,
            fromState,
            toState,
            byPartner,
            remarks,
            fileIds: [],
            actorUserId: byPartner ? account.id : (staff?.id ?? account.id),
            createdAt: new Date(now - daysAgo * day),
          })),
        },
      },
    });
  }
}

/**
 * A demo partner's feedback of the two quarters before this one, submitted, once; this quarter is
 * left for the demo to fill in.
 */
async function seedDemoFeedback(db: Db, username: string, now = new Date()): Promise<void> {
  const account = await db.userAccount.findUniqueOrThrow({ where: { username }, include: { partner: true } });
  const partner = account.partner;
  if (!partner || (await db.feedback.count({ where: { partnerId: partner.id } })) > 0) return;
  const questions = fixtures.feedbackQuestions();
  const companyCode = partner.currentCompanyCode ?? 1;
  for (const [back, ratings] of [
    [2, [4, 3, 4, 3, 4, 4]],
    [1, [4, 4, 5, 3, 4, 5]],
  ] as const) {
    const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3 * back, 15, 10));
    let r = 0;
    const answers = Object.fromEntries(
      questions.flatMap((q): [string, number | boolean | string][] => {
        if (q.kind === 'RATING') return r < ratings.length ? [[String(q.questionId), ratings[r++]!]] : [];
        if (q.kind === 'YES_NO') return [[String(q.questionId), q.questionId % 2 === 1]];
        return back === 1
          ? [[String(q.questionId), 'Share revised drawings with suppliers a week before the site needs the material.']]
          : [];
      }),
    );
    const given = Object.values(answers).filter((a): a is number => typeof a === 'number');
    await db.feedback.create({
      data: {
        partnerId: partner.id,
        companyCode,
        period: feedbackPeriodOf(at),
        status: 'SUBMITTED',
        answers,
        averageRating: Math.round((given.reduce((s, a) => s + a, 0) / given.length) * 100) / 100,
        createdAt: at,
        submittedAt: at,
      },
    });
  }
}

/** Two testimonials from a demo partner's own customers, once. */
async function seedDemoTestimonials(db: Db, username: string): Promise<void> {
  const account = await db.userAccount.findUniqueOrThrow({ where: { username } });
  if (account.partnerId === null || (await db.testimonial.count({ where: { partnerId: account.partnerId } })) > 0) return;
  await db.testimonial.createMany({
    data: [
      {
        partnerId: account.partnerId,
        customerName: 'Konkan Cement Works Ltd',
        givenBy: 'S. Deshpande',
        designation: 'Head of Projects',
        projectName: 'Ratnagiri Grinding Unit',
        givenOn: new Date('2025-08-14T00:00:00Z'),
        text: 'Supplied and erected 1,200 MT of structural steel ahead of schedule, with every lot traceable to its mill certificate and no safety incident on site.',
      },
      {
        partnerId: account.partnerId,
        customerName: 'Malwa Infra Projects Pvt Ltd',
        givenBy: 'R. Jain',
        designation: 'Purchase Manager',
        projectName: 'Indore Bypass Flyovers',
        givenOn: new Date('2026-02-02T00:00:00Z'),
        text: 'Prompt deliveries across three sites through the monsoon; their team resolved a short supply within a day.',
      },
    ],
  });
}

/**
 * A round of RFQs and auctions for every category when none is open or upcoming (a stack started
 * again weeks later gets a fresh one), with the demo partners' bids on those of their businesses:
 * the closed ones, and the open auctions so that the lowest bid and a rank show.
 */
export async function seedRfqRound(db: Db, usernames: string[], now = new Date()): Promise<void> {
  if ((await db.rfq.count({ where: { closingAt: { gt: now } } })) > 0) return;
  const categories = await db.businessCategory.findMany({ where: { level: 2 }, orderBy: { categoryCode: 'asc' } });
  const today = now.toISOString().slice(0, 10);
  const rfqs = demoRfqs({
    seed: Number(today.replaceAll('-', '')),
    today,
    categories: categories.map((c) => ({ code: c.categoryCode, businessCode: c.parentCode!, companyCode: c.companyCode })),
  });
  const created = await db.rfq.createManyAndReturn({
    data: rfqs.map((r) => ({ ...r, openingAt: new Date(r.openingAt), closingAt: new Date(r.closingAt) })),
    skipDuplicates: true,
  });
  const bidders = await db.partner.findMany({
    where: { account: { username: { in: usernames } } },
    include: { mappings: true },
    orderBy: { id: 'asc' },
  });
  for (const rfq of created) {
    const closed = rfq.closingAt <= now;
    if (!closed && !(rfq.kind === 'AUCTION' && rfq.openingAt <= now)) continue;
    const eligible = bidders.filter((p) =>
      p.mappings.some((m) => m.companyCode === rfq.companyCode && m.categoryCode === rfq.businessCode),
    );
    const start = rfq.startPrice?.toNumber() ?? rfq.quantity.toNumber() * 1000;
    const step = rfq.minDecrement?.toNumber() ?? start * 0.02;
    await db.rfqBid.createMany({
      data: eligible.map((p, i) => ({
        rfqId: rfq.id,
        partnerId: p.id,
        // Each later bidder beats the one before by two steps, as an auction requires.
        amount: Math.round((start - (2 + 2 * i) * step) * 100) / 100,
        remarks: i === 0 ? 'Rates firm for the validity of the offer.' : null,
        placedAt: new Date(Math.min(now.getTime(), rfq.openingAt.getTime() + (i + 1) * 3_600_000)),
      })),
    });
  }
}

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
