import { StrictMode, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createStore } from '../lib/store.ts';

/** The root element, which holds the server's prerendered page (marked with its language) when it sent one. */
export const rootElement = () => document.getElementById('root')!;

/** Off while the start hydrates a prerendered page (runOnceHydrated); on in any other running app. */
const appRunning = createStore(true);

/**
 * False in the build's prerender and in the hydration of it (whose render must match), true in any
 * other render: for parts drawn only by the running app. React re-renders them once hydrated.
 */
export const useAppRunning = (): boolean => useSyncExternalStore(appRunning.subscribe, appRunning.get, () => false);

/**
 * For the start's hydration of a prerendered page, beside the app: the app's parts stay off until the
 * page is hydrated, then turn on in a task of their own. On from the start, their re-render (React
 * re-renders at once what reads a store that differs from its hydration) came as the hydration's
 * effects ran, and made one long task of the hydration's commit, that render and every effect of
 * the page (/registration's blocking time on Lighthouse's phone). A part hydrated later (the page's
 * boundary, app/router.tsx) still hydrates off and turns on after.
 */
export function runOnceHydrated(): ReactNode {
  appRunning.set(false);
  return <TurnOnWhenHydrated />;
}

function TurnOnWhenHydrated() {
  useEffect(() => {
    const timer = setTimeout(() => appRunning.set(true));
    return () => clearTimeout(timer);
  }, []);
  return null;
}

/**
 * Controls of a prerendered page, disabled until the app has taken over the part they are in: what
 * is typed or pressed before then would be lost (the markup has no handlers yet). Disabled, they
 * say so, and a browser automation waits for them as for any disabled field (with the root inert,
 * as before, a fill was lost without a word). In a part that React hydrates later than the rest (the
 * page's boundary, app/router.tsx), they stay disabled until that part is hydrated.
 */
export function PrerenderedControls({ children }: { children: ReactNode }) {
  const running = useAppRunning();
  return (
    // role="presentation": a wrapper for the disabled state, not a group a screen reader announces.
    <fieldset role="presentation" disabled={!running}>
      {children}
    </fieldset>
  );
}

/** What wraps every render of the app, the browser's and the build's prerender alike (so they match). */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </StrictMode>
  );
}
