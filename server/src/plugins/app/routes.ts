import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@pp/contract';
import { Unauthenticated } from '../../lib/app-error.ts';
import type { AuthContext } from './auth.ts';

type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never] ? undefined : Defined<T> extends z.ZodType ? z.output<Defined<T>> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Infer<E['body']>;
  query: Infer<E['query']>;
  params: Infer<E['params']>;
  /** The caller's session; reading it on a route without a session answers 401. */
  readonly auth: AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one contract endpoint: its zod schemas validate the request and the 200 body, feed
 * the OpenAPI document, and `auth` endpoints get the session check.
 */
export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      tags: endpoint.tags,
      ...(endpoint.auth ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: endpoint.response },
    },
    // Before validation: an anonymous caller learns nothing about the body, only that it must log in.
    ...(endpoint.auth ? { preValidation: app.authenticate } : {}),
    handler: async (request, reply) =>
      handler({
        body: request.body as Infer<E['body']>,
        query: request.query as Infer<E['query']>,
        params: request.params as Infer<E['params']>,
        get auth() {
          if (!request.auth) throw Unauthenticated();
          return request.auth;
        },
        request,
        reply,
      }),
  });
}

/** The success envelope of spec section 7. */
export const ok = <T>(response: T) => ({ response, failureMessage: null });
