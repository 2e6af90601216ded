import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

export const WEB_BASE = '/PartnerMgmtApp/';

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
      setHeaders: (res, filePath) => {
        const hashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const sendIndex = (_: unknown, reply: import('fastify').FastifyReply) =>
      reply.header('Cache-Control', 'no-cache').sendFile('index.html');
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
