import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { INTERNAL_TOKEN_HEADER, MESSAGES, hasPermission, needsSession, type Access, type Endpoint } from '@pp/contract';
import { Forbidden, Unauthenticated } from '../../lib/app-error.ts';
import type { AuthContext } from './auth.ts';

type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never] ? undefined : Defined<T> extends z.ZodType ? z.output<Defined<T>> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Infer<E['body']>;
  query: Infer<E['query']>;
  params: Infer<E['params']>;
  /** The caller's session; reading it on an endpoint without one is a programming error. */
  readonly auth: AuthContext;
  /** The calling partner, on endpoints whose access is 'partner'. */
  readonly partnerId: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

function isGateway(request: FastifyRequest, token: string): boolean {
  const given = Buffer.from(String(request.headers[INTERNAL_TOKEN_HEADER] ?? ''));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The access rule of the contract, as a hook: 401 without a session, 403 for the wrong kind of caller. */
function accessCheck(app: FastifyInstance, access: Access) {
  return async (request: FastifyRequest) => {
    if (access === 'internal') {
      if (!isGateway(request, app.config.internalApiToken)) throw Forbidden(MESSAGES.internalOnly);
      return;
    }
    await app.authenticate(request);
    const auth = request.auth!;
    if (access === 'partner' && auth.partnerId === null) throw Forbidden(MESSAGES.partnerOnly);
    if (typeof access === 'object' && !hasPermission(auth.role, access.permission)) {
      throw Forbidden(MESSAGES.permissionRequired(access.permission));
    }
  };
}

/**
 * Registers one contract endpoint: its access rule runs first (before validation, so an
 * anonymous caller learns nothing about the body), its zod schemas validate the request and the
 * 200 body and feed the OpenAPI document. There is no other way to add a route.
 */
export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (ctx: RouteContext<E>) => Promise<z.input<E['response']>>,
): void {
  const { access } = endpoint;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      description: `Access: ${typeof access === 'object' ? `staff with permission ${access.permission}` : access}`,
      tags: endpoint.tags,
      ...(needsSession(access) ? { security: [{ bearerAuth: [] }] } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response: { 200: endpoint.response },
    },
    ...(access === 'public' ? {} : { preValidation: accessCheck(app, access) }),
    handler: async (request, reply) =>
      handler({
        body: request.body as Infer<E['body']>,
        query: request.query as Infer<E['query']>,
        params: request.params as Infer<E['params']>,
        get auth() {
          if (!request.auth) throw Unauthenticated();
          return request.auth;
        },
        get partnerId() {
          if (access !== 'partner' || !request.auth || request.auth.partnerId === null) {
            throw new Error(`partnerId read on ${endpoint.method} ${endpoint.path}, whose access is ${JSON.stringify(access)}`);
          }
          return request.auth.partnerId;
        },
        request,
        reply,
      }),
  });
}

/** The success envelope of spec section 7. */
export const ok = <T>(response: T) => ({ response, failureMessage: null });
