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
import { keptRoute } from '../../lib/kept.ts';

/** The group of a partner's orders pages (the change feed names their orders, invoices and payments by partner). */
const ordersGroup = (partnerId: number | string) => `partner:${partnerId}`;
/** The group of every orders page, as each shows its orders' category names. */
const ORDERS_CATEGORIES_GROUP = 'categories';

const scopeOf = (auth: AuthContext, partnerId: number): Scope => ({ partnerId, companyCode: auth.companyCode });

export default async function businessRoutes(app: FastifyInstance) {
  addRoute(app, api.business.ordersChart, async ({ auth, partnerId, query }) =>
    ok(await ordersChart(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  addRoute(app, api.business.invoiceSummary, async ({ auth, partnerId, query }) =>
    ok(await invoiceSummary(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  addRoute(app, api.business.receivedVsOutstanding, async ({ auth, partnerId, query }) =>
    ok(await receivedVsOutstanding(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  addRoute(app, api.business.topCategories, async ({ auth, partnerId, query }) =>
    ok(await topCategories(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
  // A partner's page, as asked, is answered from memory until an order, invoice or payment of theirs
  // is written: the group's ERP writes them, the portal never does.
  keptRoute(
    app,
    api.business.orderSummary,
    {
      size: 'orders',
      follows: {
        PartnerOrder: ordersGroup,
        PartnerInvoice: ordersGroup,
        PartnerPayment: ordersGroup,
        BusinessCategory: () => ORDERS_CATEGORIES_GROUP,
      },
      key: ({ auth, partnerId, body }) => `${partnerId}|${auth.companyCode}|${JSON.stringify(body)}`,
      groups: ({ partnerId }) => [ordersGroup(partnerId), ORDERS_CATEGORIES_GROUP],
    },
    async ({ auth, partnerId, body }) => okWritten<Paged<Order>>(await orderSummary(app.db, scopeOf(auth, partnerId), body)),
  );
  addRoute(app, api.business.invoices, async ({ auth, partnerId, query }) =>
    ok(await listInvoices(app.db, scopeOf(auth, partnerId), query, app.now())),
  );
}
