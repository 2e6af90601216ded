import Fastify from 'fastify';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { TEXTS, envelope, say as sayText, wholeNumber, type Endpoint } from '@pp/contract';
import { NotFound } from './app-error.ts';
import { installErrorHandling } from './errors.ts';
import { keptQuerystringParser } from './querystring.ts';
import { addRoute, ok } from './routes.ts';
import { useContractSchemas } from './validation.ts';

const list = {
  method: 'GET',
  path: '/things/:kind',
  summary: 'Things of a kind, a page of them',
  tags: ['test'],
  access: 'public',
  params: z.object({ kind: z.string().trim().toUpperCase() }),
  query: z.object({ pageNo: wholeNumber().pipe(z.number().min(1)).default(1), q: z.string().trim().optional() }).strict(),
  response: envelope(
    z.object({ kind: z.string(), pageNo: z.number(), q: z.string().nullable(), language: z.string(), text: z.string() }),
  ),
} satisfies Endpoint;

/** The same answer as a value at hand (a kept one), or a failure raised before any await. */
const atHand = {
  method: 'GET',
  path: '/at-hand/:kind',
  summary: 'A thing answered without waiting',
  tags: ['test'],
  access: 'public',
  params: z.object({ kind: z.enum(['known', 'missing']) }),
  response: envelope(z.object({ kind: z.string() })),
} satisfies Endpoint;

/** A body checked against something that moves (a clock, here a counter of checks). */
let checks = 0;
const countedBody = z
  .object({ page: z.number().int().min(1) })
  .strict()
  .refine(() => ++checks > 0);
const readPage = {
  method: 'POST',
  readsOnly: true,
  path: '/pages',
  summary: 'A page, asked for in a body',
  tags: ['test'],
  access: 'public',
  body: countedBody,
  response: envelope(z.object({ page: z.number() })),
} satisfies Endpoint;
const writePage = { ...readPage, readsOnly: undefined, path: '/pages/written', summary: 'A page written' };

/** The app under test, with Fastify's own query parser or the kept one the servers use. */
async function appWith(querystringParser?: ReturnType<typeof keptQuerystringParser>) {
  const app = Fastify({ logger: false, ...(querystringParser ? { routerOptions: { querystringParser } } : {}) });
  useContractSchemas(app);
  installErrorHandling(app);
  addRoute(app, list, async ({ params, query, language, say }) => {
    const answer = ok({
      kind: params.kind,
      pageNo: query.pageNo,
      q: query.q ?? null,
      language,
      text: say(TEXTS.tooManyRequests(2)),
    });
    // A handler that changes what it was given must not change what the next request is given.
    Object.assign(query, { pageNo: 999, q: 'changed' });
    Object.assign(params, { kind: 'CHANGED' });
    return answer;
  });
  // Under a prefix, as the servers' features are.
  await app.register(
    async (scoped) => {
      for (const endpoint of [readPage, writePage]) {
        addRoute(scoped, endpoint, async ({ body }) => {
          const answer = ok({ page: body.page });
          Object.assign(body, { page: 999 });
          return answer;
        });
      }
    },
    { prefix: '/v1' },
  );
  addRoute(app, atHand, ({ params }) => {
    if (params.kind === 'missing') throw NotFound();
    return ok({ kind: params.kind });
  });
  await app.ready();
  return app;
}

interface Answer {
  response: { kind: string; pageNo: number; q: string | null; language: string; text: string } | null;
  failureMessage: string | null;
}
const english = sayText(TEXTS.tooManyRequests(2), 'en');

describe('an answer at hand', () => {
  it('is sent as a promised one is, and a failure raised at once is answered as any other', async () => {
    const app = await appWith();
    const known = await app.inject({ method: 'GET', url: '/at-hand/known' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ response: { kind: 'known' }, failureMessage: null });
    const missing = await app.inject({ method: 'GET', url: '/at-hand/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ response: null, failureMessage: sayText(TEXTS.notFound, 'en') });
  });
});

describe('bodies', () => {
  it('of a read are checked once for the same text, and each request gets its own copy', async () => {
    const app = await appWith();
    const before = checks;
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/v1/pages', payload: { page: 2 } });
      expect(res.json()).toEqual({ response: { page: 2 }, failureMessage: null });
    }
    expect(checks - before).toBe(1);
    const bad = await app.inject({ method: 'POST', url: '/v1/pages', payload: { page: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Answer>().failureMessage).toContain('page');
  });

  it('of anything else are checked on every request', async () => {
    const app = await appWith();
    const before = checks;
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'POST', url: '/v1/pages/written', payload: { page: 2 } });
      expect(res.json()).toEqual({ response: { page: 2 }, failureMessage: null });
    }
    expect(checks - before).toBe(3);
  });
});

describe.each([
  ['Fastify’s query parser', undefined],
  ['the kept query parser', keptQuerystringParser()],
])('validated queries and path parameters, asked again (%s)', (_name, parser) => {
  const ready = appWith(parser);
  const get = async (url: string, language = 'en') => {
    const res = await (await ready).inject({ method: 'GET', url, headers: { 'accept-language': language } });
    return { statusCode: res.statusCode, json: () => res.json<Answer>() };
  };

  it('gives each request its own parsed values, whatever an earlier handler did with its copy', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await get('/things/%20bolts%20?pageNo=2&q=%20steel%20');
      expect(res.statusCode).toBe(200);
      expect(res.json().response).toEqual({ kind: 'BOLTS', pageNo: 2, q: 'steel', language: 'en', text: english });
    }
    expect((await get('/things/nuts')).json().response).toEqual({
      kind: 'NUTS',
      pageNo: 1,
      q: null,
      language: 'en',
      text: english,
    });
    // The same query in another language: the values kept, the language the request's own.
    expect((await get('/things/nuts', 'hi')).json().response).toEqual({
      kind: 'NUTS',
      pageNo: 1,
      q: null,
      language: 'hi',
      text: sayText(TEXTS.tooManyRequests(2), 'hi'),
    });
  });

  it('still refuses a bad query after a good one, naming the field', async () => {
    expect((await get('/things/bolts?pageNo=2')).statusCode).toBe(200);
    const bad = await get('/things/bolts?pageNo=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().failureMessage).toContain('pageNo');
    const unknown = await get('/things/bolts?pageNo=2&extra=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().failureMessage).toContain('extra');
  });

  it('keeps answering correctly past the number of queries it keeps', async () => {
    for (let pageNo = 1; pageNo <= 300; pageNo++) {
      expect((await get(`/things/bolts?pageNo=${pageNo}`)).json().response?.pageNo).toBe(pageNo);
    }
    expect((await get('/things/bolts?pageNo=7')).json().response?.pageNo).toBe(7);
  });
});
