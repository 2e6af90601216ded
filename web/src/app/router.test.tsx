import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { WEB_BASE_PATH } from '@pp/contract';
import { webConfig } from '../config.ts';
import { session } from '../session/session.ts';
import { envelope } from '../test/render.tsx';
import { signedIn } from '../test/session.ts';
import { App } from './app.tsx';
import { routes } from './router.tsx';

// The dashboard's code never arrives: its import fails, as a chunk the server no longer has.
vi.mock('../features/dashboard/DashboardPage.tsx', () => Promise.reject(new Error('chunk gone')));

const idleTimeoutMs = webConfig.idleTimeoutMs;
const originalError = console.error;
afterEach(() => {
  webConfig.idleTimeoutMs = idleTimeoutMs;
  console.error = originalError;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a page that fails to load', () => {
  it('shows its error, and the signed-in tab still idles out to the login page (spec section 4)', async () => {
    // The tab's clock stands still until the test moves it: it idles only when told to.
    vi.useFakeTimers({ toFake: ['Date'] });
    webConfig.idleTimeoutMs = 400;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(null)),
    );
    // The router reports the page's failure on the console; the page's error is what is checked.
    console.error = () => undefined;
    signedIn();
    const router = createMemoryRouter(routes, { initialEntries: [`${WEB_BASE_PATH}/dashboard`], basename: WEB_BASE_PATH });
    render(
      <App queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </App>,
    );

    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
    await waitFor(() => expect(document.documentElement.dataset.idleWatch).toBe('on'));

    vi.setSystemTime(Date.now() + webConfig.idleTimeoutMs);
    await waitFor(() => expect(router.state.location.search).toBe('?sourceFrom=ShowValidationMessage'));
    expect(router.state.location.pathname).toMatch(/\/login$/);
    expect(session.get().token).toBeNull();
  });
});
