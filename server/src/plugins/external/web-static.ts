import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  LANGUAGE_COOKIE,
  PRERENDERED_ATTRIBUTE,
  WEB_BASE_PATH,
  WEB_PATHS,
  languageOf,
  type Language,
  type WebPathKey,
} from '@pp/contract';

export const WEB_BASE = `${WEB_BASE_PATH}/`;

/** Written by the web build (vite.config.ts): each route's page chunk and what it imports. */
const PRELOADS_FILE = 'route-preloads.json';
/** Written by the web build (web/src/prerender.tsx): the first render of the visitors' pages, per language. */
const PRERENDERED_FILE = 'prerendered.json';

interface PrerenderedPage {
  title: string;
  html: string;
}

/** prerendered.json: the pages in each language, and the entry that starts the app after their first paint. */
type Prerendered = { entry: string } & Partial<Record<Language, Partial<Record<WebPathKey, PrerenderedPage>>>>;

const readBuildFile = <T>(root: string, file: string): T | undefined =>
  existsSync(path.join(root, file)) ? (JSON.parse(readFileSync(path.join(root, file), 'utf8')) as T) : undefined;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const EMPTY_ROOT = '<div id="root"></div>';

/**
 * The page with a prerendered first render in its root element, and that render's language and
 * title. Its stylesheet comes inside it: the browser then paints the page as soon as the HTML is
 * here, before the app's code has arrived and run. With the stylesheet a request of its own, the
 * code came meanwhile and ran first (the first paint on Lighthouse's phone waited for all of it).
 */
function withPrerendered(root: string, page: string, entry: string, language: Language, prerendered: PrerenderedPage): string {
  if (!page.includes(EMPTY_ROOT)) throw new Error(`web-static: index.html has no ${EMPTY_ROOT} to prerender into`);
  return (
    page
      .replace(
        /(<script type="module" crossorigin src=")[^"]*(">)/,
        (_, open: string, close: string) => `${open}${WEB_BASE}${entry}${close}`,
      )
      .replace(
        /<link rel="stylesheet" crossorigin href="[^"]*\/assets\/([\w.-]+\.css)">/g,
        (_, file: string) =>
          // The stylesheet's only url()s are data: addresses, which mean the same in the page.
          `<style>${readFileSync(path.join(root, 'assets', file), 'utf8')}</style>`,
      )
      // The code is not needed for the first paint: the page's entry (web/src/paint-first.ts) fetches
      // it once the page has painted, rather than the browser beside the page.
      .replace(/ *<link rel="modulepreload"[^>]*>\n?/g, '')
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(prerendered.title)}</title>`)
      // Its controls are disabled until the app has taken it over (web/src/app/app.tsx, PrerenderedControls).
      .replace(EMPTY_ROOT, () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${language}">${prerendered.html}</div>`)
  );
}

/** A route's page: with its chunks named, and in each language with its first render when it has one. */
interface RoutePage {
  plain: string;
  prerendered?: Record<Language, string>;
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
      const plain = indexHtml.replace('</head>', `${links}  </head>`);
      const first = { en: prerendered?.en?.[key], hi: prerendered?.hi?.[key] };
      const inLanguage = (language: Language, page: PrerenderedPage) =>
        withPrerendered(root, plain, prerendered!.entry, language, page);
      const page: RoutePage =
        first.en && first.hi
          ? { plain, prerendered: { en: inLanguage('en', first.en), hi: inLanguage('hi', first.hi) } }
          : { plain };
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

/**
 * Serves the built web app under /PartnerMgmtApp/ with path-style history: any unknown path
 * below the base answers index.html and the client router takes over.
 */
export default fp(
  async (app) => {
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
    // The app's run-time settings travel in the page as inert JSON (no inline script, so the CSP holds).
    const clientConfig = JSON.stringify(app.config.client).replace(/</g, '\\u003c');
    const indexHtml = readFileSync(indexFile, 'utf8').replace(
      '</head>',
      `  <script type="application/json" id="pp-config">${clientConfig}</script>\n  </head>`,
    );
    const pageFor = routePages(root, indexHtml);
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      const [pathName, query] = request.url.split('?');
      const page = pageFor.get(pathName!.toLowerCase());
      // A query can change what the page shows (the sign-in's idle notice): such an address gets
      // the page without its first render, which was made for the address alone.
      const html = (query === undefined && page?.prerendered?.[cookieLanguage(request)]) || page?.plain || indexHtml;
      return (
        reply
          .header('Cache-Control', 'no-cache')
          // A prerendered page is in the language the cookie names.
          .header('Vary', 'Cookie')
          .type('text/html; charset=utf-8')
          .send(html)
      );
    };
    app.get('/', (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE.slice(0, -1), (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE, sendIndex);
    app.get(`${WEB_BASE}*`, sendIndex);
  },
  { name: 'web-static', dependencies: ['config'] },
);
