import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, formatIssues, type ErrorBody } from '@pp/contract';
import { AppError } from '../../lib/app-error.ts';
import { BARE_RESPONSE_HEADERS } from '../external/security.ts';
import { RequestValidationError } from './validation.ts';

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
    void reply.code(414).send(errorBody(414, MESSAGES.pathParameterTooLong(MAX_PATH_PARAMETER_LENGTH)));
  } else if (error.code === 'FST_ERR_BAD_URL') {
    void reply.code(400).send(errorBody(400, MESSAGES.badUrl(request.url.split('?')[0]!.slice(0, 200))));
  } else {
    void reply.code(400).send(errorBody(400, error.message));
  }
}

export function errorBody(status: number, failureMessage: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { response: null, failureMessage, errorCode: status, ...extra };
}

/**
 * One place turns every failure into the envelope of spec section 7: contract validation → 400
 * naming the field and rule, AppError → its status, Fastify's own 4xx (bad JSON, too large) → as
 * they are, anything else → 500 with a generic message and the details in the log only.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => {
      if (error instanceof RequestValidationError) {
        const { failureMessage, fieldErrors } = formatIssues(error.issues);
        return reply.code(400).send(errorBody(400, failureMessage, { fieldErrors }));
      }
      if (error instanceof AppError) {
        return reply.code(error.status).send(errorBody(error.status, error.message, error.key ? { errorKey: error.key } : {}));
      }
      const status = (error as { statusCode?: number }).statusCode;
      if (status !== undefined && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
        return reply.code(status).send(errorBody(status, (error as Error).message));
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send(errorBody(500, MESSAGES.internalError));
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send(errorBody(404, MESSAGES.routeNotFound(request.method, request.url)));
    });
  },
  { name: 'errors' },
);
