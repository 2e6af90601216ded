import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { api } from '@pp/contract';
import { addRoute, ok, writtenOnce } from '@pp/platform';
import { FeedCache, asksFresh } from '../../lib/feed-cache.ts';
import {
  FORENSIC_PAGES_GROUP,
  FORENSIC_PAGE_TABLES,
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
  const { maxAgeMs } = app.config.caches;
  const searches: ForensicSearches = new FeedCache(app.changes, { maxAgeMs, maxEntries: app.config.caches.forensicSearches });
  for (const table of FORENSIC_SEARCH_TABLES) searches.follow(table, () => FORENSIC_SEARCHES_GROUP);
  const pages = new FeedCache<z.output<(typeof f.comparison)['response']>>(app.changes, {
    maxAgeMs,
    maxEntries: app.config.caches.forensicPages,
  });
  for (const table of FORENSIC_PAGE_TABLES) pages.follow(table, () => FORENSIC_PAGES_GROUP);
  app.clearedOnStaffWrite.push(searches, pages);
  addRoute(app, f.dashboard, async ({ query }) => ok(await forensicDashboard(db, query, app.now())));
  // The same page of the same list, in the same language, is answered from memory until a table
  // it is made from changes (or the caller asks for no cached answer); a search's next pages are
  // cut from its kept pairs.
  addRoute(app, f.comparison, ({ params, query, language, request }) => {
    const fresh = asksFresh(request.headers);
    const kept = { kept: searches, pairsMax: app.config.caches.forensicSearchPairs, fresh };
    return pages.remember(
      // The request as sent: the same text always validates to the same kind and query.
      `${language}|${request.url}`,
      async () => writtenOnce(ok(await comparison(db, params.kind, query, language, kept))),
      [FORENSIC_PAGES_GROUP],
      fresh,
    );
  });
  addRoute(app, f.review, async ({ auth, body, language }) => ok(await reviewPair(db, auth, body, language, app.now())));
}
