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
  const f = api.feedback;
  addRoute(app, f.questions, async ({ language }) => ok(await questions(app.db, language)));
  addRoute(app, f.drafts, async ({ auth, partnerId }) =>
    ok(await currentFeedback(app.db, reviewerOf(auth, partnerId), app.now())),
  );
  addRoute(app, f.saveDraft, async ({ auth, partnerId, body }) =>
    ok(await saveDraft(app.db, reviewerOf(auth, partnerId), body.answers, app.now())),
  );
  addRoute(app, f.check, async ({ body }) => ok(await checkMandatory(app.db, body.answers)));
  addRoute(app, f.submit, async ({ auth, partnerId, body }) =>
    ok(await submit(app.db, reviewerOf(auth, partnerId), body.answers, app.now())),
  );
  addRoute(app, f.histories, async ({ auth, partnerId, query }) =>
    ok(await histories(app.db, reviewerOf(auth, partnerId), query)),
  );
  addRoute(app, f.history, async ({ auth, partnerId, query }) =>
    ok(await history(app.db, reviewerOf(auth, partnerId), query.feedbackNumber)),
  );
}
