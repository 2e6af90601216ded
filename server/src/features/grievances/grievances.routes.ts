import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { grievanceMetrics } from './grievance-metrics.ts';
import {
  deleteDraft,
  grievanceDetail,
  grievanceSteps,
  listGrievances,
  listStaffGrievances,
  saveDraft,
} from './grievances.service.ts';

export default async function grievanceRoutes(app: FastifyInstance) {
  addRoute(app, api.grievances.saveDraft, async ({ auth, partnerId, body }) =>
    ok(await saveDraft(app.db, { ...auth, partnerId }, body, app.now())),
  );
  addRoute(app, api.grievances.deleteDraft, async ({ auth, params, say }) =>
    ok(say(await deleteDraft(app.db, auth, params.grievanceNumber))),
  );
  addRoute(app, api.grievances.submit, async ({ auth, body }) => ok(await grievanceSteps.submit(app.db, auth, body, app.now())));
  addRoute(app, api.grievances.close, async ({ auth, body }) => ok(await grievanceSteps.close(app.db, auth, body, app.now())));
  addRoute(app, api.grievances.reopen, async ({ auth, body }) => ok(await grievanceSteps.reopen(app.db, auth, body, app.now())));
  addRoute(app, api.grievances.changeReason, async ({ auth, body }) =>
    ok(await grievanceSteps.changeReason(app.db, auth, body, app.now())),
  );
  addRoute(app, api.grievances.list, async ({ auth, partnerId, query }) =>
    ok(await listGrievances(app.db, { ...auth, partnerId }, query, app.now())),
  );
  addRoute(app, api.grievances.detail, async ({ auth, params }) =>
    ok(await grievanceDetail(app.db, auth, params.grievanceNumber, app.now())),
  );
  addRoute(app, api.grievances.openList, async ({ query }) => ok(await listStaffGrievances(app.db, query, app.now())));
  addRoute(app, api.grievances.metrics, async ({ query }) => ok(await grievanceMetrics(app.db, query, app.now())));
  addRoute(app, api.grievances.openDetail, async ({ auth, params }) =>
    ok(await grievanceDetail(app.db, auth, params.grievanceNumber, app.now())),
  );
  addRoute(app, api.grievances.forward, async ({ auth, body }) =>
    ok(await grievanceSteps.forward(app.db, auth, body, app.now())),
  );
  addRoute(app, api.grievances.resolve, async ({ auth, body }) =>
    ok(await grievanceSteps.resolve(app.db, auth, body, app.now())),
  );
}
