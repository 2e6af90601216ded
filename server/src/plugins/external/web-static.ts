import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { WEB_BASE_PATH, WEB_PATHS, type WebPathKey } from '@pp/contract';

export const WEB_BASE = `${WEB_BASE_PATH}/`;

/** Written by the web build (vite.config.ts): each route's page chunk and what it imports. */
const PRELOADS_FILE = 'route-preloads.json';

/**
 * The page for each route's address (lower-cased: routes match case-insensitively), naming its
 * page's chunks as modulepreload links, so the browser fetches them beside the framework instead of
 * after it has run. Without the build's list (an older build), every address gets the plain page.
 */
function routePages(root: string, indexHtml: string): Map<string, string> {
  const file = path.join(root, PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  const preloads = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<WebPathKey, string[]>>;
  return new Map(
    Object.entries(preloads).flatMap(([key, files]) => {
      const address = WEB_PATHS[key as WebPathKey];
      if (!address || !files?.length) return [];
      const links = files.map((f) => `  <link rel="modulepreload" crossorigin href="${WEB_BASE}${f}">\n`).join('');
      return [[`${WEB_BASE_PATH}${address}`.toLowerCase(), indexHtml.replace('</head>', `${links}  </head>`)]];
    }),
  );
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
      globIgnore: ['**/*.br', 'assets/**', PRELOADS_FILE],
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
    const sendIndex = (request: FastifyRequest, reply: FastifyReply) =>
      reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(pageFor.get(request.url.split('?')[0]!.toLowerCase()) ?? indexHtml);
    app.get('/', (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE.slice(0, -1), (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE, sendIndex);
    app.get(`${WEB_BASE}*`, sendIndex);
  },
  { name: 'web-static', dependencies: ['config'] },
);
