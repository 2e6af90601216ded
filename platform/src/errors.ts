import type { FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES, formatIssues, type ErrorBody } from '@pp/contract';
import { AppError } from './app-error.ts';
import { RequestValidationError } from './validation.ts';

/** The failure body of spec section 7; errorCode mirrors the HTTP status. */
export function errorBody(status: number, failureMessage: string, extra: Partial<ErrorBody> = {}): ErrorBody {
  return { response: null, failureMessage, errorCode: status, ...extra };
}

/**
 * One place turns every failure into the envelope, in the server and the gateway alike: contract
 * validation → 400 naming the field and rule (fieldErrors too), AppError → its status, body and
 * headers, Fastify's own 4xx (bad JSON, too large) → as they are, anything else → 500 with a generic
 * message and the details in the log only. Unknown routes get a JSON 404.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RequestValidationError) {
      const { failureMessage, fieldErrors } = formatIssues(error.issues);
      return reply.code(400).send(errorBody(400, failureMessage, { fieldErrors }));
    }
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.code(error.status).send(
        errorBody(error.status, error.message, {
          ...(error.key ? { errorKey: error.key } : {}),
          ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
        }),
      );
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.code(status).send(errorBody(status, (error as Error).message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, MESSAGES.internalError));
  });

  app.setNotFoundHandler((request, reply) => {
    void reply.code(404).send(errorBody(404, MESSAGES.routeNotFound(request.method, request.url)));
  });
}
