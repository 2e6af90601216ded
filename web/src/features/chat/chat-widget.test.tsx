import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_ASSISTANT_NAME, UI_MESSAGES, endpointUrl, gatewayApi } from '@pp/contract';
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
    await within(panel).findByText('You said /greet');

    const box = within(panel).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'first question{Enter}');
    await waitFor(() => expect(gateway.asked).toEqual(['/greet', 'first question']));
    await user.type(box, 'second question{Enter}');
    expect(box).toHaveValue('');
    expect(within(panel).getByText('second question')).toBeInTheDocument();
    expect(within(panel).getByText(`Sends when ${CHAT_ASSISTANT_NAME} is ready`)).toBeInTheDocument();
    expect(gateway.asked).toHaveLength(2);

    gateway.answer();
    await within(panel).findByText('You said first question');
    await waitFor(() => expect(gateway.asked).toEqual(['/greet', 'first question', 'second question']));
    expect(within(panel).queryByText(`Sends when ${CHAT_ASSISTANT_NAME} is ready`)).not.toBeInTheDocument();
    gateway.answer();
    await within(panel).findByText('You said second question');

    // One reading aloud at a time: each reply's speech request replaces the one before.
    await waitFor(() => expect(gateway.speeches).toHaveLength(3));
    expect(gateway.speeches.map((s) => s.aborted)).toEqual([true, true, false]);
  });

  it('after a failed reply says so twice, keeps what is typed in the box for the pause, then takes it', async () => {
    const user = userEvent.setup();
    let failing = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url !== BOT_URL) return new Response(JSON.stringify({ audio: '' }));
        if (failing) return new Response('{}', { status: 500 });
        const { message } = JSON.parse(init.body as string) as { message: string };
        return new Response(JSON.stringify([{ recipient_id: 's', text: `You said ${message}` }]));
      }),
    );
    render(<ChatWidget />);
    await user.click(screen.getByRole('button', { name: `Chat with ${CHAT_ASSISTANT_NAME}` }));
    const panel = await screen.findByRole('dialog', { name: `Chat with ${CHAT_ASSISTANT_NAME}!` });
    await within(panel).findByText(UI_MESSAGES.chatTrouble);
    expect(within(panel).getByText(UI_MESSAGES.chatTroubleGuru)).toBeInTheDocument();

    // During the pause after a failure the assistant takes nothing: the text stays in the box.
    const box = within(panel).getByRole('textbox', { name: 'Message' });
    await user.type(box, 'still there?');
    expect(within(panel).getByRole('button', { name: 'Send' })).toBeDisabled();
    failing = false;
    await waitFor(() => expect(within(panel).getByRole('button', { name: 'Send' })).toBeEnabled(), { timeout: 6_000 });
    await user.click(within(panel).getByRole('button', { name: 'Send' }));
    expect(box).toHaveValue('');
    await within(panel).findByText('You said still there?');
  });
});
