import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, formatIssues, type ErrorBody } from '@pp/contract';
import { AppError } from '../../lib/app-error.ts';
import { RequestValidationError } from './validation.ts';

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
      if (status !== undefined && status >= 400 && status < 500 && !isResponseSerializationError(error as never)) {
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
