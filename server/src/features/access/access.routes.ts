import type { FastifyInstance } from 'fastify';
import { MESSAGES, api, hasPermission } from '@pp/contract';
import { NotFound } from '../../lib/app-error.ts';
import { addRoute } from '../../plugins/app/routes.ts';
import { partnerIdOf } from '../partner/partner.service.ts';

export default async function accessRoutes(app: FastifyInstance) {
  addRoute(app, api.access.categoryAudit, async ({ auth, params }) => {
    const partnerId = partnerIdOf(auth);
    const mapping = await app.db.companyMapping.findUnique({
      where: {
        partnerId_companyCode_categoryCode: { partnerId, companyCode: params.companyCode, categoryCode: params.categoryCode },
      },
    });
    if (!mapping || mapping.status !== 'A') {
      throw NotFound(`You are not registered for category ${params.categoryCode} with company ${params.companyCode}.`);
    }
    await app.db.$transaction([
      app.db.userSession.update({
        where: { id: auth.sessionId },
        data: { companyCode: params.companyCode, categoryCode: params.categoryCode },
      }),
      app.db.partner.update({
        where: { id: partnerId },
        data: { currentCompanyCode: params.companyCode, currentCategoryCode: params.categoryCode },
      }),
    ]);
    return { response: MESSAGES.categoryAuditRecorded, failureMessage: null };
  });

  addRoute(app, api.access.isCustomerAdmin, async ({ auth }) => ({
    response: hasPermission(auth.role, 'customerAdmin'),
    failureMessage: null,
  }));

  addRoute(app, api.access.allowViewGrievanceDashboard, async ({ auth }) => ({
    response: hasPermission(auth.role, 'allowViewGrievanceDashboard'),
    failureMessage: null,
  }));
}
