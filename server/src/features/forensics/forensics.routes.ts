import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { FeedCache } from '../../lib/feed-cache.ts';
import {
  FORENSIC_SEARCHES_GROUP,
  FORENSIC_SEARCH_TABLES,
  comparison,
  forensicDashboard,
  reviewPair,
  type ForensicSearches,
} from './forensics.service.ts';

const f = api.forensics;

export default async function forensicsRoutes(app: FastifyInstance) {
  const { db } = app;
  const searches: ForensicSearches = new FeedCache(app.changes, {
    maxAgeMs: app.config.caches.maxAgeMs,
    maxEntries: app.config.caches.forensicSearches,
  });
  for (const table of FORENSIC_SEARCH_TABLES) searches.follow(table, () => FORENSIC_SEARCHES_GROUP);
  app.clearedOnStaffWrite.push(searches);
  addRoute(app, f.dashboard, async ({ query }) => ok(await forensicDashboard(db, query, app.now())));
  addRoute(app, f.comparison, async ({ params, query, language }) =>
    ok(await comparison(db, params.kind, query, language, { kept: searches, pairsMax: app.config.caches.forensicSearchPairs })),
  );
  addRoute(app, f.review, async ({ auth, body, language }) => ok(await reviewPair(db, auth, body, language, app.now())));
}
