import { describe, expect, it } from 'vitest';
import { Component, Suspense, useState, type ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { lazyPage } from './lazy-page.ts';

/** A page module whose chunk arrives when the test says. */
function deferredPage() {
  let arrive!: () => void;
  const module = new Promise<{ default: () => ReactNode }>((resolve) => {
    arrive = () =>
      resolve({
        default: function Counter() {
          const [count, setCount] = useState(0);
          return (
            <button type="button" onClick={() => setCount(count + 1)}>
              Clicked {count}
            </button>
          );
        },
      });
  });
  return { page: lazyPage(() => module), arrive };
}

function Shell({ children, note }: { children: ReactNode; note: string }) {
  return (
    <main>
      <p>{note}</p>
      <Suspense fallback={<p>Loading…</p>}>{children}</Suspense>
    </main>
  );
}

describe('a lazily loaded page', () => {
  it('renders at once, without its loading state, when its chunk was preloaded', async () => {
    const { page: Page, arrive } = deferredPage();
    arrive();
    await Page.preload();
    render(
      <Shell note="shell">
        <Page />
      </Shell>,
    );
    // Synchronously in the first render: no Loading… was ever committed.
    expect(screen.getByRole('button', { name: 'Clicked 0' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('shows the loading state until its chunk arrives, then keeps the page mounted as the layout renders again', async () => {
    const { page: Page, arrive } = deferredPage();
    const view = render(
      <Shell note="first">
        <Page />
      </Shell>,
    );
    expect(screen.getByText('Loading…')).toBeTruthy();
    await act(async () => arrive());
    fireEvent.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
    // The layout renders again with the chunk now here: the page is not swapped for a new one.
    view.rerender(
      <Shell note="second">
        <Page />
      </Shell>,
    );
    expect(screen.getByText('second')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy();
  });

  it('resolves its preload when the chunk fails; the page itself throws the failure to its route', async () => {
    const Page = lazyPage(() => Promise.reject(new Error('chunk gone')));
    await expect(Page.preload()).resolves.toBeUndefined();
    const original = console.error;
    console.error = () => undefined;
    try {
      render(
        <RouteError>
          <Suspense fallback={null}>
            <Page />
          </Suspense>
        </RouteError>,
      );
      expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'chunk gone');
    } finally {
      console.error = original;
    }
  });
});

/** The route's error element, as the router shows a page's failure. */
class RouteError extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}
