import type { Db } from './client.ts';
import { demoBusiness, demoRfqs, type OrderKind } from '@pp/fixtures';

/** Suppliers sell goods, subcontractors and contractors do works, service providers serve. */
export const orderKindOf = (categoryCode: string): OrderKind =>
  /^(SUB|INF-CON)-/.test(categoryCode) ? 'works' : categoryCode.startsWith('SVC-') ? 'services' : 'goods';

export async function seedDemoBusiness(db: Db, username: string): Promise<void> {
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
