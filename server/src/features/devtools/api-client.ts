import type { z } from 'zod';
import { UPLOAD_FILE_FIELD, api, endpointUrl, type Endpoint, type HttpMethod } from '@pp/contract';
import { onePagePdf } from '@pp/db/pdf';

/**
 * Calling the API in-process as a client would (Fastify's inject, or the same over HTTP): the
 * scenarios walk partners through the real engine this way, and the tests and journeys prepare
 * their data through the same helpers (@pp/testing re-exports them).
 */
export interface Injector {
  inject(opts: {
    method: HttpMethod;
    url: string;
    headers?: Record<string, string>;
    payload?: object | Buffer;
  }): Promise<{ statusCode: number; headers: Record<string, string | string[] | number | undefined>; json<T>(): T }>;
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

type ResponseOf<E extends Endpoint> = z.output<E['response']> extends { response: infer R } ? R : never;

/** Calls an endpoint that must succeed; `what` names the step in the error when it does not. */
export async function callOk<E extends Endpoint>(
  app: Injector,
  what: string,
  endpoint: E,
  input: CallInput = {},
): Promise<ResponseOf<E>> {
  const res = await app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    ...(input.headers ? { headers: input.headers } : {}),
    ...(input.body !== undefined ? { payload: input.body as object } : {}),
  });
  const body = res.json<{ response: ResponseOf<E>; failureMessage: string | null }>();
  if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${body.failureMessage ?? ''}`);
  return body.response;
}

/** A multipart/form-data body of one file, as a browser's form sends it. */
export function multipartBody(field: string, fileName: string, content: Buffer, contentType = 'application/octet-stream') {
  const boundary = `----pp${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A one-page PDF, small but real: the server checks what an upload is. */
export const samplePdf = (text = 'Partner Portal test document'): Buffer =>
  onePagePdf(text, { width: 300, height: 144, fontSize: 12 });

/** Uploads a one-page PDF through POST /api/fileUpload as the partner; answers its UniqueID. */
export async function uploadPdf(app: Injector, headers: Record<string, string>, name: string): Promise<string> {
  const { body, contentType } = multipartBody(UPLOAD_FILE_FIELD, name, samplePdf(name));
  const res = await app.inject({
    method: 'POST',
    url: endpointUrl(api.files.upload),
    headers: { ...headers, 'content-type': contentType },
    payload: body,
  });
  const answer = res.json<{ response: { UniqueID: string } | null; failureMessage: string | null }>();
  if (res.statusCode !== 200 || !answer.response)
    throw new Error(`upload ${name}: ${res.statusCode} ${answer.failureMessage ?? ''}`);
  return answer.response.UniqueID;
}
