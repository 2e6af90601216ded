import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GrievanceItem, GrievanceMetrics } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, ONE_COMPANY, pageOf, renderInApp } from '../../test/render.tsx';
import GrievanceDashboardPage from './GrievanceDashboardPage.tsx';

const METRICS: GrievanceMetrics = {
  byState: {
    DRAFT: 0,
    SUBMITTED: 3,
    IN_REVIEW: 2,
    RESOLVED: 4,
    CLOSED: 1,
    REOPENED: 0,
    WITHDRAWN: 0,
  } as GrievanceMetrics['byState'],
  open: 5,
  overdue: 2,
  dueSoon: 1,
  settled: 5,
  settledLate: 0,
  ageing: [7, 15, 30, null].map((upToDays) => ({ upToDays, open: 1, overdue: 0, dueSoon: 0 })),
  reasons: [{ reasonCode: 'PAYMENT_DELAY', open: 5, overdue: 2, dueSoon: 1, settled: 5, averageDaysToSettle: 6.5 }],
  companies: [{ companyCode: 1, companyName: 'Group Company One', open: 5, overdue: 2, dueSoon: 1, settled: 5 }],
  trend: [
    { month: '2026-10', submitted: 4, settled: 2 },
    { month: '2026-11', submitted: 6, settled: 3 },
  ],
};
const grievance = (n: number, overdue: boolean): GrievanceItem => ({
  grievanceNumber: `GRV-1-2026-${String(n).padStart(6, '0')}`,
  companyCode: 1,
  reasonCode: 'PAYMENT_DELAY',
  documentNumber: null,
  subject: `Invoice ${n} unpaid`,
  state: 'SUBMITTED',
  raisedBy: `Partner ${n} Ltd (P000000${n})`,
  createdAt: '2026-11-01T10:00:00.000Z',
  submittedAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  dueAt: '2026-11-16T10:00:00.000Z',
  overdue,
  answeredAt: null,
});
const LIST = [grievance(1, true), grievance(2, true), grievance(3, false)];

/** The staff grievance metrics and list, filtered by scope, deadline and search as the server does. */
function serve() {
  const lists: URLSearchParams[] = [];
  const metrics: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = apiPath(url);
      const query = new URL(url, 'http://x').searchParams;
      if (path === '/api/company') return envelope(ONE_COMPANY);
      if (path === '/api/opengrievance/metrics') {
        metrics.push(query);
        return envelope(METRICS);
      }
      if (path === '/api/opengrievance/list') {
        lists.push(query);
        const term = (query.get('searchTerm') ?? '').toLowerCase();
        const items = LIST.filter((g) => query.get('deadline') !== 'overdue' || g.overdue).filter(
          (g) => !term || `${g.grievanceNumber} ${g.subject} ${g.raisedBy}`.toLowerCase().includes(term),
        );
        return envelope(pageOf(items));
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { lists, metrics };
}

afterEach(() => vi.unstubAllGlobals());

describe('Grievance Dashboard', () => {
  it("counts India's grievances at a glance, by reason and by company, then lists them", async () => {
    const { lists, metrics } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<GrievanceDashboardPage />, { at: '/GrievanceDashboard' });
    const figures = await screen.findByRole('list', { name: 'Grievances at a glance' });
    expect(within(figures).getByTestId('figure-open')).toHaveTextContent('5');
    expect(within(figures).getByTestId('figure-open')).toHaveTextContent('2 of them with a department');
    expect(within(figures).getByTestId('figure-overdue')).toHaveTextContent('2');
    expect(within(figures).getByTestId('figure-settledLate')).toHaveTextContent('0');
    const reasons = screen.getByRole('table', { name: 'Reason' });
    expect(within(reasons).getByText('Payment delayed')).toBeVisible();
    expect(within(reasons).getByText('6.5')).toBeVisible();
    expect(within(screen.getByRole('table', { name: 'Company' })).getByText('Group Company One')).toBeVisible();
    expect(metrics[0]!.get('scope')).toBe('domestic');

    const list = await screen.findByRole('table', { name: 'Grievances' });
    expect(await within(list).findByText('Invoice 1 unpaid')).toBeVisible();
    expect(within(list).getAllByRole('row')).toHaveLength(4);
    expect(lists[0]!.get('scope')).toBe('domestic');
  });

  it('lists only the grievances past their deadline from the figure, and searches on the server', async () => {
    const { lists } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<GrievanceDashboardPage />, { at: '/GrievanceDashboard' });
    const overdue = (await screen.findByRole('list', { name: 'Grievances at a glance' })).querySelector(
      '[data-testid="figure-overdue"]',
    )!;
    await userEvent.click(within(overdue as HTMLElement).getByRole('button', { name: 'Show them' }));
    const list = screen.getByRole('table', { name: 'Grievances' });
    await waitFor(() => expect(within(list).queryByText('Invoice 3 unpaid')).toBeNull());
    expect(lists.at(-1)!.get('deadline')).toBe('overdue');
    expect(screen.getByRole('combobox', { name: 'Deadline' })).toHaveValue('overdue');

    await userEvent.type(screen.getByRole('searchbox'), 'no such grievance');
    expect(await screen.findByText('No grievances match.')).toBeVisible();
    expect(lists.at(-1)!.get('searchTerm')).toBe('no such grievance');
  });

  it('asks for the rest of the world’s grievances on the international page', async () => {
    const { lists, metrics } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<GrievanceDashboardPage />, { at: '/GrievanceInternational' });
    expect(await screen.findByRole('heading', { name: 'International Grievances' })).toBeVisible();
    await screen.findByRole('table', { name: 'Grievances' });
    await waitFor(() => expect(lists.length).toBeGreaterThan(0));
    expect(lists[0]!.get('scope')).toBe('international');
    expect(metrics[0]!.get('scope')).toBe('international');
  });
});
