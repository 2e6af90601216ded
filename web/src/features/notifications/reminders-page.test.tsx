import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notification } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { renderInApp, envelope } from '../../test/render.tsx';
import RemindersPage from './RemindersPage.tsx';

const inDays = (days: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getFullYear(), d.getMonth(), d.getDate() + days)).toISOString().slice(0, 10);
};

/** A server holding `notifications`, which marks one read on POST and counts the unread ones. */
function serve(notifications: Notification[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${url}`);
      const marked = /\/api\/notification\/status\/(\d+)$/.exec(url);
      if (marked) {
        const n = notifications.find((x) => x.notificationId === Number(marked[1]))!;
        n.notificationStatus = 'R';
        return envelope(n);
      }
      const kind = new URL(url, 'http://x').searchParams.get('kind');
      const items = notifications.filter((n) => !kind || n.kind === kind);
      const unreadCount = notifications.filter((n) => n.notificationStatus === 'D').length;
      const page = { items, total: items.length, pageNo: 1, pageSize: 20, nextCursor: null, unreadCount };
      return envelope(page);
    }),
  );
  return calls;
}

function renderPage() {
  signedIn({ role: 'PARTNER', userStatus: 'Approved' });
  renderInApp(<RemindersPage />);
}

const base = { createdAt: '2026-11-20T10:00:00.000Z', notificationStatus: 'D' as const };

afterEach(() => vi.unstubAllGlobals());

describe('Alerts & Reminders', () => {
  it('shows alerts as the group wrote them and words reminders from what they are about, with the days left', async () => {
    serve([
      {
        ...base,
        notificationId: 3,
        kind: 'REMINDER',
        description: 'x',
        reminder: { expiryDate: inDays(12), daysLeft: 12, statutoryDocument: 'factoryLicence', companyCode: 1 },
      },
      {
        ...base,
        notificationId: 2,
        kind: 'REMINDER',
        description: 'x',
        reminder: { expiryDate: inDays(-3), daysLeft: -3, questionText: 'ISO 9001 certificate', companyCode: 1 },
      },
      {
        ...base,
        notificationId: 1,
        kind: 'ALERT',
        description: 'Your request was <b>approved</b>',
        reminder: null,
        notificationStatus: 'R',
      },
    ]);
    renderPage();
    const items = await screen.findAllByTestId('notification');
    expect(items[0]).toHaveTextContent(/Your factory licence expires on .*Please upload the renewed document\./);
    expect(items[0]).toHaveTextContent('12 days left');
    expect(items[1]).toHaveTextContent(/Your ISO 9001 certificate expired on /);
    expect(items[1]).toHaveTextContent('Expired');
    expect(within(items[2]!).getByText('approved').tagName).toBe('B');
    expect(items[2]).toHaveTextContent('Read');
    expect(screen.getByTestId('unread-count')).toHaveTextContent('2 unread');
  });

  it('marks one read on the server and the unread count drops; the filter asks the server for one kind', async () => {
    const calls = serve([
      {
        ...base,
        notificationId: 2,
        kind: 'REMINDER',
        description: 'x',
        reminder: { expiryDate: inDays(5), daysLeft: 5, statutoryDocument: 'shopEstablishment', companyCode: 1 },
      },
      { ...base, notificationId: 1, kind: 'ALERT', description: 'Sent back', reminder: null },
    ]);
    renderPage();
    const [reminder] = await screen.findAllByTestId('notification');
    await userEvent.click(within(reminder!).getByRole('button', { name: 'Mark as read' }));
    expect(await within(reminder!).findByText('Read')).toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1 unread');
    expect(calls).toContain('POST /partner-api/api/notification/status/2');

    await userEvent.click(screen.getByRole('button', { name: 'Alerts' }));
    expect(await screen.findByText('Sent back')).toBeInTheDocument();
    expect(screen.getAllByTestId('notification')).toHaveLength(1);
    expect(calls.some((c) => c.includes('kind=ALERT'))).toBe(true);
  });

  it('says so when there is nothing', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No new notifications to show!')).toBeInTheDocument();
  });
});
