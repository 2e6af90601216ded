import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ForensicPair } from '@pp/contract';
import { signedIn } from '../../test/session.ts';
import { apiPath, envelope, ONE_COMPANY, renderInApp } from '../../test/render.tsx';
import PartnerForensicsPage from './PartnerForensicsPage.tsx';

const partner = (n: number, name: string) => ({
  partnerNumber: `P000${n}`,
  organizationName: name,
  countryName: 'India',
  registeredAt: `2026-0${n}-01T10:00:00.000Z`,
  accountStatus: 'ACTIVE',
  companyCodes: [1],
  requestNumber: `ONB-1-2026-00000${n}`,
  mergeable: true,
});
const PAIR: ForensicPair = {
  kind: 'bank',
  value: 'SBIN0000018:000123456789',
  foundAt: '2026-02-01T10:00:00.000Z',
  first: partner(1, 'Deshpande Steel Pvt Ltd'),
  second: partner(2, 'Deshpande Steels'),
  review: null,
};

/**
 * A small forensics server: it filters the pairs by review and search as the real one does, keeps
 * a verdict, merges through the admin action, and records what each call was sent.
 */
function serve(pair: ForensicPair = PAIR) {
  const pairs = [structuredClone(pair)];
  const queries: URLSearchParams[] = [];
  const sent: { path: string; body: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = apiPath(url);
      const query = new URL(url, 'http://x').searchParams;
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, unknown>) : {};
      if (path === '/api/company') return envelope(ONE_COMPANY);
      if (path.startsWith('/api/forensics/comparison/')) {
        queries.push(query);
        const review = query.get('review');
        const term = (query.get('searchTerm') ?? '').toLowerCase();
        const items = pairs
          .filter((p) => path.endsWith(`/${p.kind}`))
          .filter((p) => review === 'all' || (review === 'open' ? !p.review : p.review?.verdict === review))
          .filter(
            (p) =>
              !term || [p.value, p.first.organizationName, p.second.organizationName].some((v) => v.toLowerCase().includes(term)),
          );
        return envelope({ items, total: items.length, pageNo: 1, pageSize: 20, nextCursor: null });
      }
      if (path === '/api/forensics/review') {
        sent.push({ path, body });
        pairs[0]!.review = {
          verdict: body.verdict as 'DUPLICATE',
          remarks: String(body.remarks),
          reviewerName: 'Forensics One',
          reviewedAt: '2026-11-26T10:00:00.000Z',
        };
        return envelope(pairs[0]);
      }
      if (path === '/api/adminAction/merge-accounts') {
        sent.push({ path, body });
        const from = [pairs[0]!.first, pairs[0]!.second].find((p) => p.partnerNumber === body.fromPartnerNumber)!;
        from.accountStatus = 'DISABLED';
        from.mergeable = false;
        return envelope({ message: 'Merged', auditId: 7 });
      }
      return envelope(null, 404, `no route ${path}`);
    }),
  );
  return { queries, sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('Partner Forensics', () => {
  it('shows the pairs of the kind in the address side by side, each with a link to its profile', async () => {
    const { queries } = serve();
    signedIn({ role: 'FORENSICS', userStatus: 'Approved' });
    renderInApp(<PartnerForensicsPage />, { at: '/partnerforensics?kind=bank' });
    const table = await screen.findByRole('table', { name: 'Partners sharing a Bank account' });
    const row = (await within(table).findByText('SBIN0000018:000123456789')).closest('tr')!;
    expect(row).toHaveTextContent('Deshpande Steel Pvt Ltd');
    expect(row).toHaveTextContent('Deshpande Steels');
    expect(within(row).getByRole('link', { name: 'Open profile: Deshpande Steels' })).toHaveAttribute(
      'href',
      '/summarypage?requestNumber=ONB-1-2026-000002',
    );
    expect(within(row).getByText('Not reviewed', { selector: '.badge' })).toBeInTheDocument();
    expect(queries[0]!.get('review')).toBe('open');
    expect(screen.getByRole('button', { name: 'Bank account' })).toHaveAttribute('aria-current', 'page');
  });

  it('asks for a verdict and remarks, saves the review, and lets an admin merge a duplicate into the account they keep', async () => {
    const { sent } = serve();
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    renderInApp(<PartnerForensicsPage />, { at: '/partnerforensics?kind=bank' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Review' }), '');
    await user.click(await screen.findByRole('button', { name: 'Review P0001 and P0002' }));
    const form = screen.getByRole('form', { name: 'Review P0001 and P0002' });
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    expect(await within(form).findAllByRole('alert')).not.toHaveLength(0);
    expect(sent).toHaveLength(0);

    await user.selectOptions(within(form).getByRole('combobox', { name: /Verdict/ }), 'DUPLICATE');
    await user.type(within(form).getByRole('textbox', { name: /Remarks/ }), 'Same directors, same address.');
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    await screen.findByText('The review of P0001 and P0002 is saved.');
    expect(sent[0]!.body).toEqual({
      kind: 'bank',
      value: 'SBIN0000018:000123456789',
      partnerNumbers: ['P0001', 'P0002'],
      verdict: 'DUPLICATE',
      remarks: 'Same directors, same address.',
    });

    // Either may go: staff choose which stays (the first, unless they say otherwise).
    expect(await within(form).findByRole('button', { name: 'Merge P0002 into P0001' })).toBeInTheDocument();
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Account that stays' }), 'P0002');
    await user.click(within(form).getByRole('button', { name: 'Merge P0001 into P0002' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Deshpande Steel Pvt Ltd (P0001) is merged into Deshpande Steels (P0002)');
    await user.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await screen.findByText('P0001 is merged into P0002.');
    await waitFor(() =>
      expect(sent[1]).toEqual({
        path: '/api/adminAction/merge-accounts',
        body: { fromPartnerNumber: 'P0001', intoPartnerNumber: 'P0002', remarks: 'Same directors, same address.' },
      }),
    );
  });

  it('offers a merge only in a direction the server takes, and none where neither account may go', async () => {
    const reviewed = {
      verdict: 'DUPLICATE' as const,
      remarks: 'Registered twice.',
      reviewerName: 'Forensics One',
      reviewedAt: '2026-11-26T10:00:00.000Z',
    };
    // The second has a request staff took: only the first may go into it.
    serve({ ...PAIR, review: reviewed, second: { ...PAIR.second, mergeable: false } });
    signedIn({ role: 'ADMIN', userStatus: 'Approved' });
    const { unmount } = renderInApp(<PartnerForensicsPage />, { at: '/partnerforensics?kind=bank' });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Review' }), '');
    await user.click(await screen.findByRole('button', { name: 'Review P0001 and P0002' }));
    const form = screen.getByRole('form', { name: 'Review P0001 and P0002' });
    expect(within(form).getByRole('button', { name: 'Merge P0001 into P0002' })).toBeInTheDocument();
    expect(within(form).queryByRole('combobox', { name: 'Account that stays' })).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    serve({
      ...PAIR,
      review: reviewed,
      first: { ...PAIR.first, mergeable: false },
      second: { ...PAIR.second, mergeable: false },
    });
    renderInApp(<PartnerForensicsPage />, { at: '/partnerforensics?kind=bank' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Review' }), '');
    await user.click(await screen.findByRole('button', { name: 'Review P0001 and P0002' }));
    const neither = screen.getByRole('form', { name: 'Review P0001 and P0002' });
    expect(within(neither).queryByRole('button', { name: /^Merge/ })).toBeNull();
  });

  it('offers no merge to forensics staff, who may not edit the vendor master', async () => {
    serve();
    signedIn({ role: 'FORENSICS', userStatus: 'Approved' });
    renderInApp(<PartnerForensicsPage />, { at: '/partnerforensics?kind=bank' });
    const user = userEvent.setup();
    // Every pair listed, so the reviewed one stays on screen.
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Review' }), '');
    await user.click(await screen.findByRole('button', { name: 'Review P0001 and P0002' }));
    const form = screen.getByRole('form', { name: 'Review P0001 and P0002' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /Verdict/ }), 'DUPLICATE');
    await user.type(within(form).getByRole('textbox', { name: /Remarks/ }), 'Registered twice.');
    await user.click(within(form).getByRole('button', { name: 'Save review' }));
    await screen.findByText('The review of P0001 and P0002 is saved.');
    expect(await screen.findByText('Duplicate registration', { selector: '.badge' })).toBeInTheDocument();
    expect(form).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: /^Merge/ })).toBeNull();
  });
});
