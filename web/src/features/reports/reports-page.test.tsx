import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORTS, WORKFLOW_STATE_NAMES, type ReportView } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, ONE_COMPANY, renderInApp } from '../../test/render.tsx';
import ReportsPage from './ReportsPage.tsx';

const ONBOARDING: ReportView = {
  report: 'onboarding',
  total: 2,
  preview: [
    [
      'ONB-1-2026-000001',
      'Deshpande Steel Pvt Ltd',
      'Group Company One',
      'Supplier',
      'BUYER_REVIEW',
      'BUYER',
      '2026-11-20T10:00:00.000Z',
      '2026-11-21T10:00:00.000Z',
      3,
    ],
    [
      'ONB-1-2026-000002',
      'Konkan Infra',
      'Group Company One',
      'Contractor',
      'APPROVED',
      null,
      '2026-11-01T10:00:00.000Z',
      '2026-11-10T10:00:00.000Z',
      9,
    ],
  ],
  chart: { labels: ['BUYER_REVIEW', 'APPROVED'], series: [{ key: 'requests', values: [1, 1] }] },
};
const EMPTY_AUDIT: ReportView = { report: 'audit', total: 0, preview: [], chart: { labels: [], series: [] } };

/** The reports API: a view per report with the filters it was given, and a download that records its address. */
function serve() {
  const views: { path: string; query: URLSearchParams }[] = [];
  const downloads: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = apiPath(url);
      const query = new URL(url, 'http://x').searchParams;
      if (path === '/api/company') return envelope(ONE_COMPANY);
      if (path.startsWith('/api/reference/') || path.includes('business')) return envelope([]);
      if (path.includes('/download/')) {
        downloads.push(`${path}?${query}`);
        return new Response('Request number,Partner\n', { status: 200 });
      }
      if (path.startsWith('/api/reports/')) {
        views.push({ path, query });
        return envelope(path.endsWith('/audit') ? EMPTY_AUDIT : ONBOARDING);
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:report', revokeObjectURL: () => undefined }));
  return { views, downloads };
}

afterEach(() => vi.unstubAllGlobals());

describe('Reports', () => {
  it('shows the chosen report’s total and first rows, naming states and desks in the page’s words', async () => {
    const { views } = serve();
    signedIn({ role: 'REPORTS', userStatus: 'Approved' });
    renderInApp(<ReportsPage />, { at: '/Reports?report=onboarding' });
    const preview = await screen.findByRole('table', { name: 'First rows of Onboarding by state and desk' });
    expect(screen.getByRole('status')).toHaveTextContent('2 rows');
    const headers = within(preview)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(REPORTS.onboarding.columns.map((c) => c.en));
    const first = within(preview).getAllByRole('row')[1]!;
    expect(first).toHaveTextContent('Deshpande Steel Pvt Ltd');
    expect(first).toHaveTextContent(WORKFLOW_STATE_NAMES.en.BUYER_REVIEW);
    expect(within(preview).getAllByRole('row')[2]).toHaveTextContent('—');
    expect(views[0]!.path).toBe('/api/reports/onboarding');
  });

  it('sends a state filter, and dates only as a pair', async () => {
    const { views } = serve();
    signedIn({ role: 'REPORTS', userStatus: 'Approved' });
    renderInApp(<ReportsPage />, { at: '/Reports?report=onboarding' });
    await screen.findByRole('table', { name: /First rows of/ });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'APPROVED');
    await waitFor(() => expect(views.at(-1)!.query.get('state')).toBe('APPROVED'));
    await userEvent.type(screen.getByLabelText('Submitted from'), '2026-11-01');
    expect(views.at(-1)!.query.get('from')).toBeNull();
    await userEvent.type(screen.getByLabelText('to'), '2026-11-30');
    await waitFor(() => expect(views.at(-1)!.query.get('to')).toBe('2026-11-30'));
    expect(views.at(-1)!.query.get('from')).toBe('2026-11-01');
  });

  it('downloads the whole report with the filters shown, and offers no download of an empty one', async () => {
    const { downloads } = serve();
    signedIn({ role: 'REPORTS', userStatus: 'Approved' });
    renderInApp(<ReportsPage />, { at: '/Reports?report=onboarding' });
    await screen.findByRole('table', { name: /First rows of/ });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^\/api\/reports\/onboarding\/download\/csv/);

    await userEvent.click(screen.getByRole('button', { name: /Admin audit/ }));
    expect(await screen.findByText('0 rows')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download XLSX' })).toBeDisabled();
  });
});
