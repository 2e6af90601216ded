import type { FastifyInstance } from 'fastify';
import {
  ROLE_PERMISSIONS,
  STAFF_PAGES,
  STAFF_PAGE_PERMISSIONS,
  WEB_PATHS,
  api,
  hasPermission,
  mayOpenStaffPage,
} from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { recordCategoryAudit } from './access.service.ts';

export default async function accessRoutes(app: FastifyInstance) {
  addRoute(app, api.access.categoryAudit, async ({ auth, partnerId, params, say }) => {
    const { message, accessToken } = await recordCategoryAudit(app, { ...auth, partnerId }, params);
    app.sessions.forget(auth.sessionId);
    return { ...ok(say(message)), accessToken };
  });
  addRoute(app, api.access.infoCategory, async ({ auth, partnerId, body, say }) => {
    const { message, accessToken } = await recordCategoryAudit(app, { ...auth, partnerId }, body);
    app.sessions.forget(auth.sessionId);
    return { ...ok(say(message)), accessToken };
  });
  addRoute(app, api.access.isCustomerAdmin, async ({ auth }) => ok(hasPermission(auth.role, 'customerAdmin')));
  addRoute(app, api.access.pageAccess, async ({ auth }) =>
    ok({
      role: auth.role,
      permissions: [...ROLE_PERMISSIONS[auth.role]],
      pages: STAFF_PAGES.map((page) => ({
        page,
        path: WEB_PATHS[page],
        permission: STAFF_PAGE_PERMISSIONS[page],
        allowed: mayOpenStaffPage(auth.role, page),
      })),
    }),
  );
  addRoute(app, api.access.allowViewGrievanceDashboard, async ({ auth }) =>
    ok(hasPermission(auth.role, 'allowViewGrievanceDashboard')),
  );
}
