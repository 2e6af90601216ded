import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Feedback, FeedbackQuestion } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import FeedbackPage from './FeedbackPage.tsx';

const QUESTIONS: FeedbackQuestion[] = [
  { questionId: 1, section: 'Orders', kind: 'RATING', mandatory: true, text: 'How clear were our orders?' },
  { questionId: 2, section: 'Orders', kind: 'YES_NO', mandatory: true, text: 'Were you paid on time?' },
  { questionId: 3, section: 'Anything else', kind: 'TEXT', mandatory: false, text: 'What should we do better?' },
];

/** A server with this quarter's questions and no draft yet; it records the bodies sent and checks the mandatory answers. */
function serve() {
  const sent: { path: string; body: unknown }[] = [];
  const feedback = (answers: Record<string, unknown>, status: Feedback['status']): Feedback => ({
    feedbackNumber: 'FB-1',
    companyCode: 1,
    period: 'FY2026-27 Q3',
    status,
    answers: answers as Feedback['answers'],
    averageRating: null,
    updatedAt: '2026-11-26T10:00:00.000Z',
    submittedAt: status === 'SUBMITTED' ? '2026-11-26T10:00:00.000Z' : null,
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      if (path === '/api/questions') return envelope(QUESTIONS);
      if (path === '/api/drafts') return envelope(null);
      if (path === '/api/histories') return envelope({ items: [], total: 0, pageNo: 1, pageSize: 10, nextCursor: null });
      const { answers } = JSON.parse(init?.body as string) as { answers: Record<string, unknown> };
      sent.push({ path, body: answers });
      if (path === '/api/feeback/mandatoryquestions/check') {
        const missing = QUESTIONS.filter((q) => q.mandatory && answers[String(q.questionId)] === undefined).map(
          (q) => q.questionId,
        );
        return envelope({ complete: missing.length === 0, missing });
      }
      return envelope(feedback(answers, path === '/api/submit' ? 'SUBMITTED' : 'DRAFT'));
    }),
  );
  return sent;
}

function renderPage() {
  signedIn({ role: 'PARTNER', userStatus: 'Approved' });
  renderInApp(<FeedbackPage />);
}

afterEach(() => vi.unstubAllGlobals());

describe('Feedback', () => {
  it('saves the answers given as a draft, by question id, leaving the unanswered out', async () => {
    const sent = serve();
    renderPage();
    const rating = await screen.findByRole('group', { name: 'How clear were our orders?' });
    await userEvent.click(within(rating).getByLabelText('5 – Excellent'));
    await userEvent.type(screen.getByRole('textbox', { name: 'What should we do better?' }), 'Earlier drawings');
    await userEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    // The page's spinner is a status too while a call runs: the answer is the one with its text.
    expect(await screen.findByText('Your draft is saved.')).toHaveAttribute('role', 'status');
    expect(sent).toEqual([{ path: '/api/draft', body: { '1': 5, '3': 'Earlier drawings' } }]);
  });

  it('marks every unanswered mandatory question at once on Submit and submits nothing', async () => {
    const sent = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Submit feedback' }));
    expect(await screen.findByText('2 mandatory questions are not answered yet.')).toBeVisible();
    for (const name of ['How clear were our orders?', 'Were you paid on time?'])
      expect(within(screen.getByRole('group', { name })).getByRole('alert')).toHaveTextContent('Please answer this question.');
    expect(sent.map((s) => s.path)).toEqual(['/api/feeback/mandatoryquestions/check']);

    // Answering one clears its mark; with both answered the feedback is submitted.
    await userEvent.click(within(screen.getByRole('group', { name: 'Were you paid on time?' })).getByLabelText('Yes'));
    expect(within(screen.getByRole('group', { name: 'Were you paid on time?' })).queryByRole('alert')).toBeNull();
    await userEvent.click(within(screen.getByRole('group', { name: 'How clear were our orders?' })).getByLabelText('1 – Poor'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit feedback' }));
    expect(await screen.findByText('Your feedback is submitted. Thank you.')).toBeVisible();
    expect(sent.at(-1)).toEqual({ path: '/api/submit', body: { '1': 1, '2': true } });
  });
});
