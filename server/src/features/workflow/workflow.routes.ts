import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { keptAnswers, keptRoute } from '../../lib/kept.ts';
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

/** The group of a company's workbench answers (the change feed names WorkflowRequest rows by company). */
const workbenchGroup = (companyCode: number | string) => `company:${companyCode}`;

export default async function workflowRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, api.workflow.approve, async ({ auth, body }) => ok(await act(app, auth, 'approve', body)));
  addRoute(app, api.workflow.sendBack, async ({ auth, body }) => ok(await act(app, auth, 'sendBack', body)));
  addRoute(app, api.workflow.reject, async ({ auth, body }) => ok(await act(app, auth, 'reject', body)));
  addRoute(app, api.workflow.customerApprove, async ({ auth, body }) => ok(await act(app, auth, 'approve', body, 'CUSTOMER')));
  addRoute(app, api.workflow.customerSendBack, async ({ auth, body }) => ok(await act(app, auth, 'sendBack', body, 'CUSTOMER')));
  addRoute(app, api.workflow.customerReject, async ({ auth, body }) => ok(await act(app, auth, 'reject', body, 'CUSTOMER')));
  addRoute(app, api.workflow.rekycApprove, async ({ auth, body }) => ok(await act(app, auth, 'approve', body, 'REKYC')));
  addRoute(app, api.workflow.rekycSendBack, async ({ auth, body }) => ok(await act(app, auth, 'sendBack', body, 'REKYC')));
  addRoute(app, api.workflow.rekycReject, async ({ auth, body }) => ok(await act(app, auth, 'reject', body, 'REKYC')));
  addRoute(app, api.workflow.rekycInitiate, async ({ auth, body }) => ok(await initiateRekyc(app, auth, body)));
  addRoute(app, api.workflow.status, async ({ auth, params }) => ok(await workflowStatus(db, auth, params.requestNumber)));
  addRoute(app, api.workflow.mine, async ({ auth, partnerId, query }) =>
    ok(await partnerRequests(db, { ...auth, partnerId }, query)),
  );
  addRoute(app, api.workflow.current, async ({ auth, partnerId }) => ok(await currentRequestStatus(db, { ...auth, partnerId })));
  addRoute(app, api.workflow.messages, async ({ auth, params }) => ok(await workflowMessages(db, auth, params.requestNumber)));
  // The same search of the same desk, and a company's counts, are answered from memory until a
  // request of the company moves, here or on another server (a staff member's write here empties
  // both at once).
  const counts = keptAnswers<Record<string, number>>(app, 'workbenchCounts', {
    size: 'workbench',
    follows: { WorkflowRequest: true },
    staffWriteClears: true,
  });
  keptRoute(
    app,
    api.workflow.workbench,
    {
      size: 'workbench',
      follows: { WorkflowRequest: workbenchGroup },
      // The query as sent: it names the company, and the same text always validates to the same query.
      key: ({ auth, request }) => `${auth.role}|${request.url}`,
      groups: ({ query }) => [workbenchGroup(query.companyCode)],
      staffWriteClears: true,
    },
    async ({ auth, query }, fresh) => {
      const countsOf = (companyCode: number) =>
        counts.remember(String(companyCode), () => workbenchCounts(db, companyCode), [], fresh);
      return ok(await workbench(db, auth, query, countsOf));
    },
  );
}
