import type { FastifyInstance } from 'fastify';
import { TEXTS, api } from '@pp/contract';
import { AppError, addRoute, ok } from '@pp/platform';
import { openDownload, storeUpload } from './files.service.ts';

export default async function filesRoutes(app: FastifyInstance) {
  addRoute(app, api.files.upload, async ({ auth, query, request }) => {
    // @fastify/multipart answers 406 to a body that is not multipart; the status for that is 415.
    if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: TEXTS.notMultipart });
    return ok(await storeUpload(app, auth, query.moduleCode, await request.file()));
  });
  addRoute(app, api.files.download, async ({ auth, params, reply }) => {
    const { stream, headers } = await openDownload(app, auth, params.uniqueId);
    return reply.headers(headers).send(stream);
  });
}
