import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '@pp/testing/database';
import { seed } from './seed.ts';

const { db } = await createTestDatabase();

describe('the seed', () => {
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
});
