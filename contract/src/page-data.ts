import type { LoginPageNotification } from './api/faq.ts';

/**
 * The inert JSON element in which the server sends what a prerendered page shows from the API: the
 * query cache's entries ([query key, data]) the page reads it with. The web app puts them in its
 * cache before it takes the page over, so its first render draws what the server's markup shows and
 * asks the API nothing again.
 */
export const PAGE_QUERIES_ELEMENT_ID = 'pp-queries';

/** A query cache entry the server sends with a page: its key and its data. */
export type SentQuery = readonly [queryKey: readonly unknown[], data: unknown];

/**
 * What a prerendered page shows from the API for one request: the queries it reads, and, when they
 * draw anything, the markup that goes where the page's render with placeholder data drew its own.
 */
export interface PageData {
  queries: SentQuery[];
  fill: { placeholder: string; markup: string } | null;
}

/**
 * The login page's notices. They are the page's largest part, and came from the API only once all
 * of the app's code had run (Lighthouse's phone: the page's LCP at 2.9 s). The server now sends them
 * in the page: the web build prerenders the page once with `placeholder` (web/src/boot/prerender.tsx),
 * and the server puts the notices' markup where the placeholder's is. Both the page and the server
 * write that markup with `itemsHtml`, so the app takes the server's as it is.
 */
export const LOGIN_NOTICES = {
  queryKey: ['faq', 'loginPageNotification'] as readonly unknown[],
  placeholder: [{ notificationId: 0, description: '<!--pp:login-notices-->' }] as readonly LoginPageNotification[],
  /** Notices are HTML authored by portal staff (spec section 3): one list item each, as written. */
  itemsHtml: (notices: readonly LoginPageNotification[]): string =>
    notices.map((n) => `<li class="mb-2">${n.description}</li>`).join(''),
};

/** The login page's data for a request, from its active notices in the reader's language. */
export function loginPageData(notices: readonly LoginPageNotification[]): PageData {
  return {
    queries: [[LOGIN_NOTICES.queryKey, notices]],
    fill:
      notices.length > 0
        ? { placeholder: LOGIN_NOTICES.itemsHtml(LOGIN_NOTICES.placeholder), markup: LOGIN_NOTICES.itemsHtml(notices) }
        : null,
  };
}

/** The inert JSON element in which the server gives the web app its run-time settings (web/src/config.ts). */
export const CLIENT_CONFIG_ELEMENT_ID = 'pp-config';
