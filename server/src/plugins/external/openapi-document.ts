import { z } from 'zod';
import {
  GATEWAY_PREFIX,
  HTTP_SESSION_IDLE,
  INTERNAL_TOKEN_HEADER,
  PARTNER_API_PREFIX,
  api,
  errorBodySchema,
  gatewayApi,
  operationIdOf,
  type Access,
  type Endpoint,
} from '@pp/contract';
import { contractSchemaOverride } from './openapi-schemas.ts';

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  description?: string;
  security?: Json[];
  parameters?: Json[];
  requestBody?: Json;
  responses: Record<string, Json>;
  [key: `x-${string}`]: unknown;
}
interface Document {
  info: Json;
  servers?: Json[];
  security?: Json[];
  paths: Record<string, Record<string, Operation>>;
  components?: Json & { schemas?: Json; securitySchemes?: Json; responses?: Json };
}

/** An OpenAPI path of an endpoint, from the origin. */
const openApiPath = (e: Endpoint) => (e.prefix ?? PARTNER_API_PREFIX) + e.path.replace(/:(\w+)/g, '{$1}');

/** The failures every answer may be, as reusable responses: each the spec's envelope (errorBodySchema). */
const ERROR_RESPONSES = {
  BadRequest: [400, 'A parameter or the body is refused: failureMessage names the field, fieldErrors lists each'],
  Unauthenticated: [401, 'No valid session token (errorCode 401: the client clears its token)'],
  Forbidden: [403, 'The caller may not make this call (a partner on a staff call, staff without the permission)'],
  NotFound: [404, 'Nothing is found under the path given'],
  PayloadTooLarge: [413, 'The body is larger than the server takes'],
  UnsupportedMediaType: [415, 'The body is not of a type the call takes'],
  SessionEnded: [
    HTTP_SESSION_IDLE,
    'The session idled past the time-out (spec section 9: 20 minutes): the client clears it and goes to Login',
  ],
  ServerError: [500, 'The server failed; the details are in its log only'],
  Unavailable: [503, 'The database is unreachable for the moment (Retry-After says when to try again)'],
} as const;
type ErrorName = keyof typeof ERROR_RESPONSES;
const ref = (name: ErrorName) => ({ $ref: `#/components/responses/${name}` });

/** The failures an endpoint can give, from what it takes and who may call it. */
function failuresOf(e: Endpoint): ErrorName[] {
  const names: ErrorName[] = [];
  if (e.body || e.query || e.params || e.headers || e.multipart) names.push('BadRequest');
  if (e.access !== 'public') names.push('Unauthenticated');
  if (e.access !== 'public' && e.access !== 'session') names.push('Forbidden');
  // The developer controls and the mailbox answer a client not on the server's machine as if they were not there.
  if (e.params || e.path.startsWith('/dev/')) names.push('NotFound');
  if (e.body || e.multipart) names.push('PayloadTooLarge', 'UnsupportedMediaType');
  if (e.access !== 'public' && e.access !== 'internal') names.push('SessionEnded');
  names.push('ServerError', 'Unavailable');
  return names;
}

/** Access as security requirements: each kind of caller its own scheme, a public call an empty one. */
function securityOf(access: Access): Json[] {
  if (access === 'public') return [];
  if (access === 'internal') return [{ internalToken: [] }];
  if (access === 'partner') return [{ partnerSession: [] }];
  if (access === 'session') return [{ partnerSession: [] }, { staffSession: [] }];
  return [{ staffSession: [] }];
}

const SECURITY_SCHEMES = {
  partnerSession: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: "A partner's session: the accessToken of POST /api/auth/signin",
  },
  staffSession: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      "A staff member's session (group sign-in, /getsession); an operation with x-permission needs a role that holds it",
  },
  internalToken: {
    type: 'apiKey',
    in: 'header',
    name: INTERNAL_TOKEN_HEADER,
    description: 'The chat gateway, with the shared internal token; never a browser',
  },
};

/** A JSON Schema of a zod schema, as a component of the document (without its own $schema). */
function jsonSchema(s: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(s, {
    io,
    unrepresentable: 'any',
    override: contractSchemaOverride,
  }) as Json;
  return rest;
}

/** A path of the chat gateway the server forwards (its catch-all proxy route stands for these). */
function gatewayOperation(e: Endpoint): Operation {
  const schema = (s: z.ZodType, io: 'input' | 'output') => jsonSchema(s, io);
  return {
    ...(e.operationId ? { operationId: e.operationId } : {}),
    summary: e.summary,
    tags: [...e.tags],
    description: 'Served by the chat gateway, forwarded by this server',
    security: securityOf(e.access),
    ...(e.body ? { requestBody: { required: true, content: { 'application/json': { schema: schema(e.body, 'input') } } } } : {}),
    responses: {
      200: { description: 'The answer', content: { 'application/json': { schema: schema(e.response, 'output') } } },
      ...(e.body ? { 400: ref('BadRequest'), 413: ref('PayloadTooLarge') } : {}),
      502: {
        description: 'The gateway is down or broken',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      },
    },
  } as Operation;
}

/**
 * Completes the document @fastify/swagger made from the routes: access as security requirements,
 * every failure an operation can give (the envelope), the server it is served from, and the chat
 * gateway's calls in place of the proxy's catch-all routes.
 */
export function finishDocument(doc: Document, serverUrl: string): Document {
  const endpoints = new Map<string, Endpoint>();
  for (const area of Object.values(api))
    for (const e of Object.values(area as Record<string, Endpoint>))
      endpoints.set(`${e.method.toLowerCase()} ${openApiPath(e)}`, e);

  for (const [path, operations] of Object.entries(doc.paths)) {
    if (path.startsWith(`${GATEWAY_PREFIX}/`)) {
      delete doc.paths[path];
      continue;
    }
    for (const [method, operation] of Object.entries(operations)) {
      const e = endpoints.get(`${method} ${path}`);
      if (!e) continue;
      operation.security = securityOf(e.access);
      if (typeof e.access === 'object') operation['x-permission'] = e.access.permission;
      for (const name of failuresOf(e)) operation.responses[String(ERROR_RESPONSES[name][0])] ??= ref(name);
      operation.responses.default ??= {
        description: 'Any other failure, in the same envelope',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
      };
    }
  }
  for (const [name, e] of Object.entries(gatewayApi) as [string, Endpoint][]) {
    doc.paths[openApiPath(e)] = {
      [e.method.toLowerCase()]: gatewayOperation({ ...e, operationId: operationIdOf('chat', name) }),
    };
  }

  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } };
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ErrorBody: jsonSchema(errorBodySchema, 'output') },
    // A scheme no operation names is left out (the gateway's internal calls are in its own document).
    securitySchemes: Object.fromEntries(
      Object.entries(SECURITY_SCHEMES).filter(([name]) =>
        Object.values(doc.paths).some((ops) => Object.values(ops).some((o) => o.security?.some((s) => name in s))),
      ),
    ),
    responses: Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([name, [, description]]) => [name, { description, content: errorContent }]),
    ),
  };
  doc.servers = [{ url: serverUrl, description: 'This stack (PUBLIC_URL)' }];
  doc.info = { ...doc.info, license: { name: 'Proprietary: the Partner Portal local stack' } };
  return doc;
}
