import './zod-config.ts';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './lib/query-client.ts';
import { router } from './app/router.tsx';
import { i18nReady } from './i18n/index.ts';

// The portal refuses to run inside a frame (spec section 1); the server's headers stop framing,
// and this covers a copy served without them.
if (window.top !== window.self) {
  document.body.textContent = 'This application cannot be displayed inside a frame.';
} else {
  // Not a top-level await: this module shares its chunk with what the lazy texts import, and a
  // chunk still evaluating cannot be imported: Hindi's texts, loaded before the first render when
  // Hindi was chosen, waited for ever.
  void i18nReady.then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
