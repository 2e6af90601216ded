import { describe, expect, it } from 'vitest';
import { api, type Feedback, type FeedbackItem, type FeedbackQuestion } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, okResponse as ok, setupFeatureTest, signIn } from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: new Date('2026-11-25T10:00:00Z') });

async function reviewer() {
  const user = await createPartnerUser(db);
  return { ...user, ...(await signIn(app, user.username)) };
}

/** Every mandatory question answered as its kind asks (ratings of 4, yes). */
async function wholeAnswers() {
  const all = await ok<FeedbackQuestion[]>(callApi(app, api.feedback.questions, { headers: (await reviewer()).auth }));
  return Object.fromEntries(
    all
      .filter((q) => q.mandatory)
      .map((q) => [String(q.questionId), q.kind === 'RATING' ? 4 : q.kind === 'YES_NO' ? true : 'Fine']),
  );
}

describe('feedback and evaluation', () => {
  it('GET /api/questions: the fixture’s questions in order, with their kinds and which are mandatory', async () => {
    const p = await reviewer();
    const all = await ok<FeedbackQuestion[]>(callApi(app, api.feedback.questions, { headers: p.auth }));
    expect(all.map((q) => q.questionId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(all.filter((q) => q.mandatory).map((q) => q.questionId)).toEqual([1, 2, 4, 5, 6, 8]);
    // A reader who asks for Hindi reads the same questions, in Hindi.
    const hindi = await ok<FeedbackQuestion[]>(
      callApi(app, api.feedback.questions, { headers: { ...p.auth, 'accept-language': 'hi' } }),
    );
    expect(hindi.map((q) => q.questionId)).toEqual(all.map((q) => q.questionId));
    expect(hindi[0]).toMatchObject({ section: 'ऑर्डर और योजना', kind: all[0]!.kind, mandatory: true });
    expect(hindi.every((q) => /[\u0900-\u097F]/.test(q.text))).toBe(true);
    expect(all[9]).toMatchObject({ kind: 'TEXT', section: 'Communication', mandatory: false });
  });

  it('a draft is saved and read back; the mandatory check names what is missing; submit closes the quarter', async () => {
    const p = await reviewer();
    expect(await ok(callApi(app, api.feedback.drafts, { headers: p.auth }))).toBeNull();
    const draft = await ok<Feedback>(
      callApi(app, api.feedback.saveDraft, { headers: p.auth, body: { answers: { '1': 5, '3': false, '10': '' } } }),
    );
    expect(draft).toMatchObject({
      status: 'DRAFT',
      period: 'FY2026-27 Q3',
      companyCode: 1,
      answers: { '1': 5, '3': false },
      averageRating: 5,
    });
    expect(draft.feedbackNumber).toMatch(/^FB-1-\d+$/);
    expect(await ok<Feedback | null>(callApi(app, api.feedback.drafts, { headers: p.auth }))).toMatchObject({
      answers: { '1': 5, '3': false },
    });

    const check = await ok(callApi(app, api.feedback.check, { headers: p.auth, body: { answers: draft.answers } }));
    expect(check).toEqual({ complete: false, missing: [2, 4, 5, 6, 8] });
    const refused = await callApi(app, api.feedback.submit, { headers: p.auth, body: { answers: draft.answers } });
    expect(refused.statusCode).toBe(400);
    expect(refused.error().failureMessage).toBe(
      'answers.2: is mandatory: please answer "How realistic were the delivery schedules you were asked to meet?"',
    );
    // The refused submit left the draft as it was.
    expect((await db.feedback.findFirstOrThrow({ where: { partnerId: p.partner.id } })).status).toBe('DRAFT');

    const answers = { ...(await wholeAnswers()), '1': 5, '2': 3, '10': 'Share drawings a week earlier.' };
    expect(await ok(callApi(app, api.feedback.check, { headers: p.auth, body: { answers } }))).toEqual({
      complete: true,
      missing: [],
    });
    const submitted = await ok<Feedback>(callApi(app, api.feedback.submit, { headers: p.auth, body: { answers } }));
    expect(submitted).toMatchObject({
      status: 'SUBMITTED',
      feedbackNumber: draft.feedbackNumber,
      submittedAt: clock.now().toISOString(),
    });
    // Ratings 5, 3, 4, 4, 4 (questions 1, 2, 4, 6, 8).
    expect(submitted.averageRating).toBe(4);

    for (const call of [
      callApi(app, api.feedback.saveDraft, { headers: p.auth, body: { answers: { '1': 1 } } }),
      callApi(app, api.feedback.submit, { headers: p.auth, body: { answers } }),
    ]) {
      const res = await call;
      expect(res.statusCode).toBe(409);
      expect(res.error().failureMessage).toBe(
        "Your feedback for FY2026-27 Q3 has been submitted already; the next quarter's opens when it begins.",
      );
    }
    expect((await db.feedback.findFirstOrThrow({ where: { partnerId: p.partner.id } })).answers).toMatchObject({ '1': 5 });
  });

  it('history: submitted quarters newest first, one with its answers; another partner’s is not found', async () => {
    const p = await reviewer();
    const answers = await wholeAnswers();
    for (const period of ['FY2025-26 Q4', 'FY2026-27 Q1']) {
      await db.feedback.create({
        data: {
          partnerId: p.partner.id,
          companyCode: 1,
          period,
          status: 'SUBMITTED',
          answers,
          averageRating: 4,
          submittedAt: clock.now(),
        },
      });
    }
    // This quarter's draft and company 8's feedback are not in company 1's history.
    await db.feedback.create({
      data: { partnerId: p.partner.id, companyCode: 1, period: 'FY2026-27 Q3', status: 'DRAFT', answers: {} },
    });
    await db.feedback.create({
      data: {
        partnerId: p.partner.id,
        companyCode: 8,
        period: 'FY2026-27 Q1',
        status: 'SUBMITTED',
        answers,
        submittedAt: clock.now(),
      },
    });
    const list = await ok<{ items: FeedbackItem[]; total: number }>(callApi(app, api.feedback.histories, { headers: p.auth }));
    expect(list.total).toBe(2);
    expect(list.items.map((i) => i.period)).toEqual(['FY2026-27 Q1', 'FY2025-26 Q4']);
    const one = await ok<Feedback>(
      callApi(app, api.feedback.history, { headers: p.auth, query: { feedbackNumber: list.items[0]!.feedbackNumber } }),
    );
    expect(one.answers).toEqual(answers);

    const other = await reviewer();
    const res = await callApi(app, api.feedback.history, {
      headers: other.auth,
      query: { feedbackNumber: list.items[0]!.feedbackNumber },
    });
    expect(res.statusCode).toBe(404);
    expect(res.error().failureMessage).toBe('No such feedback.');
  });

  it('two first saves at once make one draft', async () => {
    const p = await reviewer();
    const [a, b] = await Promise.all([
      callApi(app, api.feedback.saveDraft, { headers: p.auth, body: { answers: { '1': 2 } } }),
      callApi(app, api.feedback.saveDraft, { headers: p.auth, body: { answers: { '1': 3 } } }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await db.feedback.count({ where: { partnerId: p.partner.id } })).toBe(1);
  });

  it('refuses answers that do not fit their question naming it, bad queries, no token and staff', async () => {
    const p = await reviewer();
    for (const [answers, message] of [
      [{ '1': 6 }, /^answers\.1: must be a whole rating from 1 to 5$/],
      [{ '1': 2.5 }, /^answers\.1: must be a whole rating/],
      [{ '1': 'five' }, /^answers\.1: must be a whole rating from 1 to 5$/],
      [{ '3': 'yes' }, /^answers\.3: must be yes or no/],
      [{ '10': 7 }, /^answers\.10: must be words$/],
      [{ '999': 3 }, /^answers\.999: is not a question of this feedback$/],
      [{ abc: 3 }, /^answers\.abc: /],
      [{ '10': 'x'.repeat(1001) }, /^answers\.10: /],
    ] as const) {
      const res = await callApi(app, api.feedback.saveDraft, { headers: p.auth, body: { answers } });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.error().failureMessage).toMatch(message);
    }
    expect(await db.feedback.count({ where: { partnerId: p.partner.id } })).toBe(0);
    const badNumber = await callApi(app, api.feedback.history, { headers: p.auth, query: { feedbackNumber: 'FB-x' } });
    expect(badNumber.error().failureMessage).toMatch(/^feedbackNumber: /);
    expect((await callApi(app, api.feedback.histories, { headers: p.auth, query: { pageSize: '500' } })).statusCode).toBe(400);
    expect((await callApi(app, api.feedback.questions)).statusCode).toBe(401);
    expect((await callApi(app, api.feedback.submit, { body: { answers: {} } })).statusCode).toBe(401);
    const staff = await createStaffUser(db, 'BUYER');
    const staffAuth = (await signIn(app, staff.username)).auth;
    expect((await callApi(app, api.feedback.drafts, { headers: staffAuth })).statusCode).toBe(403);
  });
});
