import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { keptAnswers, keptRoute } from '../../lib/kept.ts';
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

export default async function forensicsRoutes(app: FastifyInstance) {
  const { db } = app;
  const followedAs = (group: string, tables: readonly string[]) =>
    Object.fromEntries(tables.map((table) => [table, () => group]));
  const searches: ForensicSearches = keptAnswers(app, 'forensicSearches', {
    size: 'forensicSearches',
    follows: followedAs(FORENSIC_SEARCHES_GROUP, FORENSIC_SEARCH_TABLES),
    staffWriteClears: true,
  });
  addRoute(app, api.forensics.dashboard, async ({ query }) => ok(await forensicDashboard(db, query, app.now())));
  // The same page of the same list, in the same language, is answered from memory until a table
  // it is made from changes (or the caller asks for no cached answer); a search's next pages are
  // cut from its kept pairs.
  keptRoute(
    app,
    api.forensics.comparison,
    {
      size: 'forensicPages',
      follows: followedAs(FORENSIC_PAGES_GROUP, FORENSIC_PAGE_TABLES),
      // The request as sent: the same text always validates to the same kind and query.
      key: ({ language, request }) => `${language}|${request.url}`,
      groups: () => [FORENSIC_PAGES_GROUP],
      staffWriteClears: true,
    },
    async ({ params, query, language }, fresh) => {
      const kept = { kept: searches, pairsMax: app.config.caches.forensicSearchPairs, fresh };
      return ok(await comparison(db, params.kind, query, language, kept));
    },
  );
  addRoute(app, api.forensics.review, async ({ auth, body, language }) =>
    ok(await reviewPair(db, auth, body, language, app.now())),
  );
}
