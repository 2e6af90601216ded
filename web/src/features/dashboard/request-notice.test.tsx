import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { SESSION_KEYS, type WorkflowStatus } from '@pp/contract';
import { session } from '../../session/session.ts';
import { fakeToken, signedIn } from '../../test/session.ts';
import { renderInApp, envelope } from '../../test/render.tsx';
import { RequestNotice } from './RequestNotice.tsx';

const request = (over: Partial<WorkflowStatus>): WorkflowStatus => ({
  requestNumber: 'ONB-1-2026-000042',
  flow: 'ONBOARDING',
  state: 'BUYER_REVIEW',
  desk: 'BUYER',
  userStatus: 'View',
  actions: [],
  companyCode: 1,
  title: 'Steel Traders P0000001',
  submittedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  lastRemarks: null,
  ...over,
});

/** The notice over a server whose current-request call answers `answer`. */
function renderWith(answer: WorkflowStatus | null) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelope(answer)),
  );
  signedIn({ role: 'PARTNER', userStatus: answer?.userStatus ?? 'Edit' });
  renderInApp(<RequestNotice />);
}

afterEach(() => vi.unstubAllGlobals());

describe("the dashboard's request notice", () => {
  it('shows the reviewer’s remarks of a sent-back request, as text, with the way to fix it', async () => {
    renderWith(request({ state: 'SENT_BACK', userStatus: 'Edit', lastRemarks: 'The <b>cheque</b> is not readable' }));
    const notice = await screen.findByTestId('request-notice');
    expect(notice).toHaveTextContent('Your request ONB-1-2026-000042 was sent back for changes:');
    expect(notice).toHaveTextContent('The <b>cheque</b> is not readable');
    expect(screen.getByRole('link', { name: 'Fix and resubmit' })).toHaveAttribute('href', '/onboardingDetails');
  });

  it('says a request is under review', async () => {
    renderWith(request({}));
    expect(await screen.findByTestId('request-notice')).toHaveTextContent('is under review by the group');
  });

  it('shows nothing before the first submit', async () => {
    renderWith(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('request-notice')).toBeNull();
  });

  it('takes a fresh token when staff moved the request since this one was issued (sent back: Edit again)', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        const body = url.includes('/workflow-status/current')
          ? { response: request({ state: 'SENT_BACK', userStatus: 'Edit' }), failureMessage: null }
          : {
              response: 'User Category Audit Recorded',
              accessToken: fakeToken({ role: 'PARTNER', userStatus: 'Edit' }),
              failureMessage: null,
            };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
    signedIn({ role: 'PARTNER', userStatus: 'View' });
    sessionStorage.setItem(SESSION_KEYS.currentCompanyCode, '1');
    sessionStorage.setItem(SESSION_KEYS.currentCategoryCode, 'SUP');
    session.reload();
    renderInApp(<RequestNotice />);
    await screen.findByTestId('request-notice');
    await vi.waitFor(() => expect(session.get().userStatus).toBe('Edit'));
    expect(calls.filter((u) => u.includes('category'))).toHaveLength(1);
  });

  it('offers the fix only once the token lets the onboarding page open', async () => {
    let answerCategory: () => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/workflow-status/current'))
          return new Response(
            JSON.stringify({ response: request({ state: 'SENT_BACK', userStatus: 'Edit' }), failureMessage: null }),
          );
        await new Promise<void>((resolve) => (answerCategory = resolve));
        const token = fakeToken({ role: 'PARTNER', userStatus: 'Edit' });
        return new Response(JSON.stringify({ response: 'Recorded', accessToken: token, failureMessage: null }));
      }),
    );
    signedIn({ role: 'PARTNER', userStatus: 'View' });
    sessionStorage.setItem(SESSION_KEYS.currentCompanyCode, '1');
    sessionStorage.setItem(SESSION_KEYS.currentCategoryCode, 'SUP');
    session.reload();
    renderInApp(<RequestNotice />);
    const notice = await screen.findByTestId('request-notice');
    expect(notice).toHaveTextContent('Fix and resubmit');
    expect(screen.queryByRole('link', { name: 'Fix and resubmit' })).toBeNull();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answerCategory();
    expect(await screen.findByRole('link', { name: 'Fix and resubmit' })).toHaveAttribute('href', '/onboardingDetails');
  });
});
