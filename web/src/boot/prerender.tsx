import { prerender } from 'react-dom/static';
import { QueryClient } from '@tanstack/react-query';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router-dom';
import { LOGIN_NOTICES, WEB_BASE_PATH, type SentQuery } from '@pp/contract';
import i18next, { i18nReady, setLanguage, type UiLanguage } from '../i18n/index.ts';
import { App } from '../app/app.tsx';
import { preloadPageAt, routes } from '../app/router.tsx';
import { ALL_ROUTES, type RouteKey } from '../routing/routes.ts';

/** A page as its first render draws it, for the server to send inside the root element. */
export interface PrerenderedPage {
  /** The document's title, as the page sets it once it runs. */
  title: string;
  /** The root element's content. */
  html: string;
  /**
   * For a page that shows data from the API (PLACEHOLDER_DATA): its render with placeholder data,
   * whose markup the server replaces with the data of the request's (server/src/plugins/external/web-static.ts).
   */
  withData?: string;
}

/** The pages whose first render shows data the server has when it sends them, and the placeholder data they are rendered with. */
const PLACEHOLDER_DATA: Partial<Record<RouteKey, SentQuery>> = {
  login: [LOGIN_NOTICES.queryKey, LOGIN_NOTICES.placeholder],
};

export const PRERENDERED_ROUTES = ALL_ROUTES.filter((route) => route.prerender);

/** The markup of a stream of it. */
async function textOf(stream: ReadableStream<Uint8Array>): Promise<string> {
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  return text + decoder.decode();
}

/**
 * The first render of each prerendered route (the route table's `prerender`) in one language: what
 * a visitor with no session sees before any data has arrived, with the lazily loaded parts (the
 * chat's button, the page's texts) waited for. Run by the web build in a document of jsdom's; the
 * browser's app hydrates it (web/src/boot/start.tsx), so the page paints as soon as its HTML is here
 * rather than after the code has run (decision 011).
 */
export async function prerenderPages(language: UiLanguage): Promise<Partial<Record<RouteKey, PrerenderedPage>>> {
  await i18nReady;
  await setLanguage(language);
  const handler = createStaticHandler(routes, { basename: WEB_BASE_PATH });
  const pages: Partial<Record<RouteKey, PrerenderedPage>> = {};
  for (const route of PRERENDERED_ROUTES) {
    const pathname = `${WEB_BASE_PATH}${route.path}`;
    await preloadPageAt({ pathname });
    const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
    if (context instanceof Response) throw new Error(`prerender: ${route.path} answered ${context.status}`);
    const render = async (queries: readonly SentQuery[]) => {
      // A client of its own: what one page asked for must not show in the next.
      const queryClient = new QueryClient();
      for (const [key, data] of queries) queryClient.setQueryData(key, data);
      const errors: unknown[] = [];
      const { prelude } = await prerender(
        <App queryClient={queryClient}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
        </App>,
        { onError: (error) => void errors.push(error) },
      );
      queryClient.clear();
      // A part that failed is left for the browser to draw, and its hydration then fails: the build does instead.
      if (errors.length > 0) throw new Error(`prerender: ${route.path} failed to render`, { cause: errors[0] });
      // React puts its hints for the page's images first (<link rel="preload">): the browser finds
      // the images in the markup as soon, and the app's render has no such element to match.
      return (await textOf(prelude)).replace(/^(<link rel="preload"[^>]*>)+/, '');
    };
    const placeholder = PLACEHOLDER_DATA[route.key];
    pages[route.key] = {
      title: i18next.t('pageTitle', { title: i18next.t(`routes:title.${route.key}`) }),
      html: await render([]),
      ...(placeholder ? { withData: await render([placeholder]) } : {}),
    };
  }
  return pages;
}
