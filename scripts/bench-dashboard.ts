/**
 * The partner dashboard's four chart calls over HTTP on loopback (orders, invoice summary,
 * received vs outstanding, top categories), for partners with a realistic business each (the
 * seed's generator: 48 orders with their invoices and payments), plus one order-summary page;
 * p50 and p95. Runs its own embedded Postgres and API server. Run: npm run bench:dashboard
 */
import { api, endpointUrl } from '@pp/contract';
import { seedPartnerBusiness } from '@pp/db/seed';
import { createPartnerUser, signIn } from '@pp/testing';
import { report, startBenchStack, timed } from './lib/bench.ts';

const PARTNERS = 200;
const CONCURRENCY = 10;
const REQUESTS = 1_000;

const { db, server, base, stop } = await startBenchStack('bench-dashboard', 5537);

try {
  const headers: Record<string, string>[] = [];
  for (let p = 0; p < PARTNERS; p++) {
    const { partner, username } = await createPartnerUser(db);
    await seedPartnerBusiness(db, partner.id);
    if (p < 20)
      headers.push({ authorization: (await signIn(server, username)).auth.authorization, 'content-type': 'application/json' });
  }
  await db.$executeRawUnsafe('ANALYZE "PartnerOrder"; ANALYZE "PartnerInvoice"; ANALYZE "PartnerPayment"');
  const orders = await db.partnerOrder.count();
  console.log(`Partner dashboard (loopback HTTP, ${CONCURRENCY} at a time; ${PARTNERS} partners, ${orders} orders in all):`);

  const get = (path: string) => (i: number) => () => fetch(`${base}${path}`, { headers: headers[i % headers.length]! });
  const charts = {
    'GET /api/dashboard/orders': get(endpointUrl(api.business.ordersChart)),
    'GET /api/dashboard/invoice-summary': get(endpointUrl(api.business.invoiceSummary)),
    'GET /api/dashboard/received-vs-outstandin': get(endpointUrl(api.business.receivedVsOutstanding)),
    'GET /api/dashboard/top-categories': get(endpointUrl(api.business.topCategories)),
  };
  const all: number[] = [];
  let allSeconds = 0;
  for (const [label, call] of Object.entries(charts)) {
    const run = await timed(
      CONCURRENCY,
      Array.from({ length: REQUESTS }, (_, i) => call(i)),
    );
    all.push(...run.times);
    allSeconds += run.seconds;
    report(label, run.times, run.seconds);
  }
  report('the four chart calls together', all, allSeconds);
  const summary = await timed(
    CONCURRENCY,
    Array.from(
      { length: REQUESTS },
      (_, i) => () =>
        fetch(`${base}${endpointUrl(api.business.orderSummary)}`, {
          method: 'POST',
          headers: headers[i % headers.length]!,
          body: JSON.stringify({ page: 1 + (i % 3), size: 20 }),
        }),
    ),
  );
  report('POST /api/partner/order-summary (20 rows)', summary.times, summary.seconds);
} finally {
  await stop();
}
