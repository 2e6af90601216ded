import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { WEB_BASE_PATH } from '@pp/contract';

export const WEB_BASE = `${WEB_BASE_PATH}/`;

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
    await app.register(fastifyStatic, {
      root,
      prefix: WEB_BASE,
      wildcard: false,
      index: false,
      // The build's brotli copies (x.js.br, at the highest quality) go to browsers that take br;
      // they are not routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br'],
      // Source maps help a developer; in production they would hand out the source.
      allowedPath: (pathName) => app.config.nodeEnv !== 'production' || !pathName.endsWith('.map'),
      setHeaders: (res, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    // The app's run-time settings travel in the page as inert JSON (no inline script, so the CSP holds).
    const clientConfig = JSON.stringify(app.config.client).replace(/</g, '\\u003c');
    const indexHtml = readFileSync(indexFile, 'utf8').replace(
      '</head>',
      `  <script type="application/json" id="pp-config">${clientConfig}</script>\n  </head>`,
    );
    const sendIndex = (_: unknown, reply: FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    app.get('/', (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE.slice(0, -1), (_, reply) => reply.redirect(WEB_BASE));
    app.get(WEB_BASE, sendIndex);
    app.get(`${WEB_BASE}*`, (request, reply) =>
      // A missing hashed asset is a stale page asking for an old build: a 404, not the app shell.
      request.url.startsWith(`${WEB_BASE}assets/`) ? reply.callNotFound() : sendIndex(request, reply),
    );
  },
  { name: 'web-static', dependencies: ['config'] },
);
