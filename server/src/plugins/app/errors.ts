import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TEXTS, say } from '@pp/contract';
import { BARE_RESPONSE_HEADERS, errorBody, installErrorHandling, requestLanguage } from '@pp/platform';

/** Longest path parameter the router accepts; an e-mail address (254) must fit. */
export const MAX_PATH_PARAMETER_LENGTH = 320;

/**
 * Fastify's own answers to a malformed address or an over-long path parameter, which it gives
 * before any route or error handler runs, in the envelope instead of its default body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // Helmet's hooks do not run for these, so the headers are set here.
  reply.headers(BARE_RESPONSE_HEADERS);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply
      .code(414)
      .send(errorBody(414, say(TEXTS.pathParameterTooLong(MAX_PATH_PARAMETER_LENGTH), requestLanguage(request))));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply
      .code(400)
      .send(errorBody(400, say(TEXTS.badUrl(request.url.split('?')[0]!.slice(0, 200)), requestLanguage(request))));
  } else {
    void reply.code(400).send(errorBody(400, error.message));
  }
}

/** The shared error system of @pp/platform, as a plugin in the server's boot order. */
export default fp(
  async (app) => {
    installErrorHandling(app);
  },
  { name: 'errors' },
);
