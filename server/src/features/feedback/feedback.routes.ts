import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok, type AuthContext } from '@pp/platform';
import {
  checkMandatory,
  currentFeedback,
  histories,
  history,
  questions,
  saveDraft,
  submit,
  type Reviewer,
} from './feedback.service.ts';

const reviewerOf = (auth: AuthContext, partnerId: number): Reviewer => ({ partnerId, companyCode: auth.companyCode });

export default async function feedbackRoutes(app: FastifyInstance) {
  addRoute(app, api.feedback.questions, async ({ language }) => ok(await questions(app.db, language)));
  addRoute(app, api.feedback.drafts, async ({ auth, partnerId }) =>
    ok(await currentFeedback(app.db, reviewerOf(auth, partnerId), app.now())),
  );
  addRoute(app, api.feedback.saveDraft, async ({ auth, partnerId, body }) =>
    ok(await saveDraft(app.db, reviewerOf(auth, partnerId), body.answers, app.now())),
  );
  addRoute(app, api.feedback.check, async ({ body }) => ok(await checkMandatory(app.db, body.answers)));
  addRoute(app, api.feedback.submit, async ({ auth, partnerId, body }) =>
    ok(await submit(app.db, reviewerOf(auth, partnerId), body.answers, app.now())),
  );
  addRoute(app, api.feedback.histories, async ({ auth, partnerId, query }) =>
    ok(await histories(app.db, reviewerOf(auth, partnerId), query)),
  );
  addRoute(app, api.feedback.history, async ({ auth, partnerId, query }) =>
    ok(await history(app.db, reviewerOf(auth, partnerId), query.feedbackNumber)),
  );
}
