import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { searchVendors, vendorDetail } from './vendors.service.ts';

export default async function vendorRoutes(app: FastifyInstance) {
  addRoute(app, api.vendors.search, async ({ query, language }) =>
    ok(await searchVendors(app.db, query, language, app.searchTotals)),
  );
  addRoute(app, api.vendors.detail, async ({ params, language }) =>
    ok(await vendorDetail(app.db, params.partnerNumber, language)),
  );
}
