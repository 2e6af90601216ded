import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute } from '../../plugins/app/routes.ts';
import { getCompanyAndCategory, getPartnerInfo } from './partner.service.ts';

export default async function partnerRoutes(app: FastifyInstance) {
  addRoute(app, api.partner.info, async ({ auth }) => ({
    response: await getPartnerInfo(app.db, auth),
    failureMessage: null,
  }));

  addRoute(app, api.partner.companyAndCategory, async ({ auth }) => ({
    response: await getCompanyAndCategory(app.db, auth),
    failureMessage: null,
  }));
}
