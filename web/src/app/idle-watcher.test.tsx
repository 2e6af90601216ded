import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { webConfig } from '../config.ts';
import { signedIn } from '../test/session.ts';
import { IdleWatcher } from './idle-watcher.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the idle watcher', () => {
  it("extends the server's session while the user is active without API calls, and not once they stop", async () => {
    vi.useFakeTimers();
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        const body = { lastActionTime: new Date().toISOString(), idleExpiresAt: new Date().toISOString() };
        return new Response(JSON.stringify({ response: body, failureMessage: null }), { status: 200 });
      }),
    );
    signedIn();
    render(
      <MemoryRouter>
        <IdleWatcher />
      </MemoryRouter>,
    );
    const quarter = webConfig.idleTimeoutMs / 4;
    // Typing for a while: one key every 30 s for a little over a quarter of the time-out.
    for (let t = 0; t < quarter + 30_000; t += 30_000) {
      window.dispatchEvent(new KeyboardEvent('keydown'));
      await vi.advanceTimersByTimeAsync(30_000);
    }
    await vi.waitFor(() => expect(urls.filter((u) => u.endsWith('/api/useraudit/extend-session'))).toHaveLength(1));
    // Away from the keyboard: no more extensions.
    await vi.advanceTimersByTimeAsync(quarter + 60_000);
    expect(urls.filter((u) => u.endsWith('/api/useraudit/extend-session'))).toHaveLength(1);
  });
});
