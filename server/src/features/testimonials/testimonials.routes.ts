import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { addTestimonial, listTestimonials, removeTestimonial } from './testimonials.service.ts';

export default async function testimonialRoutes(app: FastifyInstance) {
  addRoute(app, api.testimonials.list, async ({ partnerId, query }) => ok(await listTestimonials(app.db, partnerId, query)));
  addRoute(app, api.testimonials.add, async ({ auth, partnerId, body }) =>
    ok(await addTestimonial(app.db, auth, partnerId, body, app.now())),
  );
  addRoute(app, api.testimonials.remove, async ({ partnerId, params, say }) =>
    ok(say(await removeTestimonial(app.db, partnerId, params.id))),
  );
}
