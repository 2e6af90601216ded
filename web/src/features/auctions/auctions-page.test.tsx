import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RfqDetail, RfqItem } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { renderInApp, envelope, apiPath } from '../../test/render.tsx';
import AuctionsPage from './AuctionsPage.tsx';

const AUCTION: RfqDetail = {
  rfqNumber: 'RFQ-1-20261125-001',
  kind: 'AUCTION',
  title: 'TMT bars Fe500D, 12 mm',
  categoryCode: 'SUP',
  categoryName: 'Supplier',
  quantity: 1200,
  unit: 'tonne',
  currency: 'INR',
  openingAt: '2026-11-20T04:30:00.000Z',
  closingAt: '2026-12-20T10:30:00.000Z',
  status: 'OPEN',
  myBid: null,
  lowestBid: 5_000_000,
  description: 'Delivered to the Pune metro site in four lots.',
  deliveryLocation: 'Pune',
  startPrice: 6_000_000,
  minDecrement: 10_000,
  maxBid: 4_990_000,
  bidders: 2,
  myRank: null,
  myBids: [],
};
const SEALED: RfqDetail = {
  ...AUCTION,
  rfqNumber: 'RFQ-1-20261125-002',
  kind: 'RFQ',
  title: 'Ready-mix concrete M40',
  lowestBid: null,
  startPrice: null,
  minDecrement: null,
  maxBid: null,
  bidders: null,
};
const itemOf = ({
  description,
  deliveryLocation,
  startPrice,
  minDecrement,
  maxBid,
  bidders,
  myRank,
  myBids,
  ...item
}: RfqDetail): RfqItem => item;

/**
 * A small auction server: it filters and searches the list as the real one does, keeps the
 * partner's bids, refuses a bid that does not beat the lowest by the decrement and one on a closed
 * RFQ, and records each list body and bid it was sent.
 */
function serve(rfqs: RfqDetail[] = [AUCTION, SEALED]) {
  const state = new Map(rfqs.map((r) => [r.rfqNumber, structuredClone(r)]));
  const lists: unknown[] = [];
  const bids: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const address = new URL(url, 'http://x');
      const path = apiPath(url);
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
      if (path === '/api/eip/partner/rfq') {
        lists.push(body);
        const term = typeof body.searchTerm === 'string' ? body.searchTerm.toLowerCase() : '';
        const items = [...state.values()]
          .filter((r) => (!body.status || r.status === body.status) && (!body.kind || r.kind === body.kind))
          .filter((r) => !term || r.rfqNumber.toLowerCase().startsWith(term) || r.title.toLowerCase().includes(term))
          .map(itemOf);
        return envelope({ items, total: items.length, pageNo: 1, pageSize: 20, nextCursor: null });
      }
      if (path === '/api/eip/partner/detail') return envelope(state.get(address.searchParams.get('rfqNumber') ?? ''));
      if (path === '/api/eip/partner/bid') {
        bids.push(body);
        const rfq = state.get(String(body.rfqNumber))!;
        const amount = Number(body.amount);
        if (rfq.status !== 'OPEN') return envelope(null, 400, 'Bidding on this RFQ has closed.');
        if (rfq.maxBid !== null && amount > rfq.maxBid) return envelope(null, 400, `Your bid must be at most ${rfq.maxBid}.`);
        rfq.myBids.unshift({
          amount,
          remarks: (body.remarks as string | undefined) ?? null,
          placedAt: '2026-11-26T10:00:00.000Z',
        });
        rfq.myBid = amount;
        if (rfq.kind === 'AUCTION') {
          rfq.lowestBid = Math.min(rfq.lowestBid ?? amount, amount);
          rfq.maxBid = rfq.lowestBid - (rfq.minDecrement ?? 0);
          rfq.bidders = (rfq.bidders ?? 0) + 1;
          rfq.myRank = 1;
        }
        return envelope(rfq);
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { state, lists, bids };
}

function renderPage(at = '/partnerauctions') {
  signedIn({ role: 'PARTNER', userStatus: 'Approved' });
  renderInApp(<AuctionsPage />, { at: at });
}

/** The list's table once the server's first page is in it. */
async function table() {
  const list = await screen.findByRole('table', { name: 'E-Bids & E-Auctions' });
  await within(list).findAllByRole('button', { name: /^RFQ-/ });
  return list;
}

afterEach(() => vi.unstubAllGlobals());

describe('E-Bids & E-Auctions', () => {
  it('lists the open RFQs first, an auction with its lowest bid and a sealed RFQ without one', async () => {
    const { lists } = serve();
    renderPage();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('TMT bars Fe500D, 12 mm');
    expect(rows[0]).toHaveTextContent('Reverse auction');
    expect(rows[0]).toHaveTextContent('₹50,00,000');
    expect(rows[1]).toHaveTextContent('Ready-mix concrete M40');
    expect(within(rows[1]!).getByText('Sealed')).toBeInTheDocument();
    expect(screen.getByText('2 RFQs')).toBeInTheDocument();
    expect(lists[0]).toEqual({ page: 1, size: 20, status: 'OPEN' });
  });

  it('searches and filters on the server, and says when nothing matches', async () => {
    const { lists } = serve();
    renderPage();
    await table();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'RFQ');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(lists.at(-1)).toEqual({ page: 1, size: 20, status: 'OPEN', kind: 'RFQ' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by RFQ number or title' }), 'steel');
    expect(await screen.findByText('No RFQ matches your search.')).toBeInTheDocument();
    expect(lists.at(-1)).toEqual({ page: 1, size: 20, status: 'OPEN', kind: 'RFQ', searchTerm: 'steel' });
  });

  it('opens an auction, refuses a bid over the most allowed before sending, then records a bid and shows the new rank', async () => {
    const { bids } = serve();
    renderPage();
    await userEvent.click(within(await table()).getByRole('button', { name: AUCTION.rfqNumber }));
    expect(await screen.findByRole('heading', { name: 'TMT bars Fe500D, 12 mm' })).toBeInTheDocument();
    expect(screen.getByTestId('lowest-bid')).toHaveTextContent('₹50,00,000 · 2 bidders');
    const box = screen.getByRole('region', { name: 'Place your bid' });
    const amount = within(box).getByLabelText('Amount (INR, before GST)');
    const submit = within(box).getByRole('button', { name: 'Submit bid' });
    await userEvent.type(amount, '4995000');
    expect(submit).toBeDisabled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '4990000');
    await userEvent.type(within(box).getByLabelText('Remarks'), '  ex-works Pune  ');
    await userEvent.click(submit);
    expect(await within(box).findByRole('status')).toHaveTextContent('Your bid is recorded.');
    expect(within(box).getByRole('heading', { name: 'Revise your bid' })).toBeInTheDocument();
    expect(bids).toEqual([{ rfqNumber: AUCTION.rfqNumber, amount: 4_990_000, remarks: 'ex-works Pune' }]);
    expect(screen.getByTestId('lowest-bid')).toHaveTextContent('₹49,90,000 · 3 bidders');
    expect(screen.getByTestId('my-rank')).toHaveTextContent('L1');
    const mine = screen.getByRole('table', { name: 'Your bids' });
    expect(within(mine).getAllByRole('row')[1]).toHaveTextContent('₹49,90,000');
  });

  it("shows the server's words above the RFQ when a bid is refused, and reads the RFQ again", async () => {
    const { state, bids } = serve();
    renderPage(`/partnerauctions?rfq=${SEALED.rfqNumber}`);
    const box = await screen.findByRole('region', { name: 'Place your bid' });
    // It closed on the server while the partner was reading it.
    state.get(SEALED.rfqNumber)!.status = 'CLOSED';
    await userEvent.type(within(box).getByLabelText('Amount (INR, before GST)'), '750000');
    await userEvent.click(within(box).getByRole('button', { name: 'Submit bid' }));
    expect(await screen.findByText('Bidding on this RFQ has closed.')).toBeInTheDocument();
    expect(bids).toHaveLength(1);
    expect(await screen.findByText('Bidding has closed; the group will contact the partner it chooses.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Place your bid' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /All RFQs and auctions/ }));
    expect(await table()).toBeInTheDocument();
  });
});
