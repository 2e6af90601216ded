import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@pp/contract';

/** A page whose chunk loads on demand; `preload` fetches it ahead of the first render that needs it. */
export type LazyPage = (() => ReactElement) & { preload(): Promise<void> };

/** A lazily loaded page whose chunk must arrive within 120 s, or the route shows its error (spec section 8). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loading: Promise<{ default: ComponentType }> | undefined;
  let loaded: ComponentType | undefined;
  const start = () =>
    (loading ??= new Promise<{ default: ComponentType }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Loading the page timed out after 120 seconds')), CHUNK_LOAD_TIMEOUT_MS);
      load().then(
        (module) => {
          clearTimeout(timer);
          loaded = module.default;
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    }));
  const Lazy = lazy(start);
  // A chunk already here renders at once: React.lazy would still suspend, committing the layout
  // with the loading state first (its footer then pushed down by the page: a layout shift). Chosen
  // once per mount, so a page that mounted lazily is not remounted when its chunk arrives.
  function Page() {
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  // A failed load is shown by the route that renders the page (its error element), not here.
  Page.preload = () =>
    start().then(
      () => undefined,
      () => undefined,
    );
  return Page;
}
