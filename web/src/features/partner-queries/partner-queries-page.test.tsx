import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { decryptId, type PartnerQueryDetail, type PartnerQueryItem } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, ONE_COMPANY, pageOf, renderInApp } from '../../test/render.tsx';
import PartnerQueriesPage from './PartnerQueriesPage.tsx';

const item = (n: number, over: Partial<PartnerQueryItem> = {}): PartnerQueryItem => ({
  referenceNumber: `PQ${String(n).padStart(7, '0')}`,
  source: 'SUPPORT_FORM',
  state: 'OPEN',
  displayName: `Asker ${n}`,
  companyName: `Company ${n} Pvt Ltd`,
  email: `asker${n}@example.com`,
  mobileNumber: null,
  partnerNumber: `P000000${n}`,
  companyCode: 1,
  message: `Question number ${n} about my invoice`,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastMessageAt: '2026-11-21T10:00:00.000Z',
  resolvedAt: null,
  ...over,
});
const QUERIES = [item(1), item(2, { source: 'CHATBOT', displayName: 'Ravi Kumar' }), item(3, { state: 'RESOLVED' })];

/**
 * The partner queries a staff member reads: filtered by company (encrypted), state, source and
 * search as the server does; a query's detail with its conversation; replies and resolutions kept.
 */
function serve() {
  const queries: URLSearchParams[] = [];
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  const details = new Map<string, PartnerQueryDetail>(
    QUERIES.map((q) => [
      q.referenceNumber,
      { ...q, siteUrl: '/PartnerMgmtApp/home', attachment: null, messages: [], actions: ['REPLY', 'RESOLVE', 'CLOSE'] },
    ]),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      const query = new URL(url, 'http://x').searchParams;
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
      if (path === '/api/company') return envelope(ONE_COMPANY);
      if (path === '/api/partnerqueries/getAllPartnerQueryList') {
        queries.push(query);
        const enc = query.get('encCompanyCode');
        const term = (query.get('searchTerm') ?? '').toLowerCase();
        const items = [...details.values()]
          .filter((q) => !enc || q.companyCode === Number(decryptId(enc)))
          .filter((q) => !query.get('state') || q.state === query.get('state'))
          .filter((q) => !query.get('source') || q.source === query.get('source'))
          .filter((q) => !term || `${q.referenceNumber} ${q.displayName}`.toLowerCase().includes(term));
        return envelope(pageOf(items));
      }
      const detail = /^\/api\/partnerqueries\/query\/(\w+)$/.exec(path);
      if (detail) return envelope(details.get(detail[1]!));
      if (path === '/api/partnerqueries/vfacing/insertChatMessage') {
        sent.push({ path, body });
        const q = details.get(String(body.referenceNumber))!;
        q.messages = [
          ...q.messages,
          { author: 'STAFF', authorName: 'Query Desk', text: String(body.message), at: '2026-11-22T10:00:00.000Z' },
        ];
        q.state = 'ANSWERED';
        return envelope(q);
      }
      if (path === '/api/partnerqueries/vfacing/setResolved') {
        sent.push({ path, body });
        const q = details.get(String(body.referenceNumber))!;
        q.state = 'RESOLVED';
        q.actions = [];
        return envelope(q);
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { queries, sent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('Partner Queries', () => {
  it('lists the open queries first, and filters by source and search on the server', async () => {
    const { queries } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<PartnerQueriesPage />, { at: '/PartnerQueries' });
    const table = await screen.findByRole('table', { name: 'Queries' });
    expect(await within(table).findByText('Asker 1')).toBeVisible();
    expect(within(table).getByText('Ravi Kumar')).toBeVisible();
    expect(within(table).queryByText('Asker 3')).toBeNull();
    expect(queries[0]!.get('state')).toBe('OPEN');
    expect(screen.getByText('2 queries')).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'CHATBOT');
    await waitFor(() => expect(within(table).queryByText('Asker 1')).toBeNull());
    expect(within(table).getByText('Ravi Kumar')).toBeVisible();
    expect(queries.at(-1)!.get('source')).toBe('CHATBOT');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), '');
    await userEvent.type(screen.getByRole('searchbox'), 'nobody');
    expect(await screen.findByText('No queries match.')).toBeVisible();
  });

  it('asks for one company’s queries with the company encrypted', async () => {
    const { queries } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<PartnerQueriesPage />, { at: '/PartnerQueries' });
    await screen.findByText('Asker 1');
    const company = screen.getByRole('combobox', { name: 'Company' });
    await screen.findByRole('option', { name: 'Group Company One' });
    await userEvent.selectOptions(company, '1');
    await waitFor(() => expect(queries.at(-1)!.get('encCompanyCode')).not.toBeNull());
    expect(decryptId(queries.at(-1)!.get('encCompanyCode')!)).toBe('1');
  });

  it('opens a query, sends a reply that joins the conversation, and resolves it after a confirmation', async () => {
    const { sent } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<PartnerQueriesPage />, { at: '/PartnerQueries' });
    await userEvent.click(await screen.findByRole('button', { name: 'PQ0000001' }));
    expect(await screen.findByText('Question number 1 about my invoice')).toBeVisible();
    expect(screen.getByText('No replies yet.')).toBeVisible();

    const form = screen.getByRole('form', { name: 'Reply' });
    await userEvent.type(within(form).getByRole('textbox'), 'The invoice is paid; see the remittance.');
    await userEvent.click(within(form).getByRole('button', { name: 'Send' }));
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('The invoice is paid; see the remittance.')).toBeVisible();
    expect(sent[0]).toEqual({
      path: '/api/partnerqueries/vfacing/insertChatMessage',
      body: { referenceNumber: 'PQ0000001', message: 'The invoice is paid; see the remittance.' },
    });

    await userEvent.click(within(screen.getByRole('form', { name: 'Reply' })).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Query PQ0000001 is then resolved and the partner is e-mailed.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(sent[1]!.path).toBe('/api/partnerqueries/vfacing/setResolved'));
    expect(await screen.findByText('Resolved', { selector: '.badge' })).toBeVisible();
  });
});
