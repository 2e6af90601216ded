import { StrictMode, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { PRERENDERED_ATTRIBUTE } from '@pp/contract';

/** The root element, which the server sends inert (and marked) when it holds a prerendered page. */
export const rootElement = () => document.getElementById('root')!;

/**
 * Once the app has committed the page's first render, a prerendered page's root is the app's: it no
 * longer needs to be inert (nothing pressed or typed before then could reach the app). Rendered
 * inside the page's boundary (app/router.tsx), so a page still waiting to be hydrated stays inert.
 */
export function TakeOverRoot() {
  useEffect(() => {
    const root = rootElement();
    root.removeAttribute('inert');
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
  }, []);
  return null;
}

const noChanges = () => () => undefined;

/**
 * False in the build's prerender and in the hydration of it (whose render must match), true in any
 * other render: for parts drawn only by the running app. React re-renders them once hydrated.
 */
export const useAppRunning = (): boolean =>
  useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

/** What wraps every render of the app, the browser's and the build's prerender alike (so they match). */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}
