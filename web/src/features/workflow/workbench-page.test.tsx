import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_KEYS, WORKFLOW_STATE_NAMES, type WorkbenchItem, type WorkflowStatus } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, renderInApp } from '../../test/render.tsx';
import WorkbenchPage from './WorkbenchPage.tsx';

const request = (n: number, title: string): WorkbenchItem => ({
  requestNumber: `ONB-1-2026-${String(n).padStart(6, '0')}`,
  flow: 'ONBOARDING',
  state: 'BUYER_REVIEW',
  desk: 'BUYER',
  companyCode: 1,
  title,
  submittedAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
});
/** Twenty-three requests at the buyer's desk: a page of twenty, then three. */
const WAITING = Array.from({ length: 23 }, (_, i) =>
  request(i + 1, i === 0 ? 'Deshpande Steel Pvt Ltd' : `Partner ${i + 1} Ltd`),
);

/** A workbench that pages and searches as the server does, and answers a request's place with the buyer's actions. */
function serve(waiting: WorkbenchItem[] = WAITING) {
  const queries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const path = apiPath(url);
      const query = new URL(url, 'http://x').searchParams;
      if (path === '/api/workbench/requests') {
        queries.push(query);
        const term = (query.get('searchTerm') ?? '').toLowerCase();
        const found = waiting.filter((r) => !term || r.title.toLowerCase().includes(term) || r.requestNumber.includes(term));
        const pageNo = Number(query.get('pageNo') ?? 1);
        const items = found.slice((pageNo - 1) * 20, pageNo * 20);
        return envelope({
          page: { items, total: found.length, totalCapped: false, pageNo, pageSize: 20, nextCursor: null },
          counts: { BUYER_REVIEW: waiting.length, SEGREGATION: 2 },
        });
      }
      if (path.startsWith('/api/workflow-status/request-number/')) {
        const item = waiting.find((r) => path.endsWith(r.requestNumber))!;
        const status: WorkflowStatus = {
          ...item,
          userStatus: 'View',
          actions: ['APPROVE', 'SEND_BACK', 'REJECT'],
          lastRemarks: null,
        };
        return envelope(status);
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { queries };
}

/** A buyer signed in under company 1. */
function asBuyer() {
  sessionStorage.setItem(SESSION_KEYS.currentCompanyCode, '1');
  signedIn({ role: 'BUYER', userStatus: 'Approved' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('Workbench', () => {
  it("lists the requests at the buyer's desk in the session's company, with the company's counts, a page at a time", async () => {
    const { queries } = serve();
    asBuyer();
    renderInApp(<WorkbenchPage />, { at: '/Workbench' });
    const table = await screen.findByRole('table', { name: 'Workbench' });
    expect(await within(table).findByText('Deshpande Steel Pvt Ltd')).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(queries[0]!.get('companyCode')).toBe('1');
    const counts = screen.getByRole('group', { name: /open requests of every kind/ });
    expect(within(counts).getByTestId('count-BUYER_REVIEW')).toHaveTextContent(`${WORKFLOW_STATE_NAMES.en.BUYER_REVIEW}: 23`);
    expect(screen.getByText('23 requests')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('Partner 23 Ltd')).toBeVisible();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(queries.at(-1)!.get('pageNo')).toBe('2');
  });

  it('searches on the server and says when nothing matches', async () => {
    const { queries } = serve();
    asBuyer();
    renderInApp(<WorkbenchPage />, { at: '/Workbench' });
    const table = await screen.findByRole('table', { name: 'Workbench' });
    await within(table).findByText('Deshpande Steel Pvt Ltd');
    await userEvent.type(screen.getByRole('searchbox'), 'deshpande');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(queries.at(-1)!.get('searchTerm')).toBe('deshpande');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'nobody at all');
    expect(await screen.findByText('No request matches the search.')).toBeVisible();
  });

  it("opens a request's actions below its row, and the review link goes to the summary page", async () => {
    serve();
    asBuyer();
    renderInApp(<WorkbenchPage />, { at: '/Workbench' });
    const table = await screen.findByRole('table', { name: 'Workbench' });
    const first = WAITING[0]!.requestNumber;
    expect(await within(table).findByRole('link', { name: `Review ${first}` })).toHaveAttribute(
      'href',
      `/summarypage?requestNumber=${first}`,
    );
    const open = within(table).getByRole('button', { name: `Act ${first}` });
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(await within(table).findByRole('button', { name: /Approve/ })).toBeVisible();
    await userEvent.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'false');
  });

  it('says so when nothing waits at the desk', async () => {
    serve([]);
    asBuyer();
    renderInApp(<WorkbenchPage />, { at: '/Workbench' });
    expect(await screen.findByText('Nothing is waiting at your desk.')).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
