import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, writtenOnce, ok } from '@pp/platform';
import { asksFresh } from '../../lib/feed-cache.ts';
import { workbenchGroup } from '../../plugins/app/services.ts';
import {
  act,
  currentRequestStatus,
  initiateRekyc,
  partnerRequests,
  workbench,
  workbenchCounts,
  workflowMessages,
  workflowStatus,
} from './workflow.service.ts';

const w = api.workflow;

export default async function workflowRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, w.approve, async ({ auth, body }) => ok(await act(app, auth, 'approve', body)));
  addRoute(app, w.sendBack, async ({ auth, body }) => ok(await act(app, auth, 'sendBack', body)));
  addRoute(app, w.reject, async ({ auth, body }) => ok(await act(app, auth, 'reject', body)));
  addRoute(app, w.customerApprove, async ({ auth, body }) => ok(await act(app, auth, 'approve', body, 'CUSTOMER')));
  addRoute(app, w.customerSendBack, async ({ auth, body }) => ok(await act(app, auth, 'sendBack', body, 'CUSTOMER')));
  addRoute(app, w.customerReject, async ({ auth, body }) => ok(await act(app, auth, 'reject', body, 'CUSTOMER')));
  addRoute(app, w.rekycApprove, async ({ auth, body }) => ok(await act(app, auth, 'approve', body, 'REKYC')));
  addRoute(app, w.rekycSendBack, async ({ auth, body }) => ok(await act(app, auth, 'sendBack', body, 'REKYC')));
  addRoute(app, w.rekycReject, async ({ auth, body }) => ok(await act(app, auth, 'reject', body, 'REKYC')));
  addRoute(app, w.rekycInitiate, async ({ auth, body }) => ok(await initiateRekyc(app, auth, body)));
  addRoute(app, w.status, async ({ auth, params }) => ok(await workflowStatus(db, auth, params.requestNumber)));
  addRoute(app, w.mine, async ({ auth, partnerId, query }) => ok(await partnerRequests(db, { ...auth, partnerId }, query)));
  addRoute(app, w.current, async ({ auth, partnerId }) => ok(await currentRequestStatus(db, { ...auth, partnerId })));
  addRoute(app, w.messages, async ({ auth, params }) => ok(await workflowMessages(db, auth, params.requestNumber)));
  // The same search of the same desk, and a company's counts, are answered from memory until a
  // request of the company moves (or a caller asks for no cached answer).
  addRoute(app, w.workbench, ({ auth, query, request }) => {
    const fresh = asksFresh(request.headers);
    const counts = (companyCode: number) =>
      app.workbenchCountsCache.remember(String(companyCode), () => workbenchCounts(db, companyCode), [], fresh);
    return app.workbenchCache.remember(
      // The query as sent: it names the company, and the same text always validates to the same query.
      `${auth.role}|${request.url}`,
      async () => writtenOnce(ok(await workbench(db, auth, query, counts))),
      [workbenchGroup(query.companyCode)],
      fresh,
    );
  });
}
