import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { comparison, forensicDashboard, reviewPair } from './forensics.service.ts';

const f = api.forensics;

export default async function forensicsRoutes(app: FastifyInstance) {
  const { db } = app;
  addRoute(app, f.dashboard, async ({ query }) => ok(await forensicDashboard(db, query, app.now())));
  addRoute(app, f.comparison, async ({ params, query, language }) => ok(await comparison(db, params.kind, query, language)));
  addRoute(app, f.review, async ({ auth, body, language }) => ok(await reviewPair(db, auth, body, language, app.now())));
}
