import './zod-config.ts';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './lib/query-client.ts';
import { preloadFirstPage, router } from './app/router.tsx';
import { i18nReady } from './i18n/index.ts';

/** How long the first render waits for its page's chunk before it shows the layout without it. */
const FIRST_PAGE_WAIT_MS = 3_000;

// The portal refuses to run inside a frame (spec section 1); the server's headers stop framing,
// and this covers a copy served without them.
if (window.top !== window.self) {
  document.body.textContent = 'This application cannot be displayed inside a frame.';
} else {
  // Not a top-level await: this module shares its chunk with what the lazy texts import, and a
  // chunk still evaluating cannot be imported: Hindi's texts, loaded before the first render when
  // Hindi was chosen, waited for ever.
  // The first page's chunk is awaited for a while only: past that, the layout and its loading state
  // show while it comes, rather than a blank tab.
  const firstPage = Promise.race([preloadFirstPage(), new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
  void Promise.all([i18nReady, firstPage]).then(() => {
    const root = createRoot(document.getElementById('root')!);
    // As a transition React renders the first page in slices, giving the browser its turn between
    // them, rather than in one long task (Lighthouse's blocking time on the phone).
    startTransition(() =>
      root.render(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </StrictMode>,
      ),
    );
  });
}
