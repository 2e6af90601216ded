import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { LOGIN_NOTICES, WEB_BASE_PATH, loginPageData } from '@pp/contract';
import { App, runOnceHydrated } from '../app/app.tsx';
import { preloadPageAt, routes } from '../app/router.tsx';
import { PRERENDERED_ROUTES } from './prerender.tsx';
import type { PrerenderedPages } from './build/prerender-build.ts';

// Rendered in a process of their own, from the sources, as the build renders them: React's server
// renderer leaves the last page's context values set in the process it ran in, which a render of
// the app's afterwards would read.
let pages: PrerenderedPages;
beforeAll(() => {
  const web = path.resolve(import.meta.dirname, '../..');
  pages = JSON.parse(
    execFileSync(process.execPath, ['--import', 'tsx', 'src/boot/build/prerender-build.ts'], {
      cwd: web,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    }),
  ) as PrerenderedPages;
}, 60_000);

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.getElementById('root')?.remove();
});

describe('prerendered pages', () => {
  it("renders each visitor's page the route table marks, whole and in both languages", () => {
    expect(PRERENDERED_ROUTES.map((r) => r.key).sort()).toEqual(['home', 'login', 'registration', 'resetPassword']);
    const { en, hi } = pages;
    expect(en.registration?.title).toBe('Partner Registration · Partner Portal');
    expect(en.registration?.html).toContain('Partner Registration</h1>');
    expect(hi.registration?.html).toContain('पार्टनर पंजीकरण</h1>');
    expect(en.resetPassword?.html).toContain('name="loginName"');
    for (const page of [...Object.values(en), ...Object.values(hi)]) {
      // No part left for the browser to render (a boundary that suspended is marked <!--$!-->),
      // and no hint before the markup that the app's own render would not draw: the page starts with
      // the wrapper that keeps its controls disabled until the app runs.
      expect(page.html).not.toMatch(/<!--\$[!?]-->/);
      expect(page.html).toMatch(/^<fieldset role="presentation" disabled="">/);
    }
  });

  it.each(PRERENDERED_ROUTES.map((r) => r.path))('is taken over by the app as it is on %s, without a mismatch', async (path) => {
    const route = PRERENDERED_ROUTES.find((r) => r.path === path)!;
    await expectHydrated(
      route.path,
      pages.en[route.key]!.html,
      new QueryClient({ defaultOptions: { queries: { enabled: false } } }),
    );
  });

  it('takes the login page over with the notices the server put in it, as the server wrote them', async () => {
    const notices = [
      { notificationId: 7, description: '<strong>Welcome.</strong> Register online.' },
      { notificationId: 8, description: 'Maintenance on Sunday.' },
    ];
    // What the server does with the build's render (server/src/plugins/external/web-static.ts).
    const { queries, fill } = loginPageData(notices);
    const withData = pages.en.login!.withData!;
    expect(withData).toContain(fill!.placeholder);
    const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
    for (const [key, data] of queries) queryClient.setQueryData(key, data);

    const container = await expectHydrated('/login', withData.replace(fill!.placeholder, fill!.markup), queryClient);
    expect([...container.querySelectorAll('.notice-card li')].map((li) => li.innerHTML)).toEqual([
      '<strong>Welcome.</strong> Register online.',
      'Maintenance on Sunday.',
    ]);
    expect(queryClient.getQueryData(LOGIN_NOTICES.queryKey)).toEqual(notices);
  });
});

/** Hydrates `html` as the page at `path` and expects the app to take it over as it is; answers its root. */
async function expectHydrated(path: string, html: string, queryClient: QueryClient): Promise<HTMLElement> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const heading = container.querySelector('h1');
  expect(heading).not.toBeNull();
  // Nothing can be typed or pressed before the app runs the page: the layout's controls and the page's.
  const controls = [...container.querySelectorAll<HTMLFieldSetElement>('fieldset[role=presentation]')];
  expect(controls.map((c) => c.disabled)).toEqual([true, true]);

  const address = `${WEB_BASE_PATH}${path}`;
  await preloadPageAt({ pathname: address });
  const onRecoverableError = vi.fn();
  const router = createMemoryRouter(routes, { initialEntries: [address], basename: WEB_BASE_PATH });
  await act(async () => {
    root = hydrateRoot(
      container,
      // As the start hydrates it (web/src/boot/start.tsx).
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
        {runOnceHydrated()}
      </App>,
      { onRecoverableError },
    );
  });

  expect(onRecoverableError).not.toHaveBeenCalled();
  // The same elements, now the app's: hydrated, not drawn again.
  expect(container.querySelector('h1')).toBe(heading);
  expect([...container.querySelectorAll<HTMLFieldSetElement>('fieldset[role=presentation]')]).toEqual(controls);
  // Turned on in a task after the hydration's.
  await waitFor(() => expect(controls.map((c) => c.disabled)).toEqual([false, false]));
  return container;
}
