import type { FastifyInstance, FastifyRequest } from 'fastify';
import { api, chatbotQueryBodySchema, supportQueryBodySchema } from '@pp/contract';
import { RequestValidationError, addRoute, ok } from '@pp/platform';
import {
  listPartnerQueries,
  partnerQueriesOf,
  partnerQueriesRequired,
  partnerQueryDetail,
  partnerQuerySteps,
} from './partner-queries.service.ts';
import { openQueriesOf, recordChatbotQuery, recordSupportQuery, sendSupportOtp, verifySupportOtp } from './queries.service.ts';

/** The caller's session when it sent a live bearer; an anonymous visitor otherwise. */
async function optionalAuth(app: FastifyInstance, request: FastifyRequest) {
  if (!request.headers.authorization) return null;
  return app.authenticate(request).then(
    () => request.auth,
    () => null,
  );
}

/** A body checked against its source's schema, so errors name that source's fields. */
function parseBody<S extends typeof chatbotQueryBodySchema | typeof supportQueryBodySchema>(schema: S, body: unknown) {
  const result = schema.safeParse(body, { reportInput: true });
  if (!result.success) throw new RequestValidationError(result.error.issues, 'body');
  return result.data as S['_output'];
}

export default async function queriesRoutes(app: FastifyInstance) {
  addRoute(app, api.queries.insertPartnerQueryEntry, async ({ query, body, request, reply }) => {
    if (query.source === 'CHATBOT') {
      // Only the gateway records chat callbacks (its internal token); it passes on the visitor's bearer, if any.
      await app.checkAccess!('internal').call(app, request, reply);
      const auth = await optionalAuth(app, request);
      return ok(await recordChatbotQuery(app.db, parseBody(chatbotQueryBodySchema, body), auth?.partnerId ?? null, app.now()));
    }
    const auth = await optionalAuth(app, request);
    return ok(await recordSupportQuery(app, auth, parseBody(supportQueryBodySchema, body)));
  });
  addRoute(app, api.queries.openQueries, async ({ params, request }) =>
    ok(await openQueriesOf(app, await optionalAuth(app, request), params.email, request.ip)),
  );
  addRoute(app, api.queries.sendEmailOtp, async ({ body, request, say }) =>
    ok(say(await sendSupportOtp(app, body.payLoad, request.ip))),
  );
  addRoute(app, api.queries.verifyEmailOtp, async ({ body, say }) =>
    ok(say(await verifySupportOtp(app, body.email, body.referenceNumber))),
  );

  const pq = api.partnerQueries;
  addRoute(app, pq.list, async ({ query }) => ok(await listPartnerQueries(app.db, query, app.searchTotals)));
  addRoute(app, pq.detail, async ({ auth, params }) => ok(await partnerQueryDetail(app.db, auth, params.referenceNumber)));
  addRoute(app, pq.mine, async ({ auth, query }) => ok(await partnerQueriesOf(app.db, auth, query)));
  addRoute(app, pq.insertChatMessage, async ({ auth, body }) => ok(await partnerQuerySteps.reply(app, auth, body, app.now())));
  addRoute(app, pq.setResolved, async ({ auth, body }) => ok(await partnerQuerySteps.resolve(app, auth, body, app.now())));
  addRoute(app, pq.setClosed, async ({ auth, body }) => ok(await partnerQuerySteps.close(app, auth, body, app.now())));
  addRoute(app, pq.isRequired, async ({ auth, query }) => ok(await partnerQueriesRequired(app.db, auth, query.encCompanyCode)));
}
