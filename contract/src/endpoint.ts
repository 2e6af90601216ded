import type { z } from 'zod';
import type { Permission } from './permissions.ts';

/** The prefix every partner API call goes under (spec section 7). */
export const PARTNER_API_PREFIX = '/partner-api';
export const GATEWAY_PREFIX = '/chatbot';
/** Where the web app lives (spec section 2). */
export const WEB_BASE_PATH = '/PartnerMgmtApp';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Who may call an endpoint. The server's one route helper enforces it before anything else runs. */
export type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user, partner or staff. */
  | 'session'
  /** A signed-in partner account; a staff token gets 403. */
  | 'partner'
  /** A signed-in staff account of any role (the workflow engine decides the rest); a partner token gets 403. */
  | 'staff'
  /** A signed-in staff account whose role holds the permission (ROLE_PERMISSIONS); others get 403. */
  | { permission: Permission }
  /** The chat gateway, proven by the internal token header; never a browser. */
  | 'internal';

/** Whether calls to an endpoint carry a user's bearer token. */
export const needsSession = (access: Access): boolean => access !== 'public' && access !== 'internal';

/**
 * One endpoint of the contract: the server registers it, the OpenAPI document describes it and
 * the web client calls it, all from this one definition. `path` uses Fastify's `:param` syntax
 * and is relative to PARTNER_API_PREFIX.
 */
export interface Endpoint<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Response extends z.ZodType = z.ZodType,
  Headers extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** The service the path lives under: the partner API (the default) or the chat gateway. */
  prefix?: typeof PARTNER_API_PREFIX | typeof GATEWAY_PREFIX;
  path: string;
  summary: string;
  tags: readonly string[];
  access: Access;
  body?: Body;
  query?: Query;
  params?: Params;
  /** Request headers the endpoint reads (e.g. the chat's `lang`). */
  headers?: Headers;
  /** Schema of the whole success body (the envelope included); for a `binary` endpoint, of its failures' body. */
  response: Response;
  /** The body is multipart/form-data, read by the handler (a file upload); not validated by a schema. */
  multipart?: true;
  /** Path parameters that are secrets (a one-time link's code): the developer controls' journal never keeps them. */
  secretParams?: readonly string[];
  /** The success body is a file (a download), not JSON. */
  binary?: true;
  /**
   * A POST of the contract that only reads (a page of a list, a check): it changes nothing, so a
   * server keeps what it holds in memory for the caller, as for a GET.
   */
  readsOnly?: true;
  /**
   * The operation's stable name (OpenAPI operationId, a developer control's match): its area and
   * its name in `api`, camel-cased (`onboardingSaveBankDetails`); stamped by api/index.ts.
   */
  operationId?: string;
}

export function endpoint<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Response extends z.ZodType = z.ZodType,
  Headers extends z.ZodType | undefined = undefined,
>(def: Endpoint<Body, Query, Params, Response, Headers>) {
  return def;
}

/** The path prefix of the service that serves an endpoint. */
const prefixOf = (endpoint: Pick<Endpoint, 'prefix'>): string => endpoint.prefix ?? PARTNER_API_PREFIX;

/** The URL path (from the origin) of an endpoint, with its parameters and query filled in. */
export function endpointUrl(
  endpoint: Pick<Endpoint, 'prefix' | 'path'>,
  input: { params?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined> } = {},
): string {
  return `${prefixOf(endpoint)}${buildPath(endpoint.path, input.params)}${queryString(input.query)}`;
}

/** `?a=1&b=2` from the defined entries, or '' when there are none. */
export function queryString(query: Record<string, string | number | boolean | undefined> = {}): string {
  // Built by hand: the contract runs in browsers and Node alike and assumes neither's globals.
  const qs = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return qs ? `?${qs}` : '';
}

/** Fills `:name` segments of an endpoint path, URI-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
