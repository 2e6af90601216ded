import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  LANGUAGE_COOKIE,
  CLIENT_CONFIG_ELEMENT_ID,
  PAGE_CHUNKS_ELEMENT_ID,
  PAGE_QUERIES_ELEMENT_ID,
  PRERENDERED_ATTRIBUTE,
  WEB_BASE_PATH,
  WEB_PATHS,
  languageOf,
  type Language,
  type PageData,
  type WebPathKey,
} from '@pp/contract';
import { escapeHtml } from '../../lib/html.ts';

export const WEB_BASE = `${WEB_BASE_PATH}/`;

/** Written by the web build (vite.config.ts): each route's page chunk and what it imports. */
const PRELOADS_FILE = 'route-preloads.json';
/** Written by the web build (web/src/boot/prerender.tsx): the first render of the visitors' pages, per language. */
const PRERENDERED_FILE = 'prerendered.json';

interface PrerenderedPage {
  title: string;
  html: string;
  /** Its render with placeholder data, for a page that shows data from the API (web/src/boot/prerender.tsx). */
  withData?: string;
}

/** Reads what a prerendered page shows from the API, for a request in a language. */
export type PageDataSource = (language: Language) => Promise<PageData>;

export interface WebStaticOptions {
  /** The pages whose prerender shows data from the API (the login page's notices), and where it comes from. */
  pageData?: Partial<Record<WebPathKey, PageDataSource>>;
}

/**
 * How long a page waits for its data: past it (the database slow or down), the page goes without it
 * and the app asks the API as on any other page, rather than the visitor waiting on a blank tab.
 */
export const PAGE_DATA_WAIT_MS = 1_000;

/**
 * prerendered.json: the pages in each language, the entry that starts the app after their first
 * paint, and each route's chunks in the order that entry evaluates them.
 */
type Prerendered = { entry: string; chunks?: Partial<Record<WebPathKey, string[]>> } & Partial<
  Record<Language, Partial<Record<WebPathKey, PrerenderedPage>>>
>;

const readBuildFile = <T>(root: string, file: string): T | undefined =>
  existsSync(path.join(root, file)) ? (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T) : undefined;

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page with `value` as inert JSON in an element of its head (no inline script, so the CSP
 * holds); `<` written as \u003c, so nothing in the value ends the element early.
 */
const withJsonElement = (page: string, id: string, value: unknown) => {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return page.replace('</head>', () => `  <script type="application/json" id="${id}">${json}</script>\n  </head>`);
};

/**
 * The page started by the entry that evaluates its code a chunk per task (web/src/boot/paint-first.ts),
 * from the list of its chunks the page carries (PAGE_CHUNKS_ELEMENT_ID), rather than by the app's
 * own entry, whose imports evaluate all of it in one task: on Lighthouse's phone that was one of
 * the long tasks of a signed-in page (/partnerdashboard's blocking time).
 */
const withSteppedStart = (page: string, entry: string, chunks: string[]) =>
  withJsonElement(
    page.replace(
      /(<script type="module" crossorigin src=")[^"]*(">)/,
      (_, open: string, close: string) => `${open}${WEB_BASE}${entry}${close}`,
    ),
    PAGE_CHUNKS_ELEMENT_ID,
    chunks.map((file) => `${WEB_BASE}${file}`),
  );

/**
 * The page with a prerendered first render in its root element, and that render's language and
 * title. Its stylesheet comes inside it: the browser then paints the page as soon as the HTML is
 * here, before the app's code has arrived and run. With the stylesheet a request of its own, the
 * code came meanwhile and ran first (the first paint on Lighthouse's phone waited for all of it).
 */
function withPrerendered(
  root: string,
  page: string,
  entry: string,
  chunks: string[],
  language: Language,
  prerendered: PrerenderedPage,
): string {
  if (!page.includes(EMPTY_ROOT)) throw new Error(`web-static: index.html has no ${EMPTY_ROOT} to prerender into`);
  return withSteppedStart(
    page
      .replace(
        /<link rel="stylesheet" crossorigin href="[^"]*\/assets\/([\w.-]+\.css)">/g,
        (_, file: string) =>
          // The stylesheet's only url()s are data: addresses, which mean the same in the page.
          `<style>${readFileSync(path.join(root, 'assets', file), 'utf8')}</style>`,
      )
      // The code is not needed for the first paint: the page's entry fetches it once the page has
      // painted, rather than the browser beside the page.
      .replace(/ *<link rel="modulepreload"[^>]*>\n?/g, '')
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(prerendered.title)}</title>`)
      // Its controls are disabled until the app has taken it over (web/src/app/app.tsx, PrerenderedControls).
      .replace(EMPTY_ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${language}">${prerendered.html}</div>`),
    entry,
    chunks,
  );
}

/** A route's page: with its chunks named, and in each language with its first render when it has one. */
interface RoutePage {
  key: WebPathKey;
  plain: string;
  prerendered?: Record<Language, string>;
  /** The first render with placeholder data, for the request's data to replace (PageData's fill). */
  withData?: Record<Language, string>;
}

/**
 * The page for each route's address (lower-cased: routes match case-insensitively). It names the
 * page's chunks as modulepreload links, so the browser fetches them beside the framework instead of
 * after it has run; a prerendered page also carries its first render, so the browser paints it
 * before the code has run. Without the build's lists (an older build), every address gets the
 * plain page.
 */
function routePages(root: string, indexHtml: string): Map<string, RoutePage> {
  const preloads = readBuildFile<Partial<Record<WebPathKey, string[]>>>(root, PRELOADS_FILE) ?? {};
  const prerendered = readBuildFile<Prerendered>(root, PRERENDERED_FILE);
  const keys = new Set([...Object.keys(preloads), ...Object.keys(prerendered?.en ?? {})]) as Set<WebPathKey>;
  return new Map(
    [...keys].flatMap((key) => {
      const address = WEB_PATHS[key];
      if (!address) return [];
      const links = (preloads[key] ?? [])
        .map((f) => `  <link rel="modulepreload" crossorigin href="${WEB_BASE}${f}">\n`)
        .join('');
      const withLinks = indexHtml.replace('</head>', `${links}  </head>`);
      const chunks = prerendered?.chunks?.[key];
      // Not painted before its code has run (nothing to paint: a signed-in page), its code is still
      // fetched at once, beside the page (its links), and evaluated a chunk per task.
      const plain = prerendered && chunks ? withSteppedStart(withLinks, prerendered.entry, chunks) : withLinks;
      const first = { en: prerendered?.en?.[key], hi: prerendered?.hi?.[key] };
      const inLanguage = (language: Language, page: PrerenderedPage) =>
        withPrerendered(root, withLinks, prerendered!.entry, chunks ?? [], language, page);
      const page: RoutePage = { key, plain };
      if (first.en && first.hi) {
        page.prerendered = { en: inLanguage('en', first.en), hi: inLanguage('hi', first.hi) };
        const [en, hi] = [first.en.withData, first.hi.withData];
        if (en && hi)
          page.withData = { en: inLanguage('en', { ...first.en, html: en }), hi: inLanguage('hi', { ...first.hi, html: hi }) };
      }
      return [[`${WEB_BASE_PATH}${address}`.toLowerCase(), page]];
    }),
  );
}

/** The language the reader chose (the web app's cookie), for the prerendered page. */
function cookieLanguage(request: FastifyRequest): Language {
  const match = /(?:^|;\s*)([^=;\s]+)=([^;]*)/g;
  for (const [, name, value] of (request.headers.cookie ?? '').matchAll(match)) {
    if (name === LANGUAGE_COOKIE) return languageOf(value);
  }
  return 'en';
}

/** `promise`'s value, or undefined when it takes longer than `ms`. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A page's data for a request, or undefined (and a warning) when it cannot be read in time. */
async function readPageData(request: FastifyRequest, key: WebPathKey, source: PageDataSource, language: Language) {
  try {
    const data = await within(source(language), PAGE_DATA_WAIT_MS);
    if (!data) request.log.warn(`${key}: its data was not read within ${PAGE_DATA_WAIT_MS} ms; the page goes without it`);
    return data;
  } catch (error) {
    request.log.warn({ err: error }, `${key}: its data could not be read; the page goes without it`);
    return undefined;
  }
}

/**
 * A prerendered page with the request's data: its markup where the placeholder data's was, and the
 * queries that read it, for the app to take over (web/src/boot/start.tsx). Without its data (not read in
 * time, or a render that lost its placeholder) the page as prerendered: the app then asks the API.
 */
function withPageData(
  request: FastifyRequest,
  page: RoutePage,
  language: Language,
  data: PageData | undefined,
): string | undefined {
  if (!data) return undefined;
  let html = page.prerendered?.[language];
  if (data.fill) {
    const withData = page.withData?.[language];
    if (!withData?.includes(data.fill.placeholder)) {
      request.log.error(`web-static: the build's render of ${page.key} with placeholder data has no placeholder to fill`);
      return undefined;
    }
    const { placeholder, markup } = data.fill;
    html = withData.replace(placeholder, () => markup);
  }
  return html && withJsonElement(html, PAGE_QUERIES_ELEMENT_ID, data.queries);
}

/**
 * Serves the built web app under /PartnerMgmtApp/ with path-style history: any unknown path
 * below the base answers index.html and the client router takes over.
 */
export default fp<WebStaticOptions>(
  async (app, options) => {
    const root = app.config.webDistDir;
    const indexFile = path.join(root, 'index.html');
    if (!existsSync(indexFile)) {
      app.log.warn(`No web build at ${root}; the API runs without the web app (npm run build:web).`);
      return;
    }
    const common = {
      // The build's brotli copies (x.js.br, at the highest quality) go to browsers that take br;
      // they are not routes of their own.
      preCompressed: true,
      index: false as const,
      // Source maps help a developer; in production they would hand out the source. The brotli
      // copies are not addresses of their own.
      allowedPath: (pathName: string) =>
        !pathName.endsWith('.br') && (app.config.nodeEnv !== 'production' || !pathName.endsWith('.map')),
    };
    // The few files at the top (the logo, the guides): a route each.
    await app.register(fastifyStatic, {
      ...common,
      root,
      prefix: WEB_BASE,
      wildcard: false,
      globIgnore: ['**/*.br', 'assets/**', PRELOADS_FILE, PRERENDERED_FILE],
      setHeaders: (res) => void res.header('Cache-Control', 'no-cache'),
    });
    // The hashed assets under one route: a route for each of their 360 files (found by a glob)
    // was a tenth of the server's start. A missing one is a stale page asking for an old build:
    // a 404, not the app shell.
    await app.register(fastifyStatic, {
      ...common,
      root: path.join(root, 'assets'),
      prefix: `${WEB_BASE}assets/`,
      wildcard: true,
      decorateReply: false,
      setHeaders: (res) => void res.header('Cache-Control', 'public, max-age=31536000, immutable'),
    });
    // The app's run-time settings travel in the page.
    const indexHtml = withJsonElement(readFileSync(indexFile, 'utf8'), CLIENT_CONFIG_ELEMENT_ID, app.config.client);
    const pageFor = routePages(root, indexHtml);
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
      const [pathName, query] = request.url.split('?');
      const page = pageFor.get(pathName!.toLowerCase());
      const language = cookieLanguage(request);
      // A query can change what the page shows (the sign-in's idle notice): such an address gets
      // the page without its first render, which was made for the address alone.
      const prerendered = query === undefined ? page?.prerendered?.[language] : undefined;
      const source = page && options.pageData?.[page.key];
      const withData =
        prerendered && source
          ? withPageData(request, page, language, await readPageData(request, page.key, source, language))
          : undefined;
      const html = withData ?? prerendered ?? page?.plain ?? indexHtml;
      return (
        reply
          .header('Cache-Control', 'no-cache')
          // A prerendered page is in the language the cookie names.
          .header('Vary', 'Cookie')
          .type('text/html; charset=utf-8')
          .send(html)
      );
    };
    // The web app's pages are not operations of the API: out of its OpenAPI document, as the
    // static files are (@fastify/static hides its own).
    const page = { schema: { hide: true } };
    app.get('/', page, (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE.slice(0, -1), page, (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE, page, sendIndex);
    app.get(`${WEB_BASE}*`, page, sendIndex);
  },
  { name: 'web-static', dependencies: ['config'] },
);
