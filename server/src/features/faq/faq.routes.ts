import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { listFaqs, loginPageNotifications, videoGuides } from './faq.service.ts';

export default async function faqRoutes(app: FastifyInstance) {
  addRoute(app, api.faq.loginPageNotification, async ({ language }) =>
    ok(await loginPageNotifications(app.db, app.now(), language)),
  );
  addRoute(app, api.faq.getAllFaqs, async ({ body }) => ok(listFaqs(body)));
  addRoute(app, api.faq.videoGuides, async ({ query }) => ok(videoGuides(query.pageName)));
}
