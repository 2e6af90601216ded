import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { recordChatbotQuery } from './queries.service.ts';

export default async function queriesRoutes(app: FastifyInstance) {
  addRoute(app, api.queries.insertPartnerQueryEntry, async ({ body }) => ok(await recordChatbotQuery(app.db, body, app.now())));
}
