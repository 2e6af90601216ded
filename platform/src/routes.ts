import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  preValidationHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { say, type Access, type Endpoint, type Language, type UserRole } from '@pp/contract';
import { Unauthenticated, type Message } from './app-error.ts';
import { requestLanguage } from './language.ts';
import { keepValidatedBodiesOf, writtenByDatabase } from './validation.ts';

/** The caller's session, as the server's auth plugin finds it. */
export interface AuthContext {
  sessionId: string;
  auditNumber: bigint;
  userId: number;
  role: UserRole;
  partnerId: number | null;
  /** The group company and business the session works under (a partner's current profile). */
  companyCode: number | null;
  categoryCode: string | null;
}

/** The hook that enforces an endpoint's access rule; the internal token's is async, so a route can await it. */
export interface CheckAccess {
  (access: 'internal'): preValidationAsyncHookHandler;
  (access: Exclude<Access, 'public'>): preValidationHookHandler | preValidationAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The hook that enforces an endpoint's access rule (decorated by the server's auth plugin). */
    checkAccess?: CheckAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** The request changes nothing: a GET, or a contract POST that only reads (Endpoint.readsOnly). */
    readsOnly?: boolean;
  }
}

/** Whether an HTTP method, or every method of a route, only reads (GET or HEAD). */
export const onlyReads = (method: string | readonly string[]) =>
  [method].flat().every((each) => each === 'GET' || each === 'HEAD');

/** Whether a request may have written: what a server holds in memory for its caller is read again. */
export const mayWrite = (request: FastifyRequest) => !onlyReads(request.method) && request.routeOptions.config.readsOnly !== true;

/** The token of an `Authorization: Bearer …` header, or null. */
export const bearerOf = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
};

type Defined<T> = Exclude<T, undefined>;
type Infer<T> = [Defined<T>] extends [never] ? undefined : Defined<T> extends z.ZodType ? z.output<Defined<T>> : undefined;

export interface RouteContext<E extends Endpoint> {
  body: Infer<E['body']>;
  query: Infer<E['query']>;
  params: Infer<E['params']>;
  headers: Infer<E['headers']>;
  /** The caller's session; reading it on an endpoint without one is a programming error. */
  readonly auth: AuthContext;
  /** The calling partner, on endpoints whose access is 'partner'. */
  readonly partnerId: number;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The language the request asks its answer in (Accept-Language). */
  readonly language: Language;
  /** A message in that language. */
  say: (message: Message) => string;
}

/**
 * Registers one contract endpoint: its access rule runs first (before validation, so an
 * anonymous caller learns nothing about the body), its zod schemas validate the request and the
 * 200 body and feed the OpenAPI document. There is no other way to add a route.
 */
export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  /**
   * An answer, or its promise. An answer already at hand (one kept in memory) is returned as it is:
   * Fastify then sends it at once, where a promise's answer waits for the microtask queue.
   */
  handler: (ctx: RouteContext<E>) => z.input<E['response']> | Promise<z.input<E['response']>>,
): void {
  const { access } = endpoint;
  let preValidation: preValidationHookHandler | preValidationAsyncHookHandler | undefined;
  if (access !== 'public') {
    if (!app.checkAccess)
      throw new Error(`${endpoint.method} ${endpoint.path} needs access ${JSON.stringify(access)}, which this app cannot check`);
    preValidation = app.checkAccess(access);
  }
  if (endpoint.readsOnly && endpoint.body) keepValidatedBodiesOf(endpoint.method, `${app.prefix}${endpoint.path}`);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      summary: endpoint.summary,
      ...(endpoint.operationId ? { operationId: endpoint.operationId } : {}),
      description: `Access: ${typeof access === 'object' ? `staff with permission ${access.permission}` : access}`,
      tags: endpoint.tags,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      // A download's 200 is the file itself; its failures are the envelope as everywhere.
      ...(endpoint.binary ? {} : { response: { 200: endpoint.response } }),
    },
    ...(preValidation ? { preValidation } : {}),
    ...(endpoint.readsOnly ? { config: { readsOnly: true } } : {}),
    // Not async: a handler that throws at once is answered by Fastify's error handler just the same.
    handler: (request, reply) => handler(new Context<E>(endpoint, request, reply)),
  });
}

/**
 * What a handler is given, read from the request when asked: one object per request whose getters
 * live on the prototype (an object literal with getters made five closures for every request).
 */
class Context<E extends Endpoint> implements RouteContext<E> {
  constructor(
    private readonly endpoint: E,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
  ) {}
  get body() {
    return this.request.body as Infer<E['body']>;
  }
  get query() {
    return this.request.query as Infer<E['query']>;
  }
  get params() {
    return this.request.params as Infer<E['params']>;
  }
  get headers() {
    return this.request.headers as Infer<E['headers']>;
  }
  get auth() {
    if (!this.request.auth) throw Unauthenticated();
    return this.request.auth;
  }
  get partnerId() {
    const { access, method, path } = this.endpoint;
    const auth = this.request.auth;
    if (access !== 'partner' || !auth || auth.partnerId === null) {
      throw new Error(`partnerId read on ${method} ${path}, whose access is ${JSON.stringify(access)}`);
    }
    return auth.partnerId;
  }
  get language() {
    return requestLanguage(this.request);
  }
  /** A function of its own: handlers take it out of the context (`({ say }) => …`). */
  get say() {
    const language = requestLanguage(this.request);
    return (message: Message) => say(message, language);
  }
}

/** The success envelope of spec section 7. */
export const ok = <T>(response: T) => ({ response, failureMessage: null });

/** The success envelope around an answer the database wrote as JSON text (see writtenByDatabase). */
export const okWritten = <T>(response: string) =>
  writtenByDatabase<ReturnType<typeof ok<T>>>(`{"response":${response},"failureMessage":null}`);
