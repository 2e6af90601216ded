import type { z } from 'zod';
import { UPLOAD_FILE_FIELD, api, endpointUrl, type Endpoint, type ErrorBody } from '@pp/contract';
import { multipartBody, type Injector } from '@pp/server';

/** What the helpers need of the app under test: Fastify's inject, or the same over HTTP (httpInjector). */
export type { Injector } from '@pp/server';

/**
 * Fastify's inject over real HTTP to a running server (the e2e stack): the journeys prepare data
 * through the same helpers the integration tests use, and through the server's own rules.
 */
export function httpInjector(baseUrl: string): Injector {
  return {
    async inject({ method, url, headers = {}, payload }) {
      const binary = Buffer.isBuffer(payload);
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: { ...(payload !== undefined && !binary ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(payload === undefined ? {} : { body: binary ? new Uint8Array(payload) : JSON.stringify(payload) }),
      });
      const text = await res.text();
      return {
        statusCode: res.status,
        headers: Object.fromEntries(res.headers.entries()),
        json: <T>() => JSON.parse(text) as T,
      };
    },
  };
}

export interface CallInput {
  /** Path parameters; tests send hostile values too, so any string goes. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  /** The JSON body (any value: tests send wrong ones on purpose). */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ApiAnswer<E extends Endpoint> {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The success body, typed by the endpoint's response schema (which the server checks on the way out). */
  json(): z.output<E['response']>;
  /** The failure body of spec section 7 (response null, failureMessage, errorCode, fieldErrors). */
  error(): ErrorBody;
}

/**
 * Calls a contract endpoint on the app under test: the URL comes from the contract (renaming a
 * path breaks the test at compile time), the answer is typed by the endpoint's schemas.
 */
export async function callApi<E extends Endpoint>(app: Injector, endpoint: E, input: CallInput = {}): Promise<ApiAnswer<E>> {
  const res = await app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    json: () => res.json<z.output<E['response']>>(),
    error: () => res.json<ErrorBody>(),
  };
}

/** Uploads one file through POST /api/fileUpload as a browser's form would. */
export async function uploadFile(
  app: Injector,
  file: { name: string; content: Buffer; field?: string },
  input: { headers?: Record<string, string>; moduleCode?: 'ONB' | 'PTM' } = {},
) {
  const { body, contentType } = multipartBody(file.field ?? UPLOAD_FILE_FIELD, file.name, file.content);
  const res = await app.inject({
    method: 'POST',
    url: endpointUrl(api.files.upload, input.moduleCode ? { query: { moduleCode: input.moduleCode } } : {}),
    headers: { ...input.headers, 'content-type': contentType },
    payload: body,
  });
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    json: () => res.json<z.output<typeof api.files.upload.response>>(),
    error: () => res.json<ErrorBody>(),
  };
}

/** The response of a call that must succeed: a test fails here, with the answer's body, on any other status. */
export async function okResponse<T>(answer: Promise<{ statusCode: number; json(): { response: T } }>): Promise<T> {
  const res = await answer;
  if (res.statusCode !== 200) throw new Error(`expected 200, got ${res.statusCode}: ${JSON.stringify(res.json())}`);
  return res.json().response;
}
