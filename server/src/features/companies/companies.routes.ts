import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { addCompany, companyRequests, resubmitCompany, reviewCompanyRequest } from './companies.service.ts';

export default async function companyRoutes(app: FastifyInstance) {
  addRoute(app, api.companies.addCompany, async ({ auth, partnerId, body }) =>
    ok(await addCompany(app.db, { ...auth, partnerId }, body, app.now())),
  );
  addRoute(app, api.companies.resubmit, async ({ auth, partnerId, body }) =>
    ok(await resubmitCompany(app.db, { ...auth, partnerId }, body, app.now())),
  );
  addRoute(app, api.companies.history, async ({ partnerId }) => ok(await companyRequests(app.db, partnerId)));
  addRoute(app, api.companies.review, async ({ auth, params }) =>
    ok(await reviewCompanyRequest(app.db, auth, params.requestNumber)),
  );
}
