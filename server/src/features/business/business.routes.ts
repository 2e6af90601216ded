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
  addRoute(app, b.orderSummary, async ({ auth, partnerId, body }) =>
    okWritten<Paged<Order>>(await orderSummary(app.db, scopeOf(auth, partnerId), body)),
  );
  addRoute(app, b.invoices, async ({ auth, partnerId, query }) =>
    ok(await listInvoices(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
}
