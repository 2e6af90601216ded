import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { openDownload, storeUpload } from './files.service.ts';

export default async function filesRoutes(app: FastifyInstance) {
  addRoute(app, api.files.upload, async ({ auth, query, request }) =>
    ok(await storeUpload(app, auth, query.moduleCode, await request.file())),
  );
  addRoute(app, api.files.download, async ({ auth, params, reply }) => {
    const { stream, headers } = await openDownload(app, auth, params.uniqueId);
    return reply.headers(headers).send(stream);
  });
}
