import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { recordChatbotQuery } from './queries.service.ts';

export default async function queriesRoutes(app: FastifyInstance) {
  addRoute(app, api.queries.insertPartnerQueryEntry, async ({ body, request }) => {
    // The gateway passes on the visitor's bearer, if any; a dead or missing one makes an anonymous request.
    const partnerId = request.headers.authorization
      ? await app.authenticate(request).then(
          () => request.auth?.partnerId ?? null,
          () => null,
        )
      : null;
    return ok(await recordChatbotQuery(app.db, body, partnerId, app.now()));
  });
}
