import '../zod-config.ts';
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { PAGE_QUERIES_ELEMENT_ID, PRERENDERED_ATTRIBUTE, type SentQuery } from '@pp/contract';
import { App, rootElement, runOnceHydrated } from '../app/app.tsx';
import { queryClient } from '../api/query-client.ts';
import { createRouter, preloadFirstPage } from '../app/router.tsx';
import i18next, { i18nReady } from '../i18n/index.ts';
import { session } from '../session/session.ts';
import { nextTask } from '../next-task.ts';

/** How long the first render waits for its page's chunk before it shows the layout without it. */
const FIRST_PAGE_WAIT_MS = 3_000;

/**
 * What the server sent with a prerendered page from the API (its login notices), into the query
 * cache: the page's first render then draws what the server's markup shows, without asking again.
 */
function seedPageQueries() {
  const element = document.getElementById(PAGE_QUERIES_ELEMENT_ID);
  if (!element?.textContent) return;
  for (const [key, data] of JSON.parse(element.textContent) as SentQuery[]) queryClient.setQueryData(key, data);
}

/**
 * Starts the app on the page: called by the page's entry (main.tsx at once; paint-first.ts once the
 * page has painted and its code has been evaluated).
 */
export function start(): void {
  // The portal refuses to run inside a frame (spec section 1); the server's headers stop framing,
  // and this covers a copy served without them.
  if (window.top !== window.self) {
    document.body.textContent = 'This application cannot be displayed inside a frame.';
    return;
  }
  // Not awaited at the top of the module: this module shares its chunk with what the lazy texts
  // import, and a chunk still evaluating cannot be imported: Hindi's texts, loaded before the first
  // render when Hindi was chosen, waited for ever.
  // The first page's chunk is awaited for a while only: past that, the layout and its loading state
  // show while it comes, rather than a blank tab.
  const firstPage = Promise.race([preloadFirstPage(), new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
  void Promise.all([i18nReady, firstPage]).then(async () => {
    // The router (ranking every route) and the first render each in a task of their own.
    await nextTask();
    const router = createRouter();
    await nextTask();
    const container = rootElement();
    const app = (alongside?: ReactNode) => (
      <App queryClient={queryClient}>
        <RouterProvider router={router} />
        {alongside}
      </App>
    );
    // A prerendered page is what a visitor without a session sees in its language: the app takes
    // its markup over as it is (no second drawing of the page). For anyone else (a signed-in tab,
    // another language) the first render replaces it.
    const prerendered = container.getAttribute(PRERENDERED_ATTRIBUTE);
    // As a transition React renders the first page in slices, giving the browser its turn between
    // them, rather than in one long task (Lighthouse's blocking time on the phone).
    if (prerendered === i18next.language && !session.get().token) {
      seedPageQueries();
      startTransition(() => void hydrateRoot(container, app(runOnceHydrated())));
    } else {
      const root = createRoot(container);
      startTransition(() => root.render(app()));
    }
  });
}
