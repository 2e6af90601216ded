import { describe, expect, it } from 'vitest';
import { feedbackPeriodOf, isText, say, type Text } from '@pp/contract';
import { createTestDatabase } from '@pp/testing/database';
import { fixtures } from '@pp/fixtures';
import { ONBOARDING_REFERENCE_KEY, REFERENCE_KEY } from './seed-reference.ts';
import { seedRfqRound } from './seed-business.ts';
import { seed } from './seed.ts';

const { db } = await createTestDatabase();

describe('the seed', () => {
  it('gives a declaration staff have not changed its Hindi text on a later seed, and leaves a changed one as staff left it', async () => {
    await seed(db);
    // As a database seeded before the Hindi texts existed (other fixtures then: the reference is
    // written again), and one company's English changed by staff since.
    await db.declarationText.updateMany({ data: { declarationHtmlHi: null, tdsDeclarationHtmlHi: null } });
    await db.declarationText.update({ where: { companyCode: 8 }, data: { declarationHtml: '<p>Changed by staff.</p>' } });
    await db.controlParameter.delete({ where: { paramKey: ONBOARDING_REFERENCE_KEY } });
    await seed(db);
    const texts = await db.declarationText.findMany({ orderBy: { companyCode: 'asc' } });
    expect(texts.map((t) => [t.companyCode, Boolean(t.declarationHtmlHi), Boolean(t.tdsDeclarationHtmlHi)])).toEqual([
      [1, true, true],
      [8, false, true],
    ]);
    expect(texts[1]!.declarationHtml).toBe('<p>Changed by staff.</p>');
  });

  it('writes the reference data again only when the fixtures changed since (a warm start writes none)', async () => {
    await seed(db);
    const company = () => db.groupCompany.findUniqueOrThrow({ where: { companyCode: 1 } });
    await db.groupCompany.update({ where: { companyCode: 1 }, data: { longDesc: 'Changed since the seed' } });
    await seed(db);
    expect((await company()).longDesc).toBe('Changed since the seed');
    // As other fixtures would: their hash no longer matches the one kept.
    await db.controlParameter.update({ where: { paramKey: REFERENCE_KEY }, data: { paramValue: 'older fixtures' } });
    await seed(db);
    expect((await company()).longDesc).toBe(fixtures.groupCompanies().find((c) => c.companyCode === 1)!.longDesc);
  });

  it('gives the demo partners their alerts as texts, said in each reader’s language', async () => {
    await seed(db);
    const partner = await db.partner.findUniqueOrThrow({ where: { partnerNumber: 'P0000001' } });
    const alerts = await db.notification.findMany({ where: { partnerId: partner.id }, orderBy: { notificationId: 'asc' } });
    expect(alerts.map((a) => a.description)).toEqual([
      'Your onboarding profile is 40% complete. Please fill in your <b>bank details</b>.',
      'Welcome to the Partner Portal, Demo Steel Traders Pvt Ltd!',
    ]);
    expect(alerts.every((a) => isText(a.params))).toBe(true);
    expect(alerts.map((a) => say(a.params as unknown as Text, 'hi'))).toEqual([
      'आपकी ऑनबोर्डिंग प्रोफ़ाइल 40% पूरी है। कृपया अपना <b>बैंक विवरण</b> भरें।',
      'पार्टनर पोर्टल में आपका स्वागत है, Demo Steel Traders Pvt Ltd!',
    ]);
  });

  it('gives the demo partners a business in each company they work with, once', async () => {
    await seed(db);
    const partner = await db.partner.findUniqueOrThrow({ where: { partnerNumber: 'P0000001' } });
    const count = async () => ({
      orders: await db.partnerOrder.count({ where: { partnerId: partner.id } }),
      invoices: await db.partnerInvoice.count({ where: { partnerId: partner.id } }),
      payments: await db.partnerPayment.count({ where: { partnerId: partner.id } }),
    });
    const first = await count();
    expect(first.orders).toBe(48 + 16);
    expect(first.invoices).toBeGreaterThan(30);
    expect(first.payments).toBeGreaterThan(10);
    const companies = await db.partnerOrder.groupBy({ by: ['companyCode'], where: { partnerId: partner.id }, _count: true });
    expect(companies.map((c) => c.companyCode).sort()).toEqual([1, 8]);
    // Orders are of categories under the partner's businesses in that company.
    const categories = await db.partnerOrder.findMany({
      where: { partnerId: partner.id },
      select: { categoryCode: true, companyCode: true },
    });
    expect(
      categories.every((o) => (o.companyCode === 8 ? o.categoryCode.startsWith('INF-SUP-') : /^(SUP|SVC)-/.test(o.categoryCode))),
    ).toBe(true);

    await seed(db);
    expect(await count()).toEqual(first);
  });

  it('gives the demo partners grievances in three states, with their steps, once', async () => {
    await seed(db);
    const partner = await db.partner.findUniqueOrThrow({ where: { partnerNumber: 'P0000001' } });
    const grievances = async () =>
      db.grievance.findMany({ where: { partnerId: partner.id }, include: { steps: true }, orderBy: { id: 'asc' } });
    const first = await grievances();
    expect(first.map((g) => [g.state, g.steps.length])).toEqual([
      ['RESOLVED', 4],
      ['SUBMITTED', 2],
      ['DRAFT', 1],
    ]);
    const buyer = await db.userAccount.findUniqueOrThrow({ where: { username: 'demo.buyer' } });
    expect(first[0]!.steps.filter((s) => !s.byPartner).every((s) => s.actorUserId === buyer.id)).toBe(true);
    await seed(db);
    expect((await grievances()).length).toBe(3);
  });

  it('opens a round of RFQs and auctions for every category, with the demo partners’ bids; a new round only once none is open', async () => {
    await seed(db);
    const now = new Date();
    const rfqs = await db.rfq.findMany({ include: { bids: true } });
    const categories = await db.businessCategory.count({ where: { level: 2 } });
    expect(rfqs.length).toBe(categories * 5);
    const state = (r: (typeof rfqs)[number]) => (r.openingAt > now ? 'UPCOMING' : r.closingAt > now ? 'OPEN' : 'CLOSED');
    expect(new Set(rfqs.map(state))).toEqual(new Set(['UPCOMING', 'OPEN', 'CLOSED']));
    expect(new Set(rfqs.map((r) => r.kind))).toEqual(new Set(['RFQ', 'AUCTION']));
    // Every RFQ is for a category under its business, in that business's company.
    const byCode = new Map((await db.businessCategory.findMany()).map((c) => [c.categoryCode, c]));
    expect(rfqs.every((r) => byCode.get(r.categoryCode)?.parentCode === r.businessCode)).toBe(true);
    expect(rfqs.every((r) => byCode.get(r.businessCode)?.companyCode === r.companyCode)).toBe(true);
    const partner = await db.partner.findUniqueOrThrow({ where: { partnerNumber: 'P0000001' } });
    const mine = rfqs.flatMap((r) => r.bids.filter((b) => b.partnerId === partner.id).map(() => r));
    expect(mine.some((r) => state(r) === 'CLOSED')).toBe(true);
    expect(mine.some((r) => state(r) === 'OPEN' && r.kind === 'AUCTION')).toBe(true);
    // Auction bids stay below the opening price by at least the decrement.
    for (const r of rfqs.filter((x) => x.kind === 'AUCTION'))
      for (const b of r.bids)
        expect(b.amount.toNumber()).toBeLessThanOrEqual(r.startPrice!.toNumber() - r.minDecrement!.toNumber());

    await seed(db);
    expect(await db.rfq.count()).toBe(rfqs.length);
    // Weeks later every RFQ has closed: the next start opens a new round.
    const later = new Date(now.getTime() + 60 * 86_400_000);
    await seedRfqRound(db, ['demo.partner'], later);
    expect(await db.rfq.count({ where: { closingAt: { gt: later } } })).toBe(categories * 3);
  });

  it('gives the demo partners two earlier quarters of submitted feedback (this quarter left open) and two testimonials, once', async () => {
    await seed(db);
    const partner = await db.partner.findUniqueOrThrow({ where: { partnerNumber: 'P0000001' } });
    const rows = await db.feedback.findMany({ where: { partnerId: partner.id }, orderBy: { id: 'asc' } });
    expect(rows.map((r) => r.status)).toEqual(['SUBMITTED', 'SUBMITTED']);
    expect(rows.map((r) => r.period)).not.toContain(feedbackPeriodOf(new Date()));
    // Every mandatory question is answered, as a submit would have required.
    const mandatory = (await db.feedbackQuestion.findMany({ where: { mandatory: true } })).map((q) => String(q.questionId));
    for (const r of rows) expect(Object.keys(r.answers as object)).toEqual(expect.arrayContaining(mandatory));
    await seed(db);
    expect(await db.feedback.count({ where: { partnerId: partner.id } })).toBe(2);
    // And two testimonials, once.
    expect(await db.testimonial.count({ where: { partnerId: partner.id } })).toBe(2);
  });
});
