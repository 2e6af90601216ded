import type { FastifyInstance } from 'fastify';
import { api, type Order, type Paged } from '@pp/contract';
import { addRoute, ok, okWritten, type AuthContext } from '@pp/platform';
import {
  invoiceSummary,
  listInvoices,
  orderSummary,
  ordersChart,
  receivedVsOutstanding,
  topCategories,
  type Scope,
} from './business.service.ts';
import { ORDERS_CATEGORIES_GROUP, ordersGroup } from '../../plugins/app/services.ts';
import { asksFresh } from '../../lib/feed-cache.ts';

const scopeOf = (auth: AuthContext, partnerId: number): Scope => ({ partnerId, companyCode: auth.companyCode });

export default async function businessRoutes(app: FastifyInstance) {
  const b = api.business;
  addRoute(app, b.ordersChart, async ({ auth, partnerId, query }) =>
    ok(await ordersChart(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  addRoute(app, b.invoiceSummary, async ({ auth, partnerId, query }) =>
    ok(await invoiceSummary(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  addRoute(app, b.receivedVsOutstanding, async ({ auth, partnerId, query }) =>
    ok(await receivedVsOutstanding(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  addRoute(app, b.topCategories, async ({ auth, partnerId, query }) =>
    ok(await topCategories(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  // A partner's page, as asked, is answered from memory until an order, invoice or payment of theirs
  // is written (or the caller asks for no cached answer).
  addRoute(app, b.orderSummary, ({ auth, partnerId, body, request }) =>
    app.ordersCache.remember(
      `${partnerId}|${auth.companyCode}|${JSON.stringify(body)}`,
      async () => okWritten<Paged<Order>>(await orderSummary(app.db, scopeOf(auth, partnerId), body)),
      [ordersGroup(partnerId), ORDERS_CATEGORIES_GROUP],
      asksFresh(request.headers),
    ),
  );
  addRoute(app, b.invoices, async ({ auth, partnerId, query }) =>
    ok(await listInvoices(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
}
