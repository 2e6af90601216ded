import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { UI_MESSAGES, api } from '@pp/contract';
import { callData } from '../api/client.ts';
import { envelope, renderInApp } from '../test/render.tsx';
import { Loading } from './Loading.tsx';
import { ReadFailures } from './ReadFailures.tsx';

/** A region of a page that reads the partner's details, as the pages do. */
function Details() {
  const read = useQuery({ queryKey: ['info'], queryFn: () => callData(api.partner.info) });
  if (!read.data) return <Loading of={read} />;
  return <p>{read.data.organizationName}</p>;
}

/** The answers the stubbed server gives, in turn; the last one again after them. */
function answers(...bodies: (() => Response)[]) {
  const fetch = vi.fn(() => Promise.resolve((bodies.length > 1 ? bodies.shift()! : bodies[0]!)()));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const info = () => envelope({ organizationName: 'Deshpande Steel Pvt Ltd' });

afterEach(() => vi.unstubAllGlobals());

describe('a page whose read failed', () => {
  for (const [failure, answer] of [
    ['a 500', () => envelope(null, 500, null)],
    ['a malformed body', () => new Response('{"response": {"organizationName": "Desh', { status: 200 })],
    ['a body with no envelope', () => new Response('[]', { status: 200 })],
    ['a dropped connection', () => Promise.reject(new TypeError('Failed to fetch')) as unknown as Response],
  ] as const)
    it(`says so after ${failure}, stops saying "Loading…", and shows the content when tried again`, async () => {
      const fetch = answers(answer, info);
      renderInApp(
        <>
          <ReadFailures />
          <Details />
        </>,
      );
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(UI_MESSAGES.internalError);
      expect(screen.queryByText('Loading…')).toBeNull();
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Deshpande Steel Pvt Ltd')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
      expect(fetch).toHaveBeenCalledTimes(2);
    });

  it("says a 403 in the server's words", async () => {
    answers(() => envelope(null, 403, 'You may not read this partner.'));
    renderInApp(
      <>
        <ReadFailures />
        <Details />
      </>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not read this partner.');
  });

  it('tries again only the reads it speaks for, not one whose page says its own failure', async () => {
    const asked: string[] = [];
    // The details fail until the user tries again; the ticket, spent, fails every time.
    let detailsFail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        asked.push(url);
        if (url.includes('/procurement/exchange')) return Promise.resolve(envelope(null, 403, 'This link was used.'));
        return Promise.resolve(detailsFail ? envelope(null, 500) : info());
      }),
    );
    /** A spent sign-in ticket: its page says so itself, and asking again would fail again. */
    function Ticket() {
      const ticket = useQuery({
        queryKey: ['ticket'],
        queryFn: () => callData(api.auth.procurementExchange, { body: { ticket: 'a-spent-ticket-of-twenty-chars' } }),
        meta: { failureShown: true },
        retry: false,
      });
      return ticket.isError ? <p>The ticket was spent.</p> : null;
    }
    renderInApp(
      <>
        <ReadFailures />
        <Ticket />
        <Details />
      </>,
    );
    const alert = await screen.findByRole('alert');
    expect(await screen.findByText('The ticket was spent.')).toBeInTheDocument();
    detailsFail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Deshpande Steel Pvt Ltd')).toBeInTheDocument();
    expect(asked.filter((url) => url.includes('/procurement/exchange'))).toHaveLength(1);
  });

  it('shows nothing while the read is on its way or has come', async () => {
    answers(info);
    renderInApp(
      <>
        <ReadFailures />
        <Details />
      </>,
    );
    expect(screen.getByText('Loading…')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByText('Deshpande Steel Pvt Ltd')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
