import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ASSISTANT_NAME, endpointUrl, gatewayApi } from '@pp/contract';
import { ChatWidget } from './ChatWidget.tsx';

const BOT_URL = endpointUrl(gatewayApi.bot);

/** A gateway whose bot replies when the test says so, and whose speech never comes (until the page gives up on it). */
function fakeGateway() {
  const asked: string[] = [];
  const pending: (() => void)[] = [];
  const speeches: AbortSignal[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url !== BOT_URL) {
        const signal = init.signal!;
        speeches.push(signal);
        return new Promise<Response>((_, reject) =>
          signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      const { message } = JSON.parse(init.body as string) as { message: string };
      asked.push(message);
      const reply = [{ recipient_id: 's', text: `You said ${message}` }];
      return new Promise<Response>((resolve) => pending.push(() => resolve(new Response(JSON.stringify(reply)))));
    }),
  );
  return { asked, speeches, answer: () => pending.shift()?.() };
}

afterEach(() => vi.unstubAllGlobals());

describe('the chat widget', () => {
  it('queues a message typed while the assistant answers, shows it, and sends it when ready', async () => {
    const user = userEvent.setup();
    const gateway = fakeGateway();
    render(<ChatWidget />);
    await user.click(screen.getByRole('button', { name: `Chat with ${CHAT_ASSISTANT_NAME}` }));
    const panel = await screen.findByRole('dialog', { name: `Chat with ${CHAT_ASSISTANT_NAME}!` });
    await waitFor(() => expect(gateway.asked).toEqual(['/greet']));
    gateway.answer();
    await within(panel).findByText('You said /greet', {}, { timeout: 3_000 });

    const box = within(panel).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'first question{Enter}');
    await waitFor(() => expect(gateway.asked).toEqual(['/greet', 'first question']));
    await user.type(box, 'second question{Enter}');
    expect(box).toHaveValue('');
    expect(within(panel).getByText('second question')).toBeInTheDocument();
    expect(within(panel).getByText(`Sends when ${CHAT_ASSISTANT_NAME} is ready`)).toBeInTheDocument();
    expect(gateway.asked).toHaveLength(2);

    gateway.answer();
    await within(panel).findByText('You said first question', {}, { timeout: 3_000 });
    await waitFor(() => expect(gateway.asked).toEqual(['/greet', 'first question', 'second question']));
    expect(within(panel).queryByText(`Sends when ${CHAT_ASSISTANT_NAME} is ready`)).not.toBeInTheDocument();
    gateway.answer();
    await within(panel).findByText('You said second question', {}, { timeout: 3_000 });

    // One reading aloud at a time: each reply's speech request replaces the one before.
    await waitFor(() => expect(gateway.speeches).toHaveLength(3));
    expect(gateway.speeches.map((s) => s.aborted)).toEqual([true, true, false]);
  }, 15_000);
});
