import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MESSAGES, PARTNER_API_PREFIX, api, type Endpoint } from '@pp/contract';
import { buildTestApp, callApi, freshIp, createTestDatabase, createPartnerUser, signIn, withReferenceData } from '@pp/testing';
import { MAX_PATH_PARAMETER_LENGTH } from './errors.ts';

const { db } = await createTestDatabase();
await withReferenceData(db);
const app = await buildTestApp(db);
const partner = await createPartnerUser(db);
const { auth } = await signIn(app, partner.username);

const endpoints: Endpoint[] = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);

/** Path parameter values a careless or hostile client might send. */
const HOSTILE_SEGMENTS = [
  'x'.repeat(5000),
  '%00',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  "'%20OR%201%3D1%20--",
  '-1',
  '99999999999999999999999',
  '%F0%9F%92%A5',
  '%20',
];

/** Raw bodies that are not what any endpoint expects. */
const HOSTILE_BODIES: { payload: string; contentType: string }[] = [
  { payload: '{', contentType: 'application/json' },
  { payload: '[]', contentType: 'application/json' },
  { payload: 'null', contentType: 'application/json' },
  { payload: '"text"', contentType: 'application/json' },
  { payload: '12', contentType: 'application/json' },
  { payload: '{"__proto__":{"polluted":true}}', contentType: 'application/json' },
  { payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, contentType: 'application/json' },
  { payload: 'username=a&password=b', contentType: 'application/x-www-form-urlencoded' },
  { payload: 'plain words', contentType: 'text/plain' },
  // Multipart is parsed on the upload's route only: anywhere else it is a body of no kind it takes.
  {
    payload: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--',
    contentType: 'multipart/form-data; boundary=b',
  },
];

/** Every field of an object schema set to each wrong kind of value in turn. */
function wrongTypedBodies(schema: z.ZodType | undefined): unknown[] {
  if (!(schema instanceof z.ZodObject)) return [];
  const keys = Object.keys(schema.shape);
  const wrongs: unknown[] = [0, -1, 1e308, true, [], {}, null, 'x'.repeat(100_000), '\u0000', ' ', '<script>alert(1)</script>'];
  return wrongs.map((value) => Object.fromEntries(keys.map((k) => [k, value])));
}

function samplePath(e: Endpoint, segment: string) {
  return PARTNER_API_PREFIX + e.path.replace(/:(\w+)/g, () => segment);
}

describe('no input makes a 500 on any contract endpoint', () => {
  for (const e of endpoints) {
    it(`${e.method} ${e.path}`, async () => {
      const failures: string[] = [];
      const check = async (label: string, request: InjectOptions) => {
        // A distinct client address per request keeps the per-IP limits from hiding the handlers.
        const res = await app.inject({ ...request, headers: { ...auth, ...freshIp(), ...request.headers } });
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          const body = res.json<{ failureMessage?: unknown }>();
          if (typeof body.failureMessage !== 'string' || !body.failureMessage)
            failures.push(`${label}: ${res.statusCode} without a failureMessage`);
        }
      };

      const hasParams = e.path.includes(':');
      const normalPath = samplePath(e, 'abc');
      if (hasParams) {
        for (const segment of HOSTILE_SEGMENTS)
          await check(`segment ${segment.slice(0, 20)}`, { method: e.method, url: samplePath(e, segment) });
      }
      await check('query junk', {
        method: e.method,
        url: `${normalPath}?a=1&a=2&${'k'.repeat(300)}=${'v'.repeat(5000)}&companyCode[]=x&lang=%00`,
      });
      if (e.query instanceof z.ZodObject) {
        const keys = Object.keys(e.query.shape);
        for (const value of ['', '%00', 'x'.repeat(5000), '-1', 'NaN', '1e400']) {
          await check(`query ${value.slice(0, 10)}`, {
            method: e.method,
            url: `${normalPath}?${keys.map((k) => `${k}=${value}`).join('&')}`,
          });
        }
      }
      if (e.method !== 'GET') {
        for (const body of HOSTILE_BODIES) {
          await check(`body ${body.payload.slice(0, 20)}`, {
            method: e.method,
            url: normalPath,
            payload: body.payload,
            headers: { 'content-type': body.contentType },
          });
        }
        for (const body of wrongTypedBodies(e.body)) {
          await check(`fields ${JSON.stringify(body).slice(0, 40)}`, {
            method: e.method,
            url: normalPath,
            payload: body as object,
          });
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it('names the field that holds a NUL character instead of failing in the database', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/partner-api/api/auth/signin',
      payload: { username: 'demo\u0000', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ failureMessage: 'username: Must not contain a NUL character', errorCode: 400 });
    const query = await app.inject({
      method: 'GET',
      url: '/partner-api/api/business-category/categories/category-code?companyCode=1&categoryCode=%00',
    });
    expect(query.statusCode).toBe(400);
    expect(query.json<{ failureMessage: string }>().failureMessage).toContain('Must not contain a NUL character');
  });

  it.each(['0x10', '1e3', '%201', '1.0', '+1', '-1'])(
    'reads a numeric path or query value %j only as decimal digits',
    async (value) => {
      const mark = await callApi(app, api.notification.markRead, { params: { notificationId: value }, headers: auth });
      expect(mark.statusCode).toBe(400);
      expect(mark.error().fieldErrors?.[0]?.field).toBe('notificationId');
      const page = await callApi(app, api.mailbox.list, { query: { pageSize: decodeURIComponent(value) } });
      expect(page.statusCode).toBe(400);
      expect(page.error().fieldErrors?.[0]?.field).toBe('pageSize');
    },
  );

  it('answers a malformed or over-long address in the envelope', async () => {
    const badEncoding = await app.inject({ method: 'GET', url: '/partner-api/api/user/verify/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({
      response: null,
      errorCode: 400,
      failureMessage: MESSAGES.badUrl('/partner-api/api/user/verify/%E0%A4%A'),
    });
    const tooLong = await app.inject({
      method: 'GET',
      url: `/partner-api/api/user/verify/${'x'.repeat(MAX_PATH_PARAMETER_LENGTH + 1)}`,
    });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      response: null,
      errorCode: 414,
      failureMessage: MESSAGES.pathParameterTooLong(MAX_PATH_PARAMETER_LENGTH),
    });
    for (const res of [badEncoding, tooLong]) {
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('lets the longest valid e-mail address through the router to the contract rules', async () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest.length).toBe(254);
    const res = await app.inject({
      method: 'GET',
      url: `/partner-api/api/partner/validate/email/${encodeURIComponent(longest)}`,
      headers: freshIp(),
    });
    expect(res.statusCode).not.toBe(414);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('left the prototype of plain objects alone', () => {
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("requests Node's parser refuses", () => {
  /** Sends raw bytes and reads the whole answer (the server closes the connection after it). */
  async function raw(bytes: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
    if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
      let answer = '';
      socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
      socket.on('close', () => resolve(answer)).on('error', reject);
    });
    const [head, ...rest] = text.split('\r\n\r\n');
    const [statusLine, ...lines] = head!.split('\r\n');
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
    );
    return { status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) };
  }

  it.each([
    ['a broken request line', 'GARBAGE\r\n\r\n', 400],
    ['an unknown method', 'FOO /partner-api/health HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a control character in the path', 'GET /partner-api/\x01health HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'both Content-Length and Transfer-Encoding',
      'POST /partner-api/api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      400,
    ],
    [
      'a bad chunk size',
      'POST /partner-api/api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
      400,
    ],
    ['headers over 16 KB', `GET /partner-api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answers %s in the envelope with the security headers', async (_name, bytes, status) => {
    const answer = await raw(bytes);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ response: null, failureMessage: MESSAGES.clientError(status), errorCode: status });
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
    });
  });
});
