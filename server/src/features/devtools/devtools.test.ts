import type { AddressInfo } from 'node:net';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DEV_CLIENT_HEADER,
  HTTP_SESSION_IDLE,
  IDLE_TIMEOUT_MS,
  JOURNAL_PAGE_MAX,
  MESSAGES,
  REDACTED,
  api,
  endpointUrl,
  type FaultInput,
} from '@pp/contract';
import {
  buildTestApp,
  callApi,
  createPartnerUser,
  setupFeatureTest,
  signIn,
  urlOfTestDatabase,
  withReferenceData,
} from '@pp/testing';
import { delayOf, draw } from './faults.ts';

const { db, app } = await setupFeatureTest({ referenceData: false });
await withReferenceData(db);

const addFault = async (input: Partial<FaultInput> & Pick<FaultInput, 'effect'>) => {
  const res = await callApi(app, api.devtools.addFault, { body: input });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return res.json().response;
};
const partnerInfo = (headers: Record<string, string> = {}) => callApi(app, api.partner.info, { headers });

beforeEach(async () => {
  await callApi(app, api.devtools.clearFaults);
  await callApi(app, api.devtools.resetClock);
});

async function partner() {
  const user = await createPartnerUser(db, { onboardStatus: 'Approved' });
  return { ...user, ...(await signIn(app, user.username)) };
}

describe('fault rules (/dev/faults)', () => {
  it('answers a status with the envelope and the section 8 words, as many times as counted, then the real answer', async () => {
    const p = await partner();
    const rule = await addFault({
      method: 'GET',
      pathPattern: '/api/partner/*',
      count: 2,
      effect: { kind: 'status', status: 502 },
    });
    expect(rule).toMatchObject({ remaining: 2, matched: 0, fired: 0, probability: 1 });
    for (let i = 0; i < 2; i++) {
      const res = await partnerInfo(p.auth);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ response: null, failureMessage: MESSAGES.serviceDown, errorCode: 502 });
    }
    expect((await partnerInfo(p.auth)).statusCode).toBe(200);
    const [after] = (await callApi(app, api.devtools.faults)).json().response;
    expect(after).toMatchObject({ id: rule.id, remaining: 0, fired: 2, matched: 3 });

    for (const [status, message] of [
      [500, MESSAGES.internalError],
      [HTTP_SESSION_IDLE, MESSAGES.sessionIdle],
      [401, MESSAGES.authRequired],
      [403, MESSAGES.accessDenied],
    ] as const) {
      await callApi(app, api.devtools.clearFaults);
      await addFault({ operationId: 'partnerInfo', effect: { kind: 'status', status } });
      const res = await partnerInfo(p.auth);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ response: null, failureMessage: message, errorCode: status });
    }
    // In the reader's language, like every answer.
    const hindi = await partnerInfo({ ...p.auth, 'accept-language': 'hi' });
    expect(hindi.json().failureMessage).not.toBe(MESSAGES.accessDenied);
    expect(hindi.json().failureMessage).toMatch(/[\u0900-\u097F]/);
  });

  it('answers a faulted write itself: the route never runs, nothing is saved', async () => {
    const p = await partner();
    const accept = () => callApi(app, api.declarations.setWbpDeclaration, { headers: p.auth, body: { declarationTag: 'Y' } });
    const accepted = async () =>
      (await callApi(app, api.declarations.getWbpDeclaration, { headers: p.auth })).json().response.declarationTag;
    for (const effect of [{ kind: 'status', status: 500 }, { kind: 'malformed' }, { kind: 'empty' }] as const) {
      await callApi(app, api.devtools.clearFaults);
      await addFault({ operationId: api.declarations.setWbpDeclaration.operationId!, effect });
      expect((await accept()).statusCode).toBe(effect.kind === 'status' ? 500 : 200);
      await callApi(app, api.devtools.clearFaults);
      expect(await accepted()).toBe('N');
    }
    expect((await accept()).statusCode).toBe(200);
    expect(await accepted()).toBe('Y');
  });

  it('matches by method, path pattern, operationId, account and client, and leaves the rest alone', async () => {
    const [a, b] = [await partner(), await partner()];
    await addFault({ account: a.username.toUpperCase(), effect: { kind: 'status', status: 500 } });
    expect((await partnerInfo(a.auth)).statusCode).toBe(500);
    expect((await partnerInfo(b.auth)).statusCode).toBe(200);
    await callApi(app, api.devtools.clearFaults);

    await addFault({ client: 'storybook', effect: { kind: 'status', status: 503 } });
    expect((await partnerInfo({ ...b.auth, [DEV_CLIENT_HEADER]: 'storybook' })).statusCode).toBe(503);
    expect((await partnerInfo({ ...b.auth, [DEV_CLIENT_HEADER]: 'other-app' })).statusCode).toBe(200);
    expect((await partnerInfo(b.auth)).statusCode).toBe(200);
    await callApi(app, api.devtools.clearFaults);

    await addFault({ method: 'POST', pathPattern: '/api/**', effect: { kind: 'status', status: 500 } });
    expect((await partnerInfo(b.auth)).statusCode).toBe(200);
    expect((await callApi(app, api.faq.getAllFaqs, { body: {} })).statusCode).toBe(500);
    // The controls' own calls are never faulted: a rule cannot lock the developer out.
    expect((await callApi(app, api.devtools.faults)).statusCode).toBe(200);
  });

  it('takes a path as the document, the journal and HAR write it, and refuses one that matches no route', async () => {
    const p = await partner();
    // As the OpenAPI document writes it, with the API's prefix (it used to be taken and never fire).
    await addFault({ pathPattern: '/partner-api/api/partner/info', effect: { kind: 'status', status: 500 } });
    expect((await partnerInfo(p.auth)).statusCode).toBe(500);
    await callApi(app, api.devtools.clearFaults);
    await addFault({ pathPattern: '/partner-api/api/partner/*', effect: { kind: 'status', status: 503 } });
    expect((await partnerInfo(p.auth)).statusCode).toBe(503);
    await callApi(app, api.devtools.clearFaults);

    for (const [input, nearest] of [
      [{ pathPattern: '/partner-api/api/partner/infos' }, 'GET /partner-api/api/partner/info'],
      [{ pathPattern: '/api/partnr/info' }, 'GET /partner-api/api/partner/info'],
      [{ pathPattern: '/partner-api/partner/info' }, 'GET /partner-api/api/partner/info'],
      // There is a POST on the path, but no DELETE.
      [{ method: 'DELETE', pathPattern: '/api/partner/info/category' }, 'DELETE '],
    ] as const) {
      const res = await callApi(app, api.devtools.addFault, { body: { ...input, effect: { kind: 'empty' } } });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.error().fieldErrors?.[0]?.field).toBe('pathPattern');
      expect(res.error().failureMessage).toContain(`the nearest is ${nearest}`);
    }
    expect((await callApi(app, api.devtools.faults)).json().response).toEqual([]);
  });

  it('ends the session on an injected 440, as the idle rule does: the next call answers 401', async () => {
    const p = await partner();
    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'status', status: HTTP_SESSION_IDLE } });
    expect((await partnerInfo(p.auth)).statusCode).toBe(HTTP_SESSION_IDLE);
    const next = await partnerInfo(p.auth);
    expect(next.statusCode).toBe(401);
    expect(next.error().errorCode).toBe(401);
    const session = await db.userSession.findFirstOrThrow({ where: { userId: p.user.id }, orderBy: { loginTime: 'desc' } });
    expect(session.logoutType).toBe('I');
    expect(session.logoutTime).not.toBeNull();
  });

  it('fires on the share of requests its probability says, the same ones for the same seed', async () => {
    const p = await partner();
    const run = async () => {
      await callApi(app, api.devtools.clearFaults);
      await addFault({ operationId: 'partnerInfo', probability: 0.3, seed: 4242, effect: { kind: 'status', status: 500 } });
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await partnerInfo(p.auth)).statusCode);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    const expected = Array.from({ length: 40 }, (_, i) => (draw(4242, i + 1) < 0.3 ? 500 : 200));
    expect(first).toEqual(expected);
    const share = first.filter((s) => s === 500).length / 40;
    expect(share).toBeGreaterThan(0.1);
    expect(share).toBeLessThan(0.55);
  });

  it('answers a malformed body, an empty body, and waits as a delay says before the real answer', async () => {
    const p = await partner();
    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'malformed' } });
    const raw = () => app.inject({ method: 'GET', url: endpointUrl(api.partner.info), headers: p.auth });
    const malformed = await raw();
    expect(malformed.statusCode).toBe(200);
    expect(() => JSON.parse(malformed.body) as unknown).toThrow();
    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'empty' } });
    const empty = await raw();
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toBe('');

    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'delayFixed', ms: 400 } });
    const started = performance.now();
    const slow = await partnerInfo(p.auth);
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(slow.json().response.partnerId).toBe(p.partner.id);

    // The delays' draws: uniform within its bounds, log-normal around its median.
    const uniform = Array.from({ length: 200 }, (_, n) => delayOf({ kind: 'delayUniform', minMs: 100, maxMs: 300 }, 9, n));
    expect(Math.min(...uniform)).toBeGreaterThanOrEqual(100);
    expect(Math.max(...uniform)).toBeLessThanOrEqual(300);
    const logNormal = Array.from({ length: 2001 }, (_, n) =>
      delayOf({ kind: 'delayLogNormal', medianMs: 200, sigma: 0.5 }, 9, n),
    ).sort((x, y) => x - y);
    expect(logNormal[1000]).toBeGreaterThan(170);
    expect(logNormal[1000]).toBeLessThan(230);
  });

  it('drops the connection, and sends a slow body slowly but whole, over real HTTP', async () => {
    const p = await partner();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const url = base + endpointUrl(api.partner.info);
    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'drop' } });
    await expect(fetch(url, { headers: p.auth })).rejects.toThrow();

    const whole = await (await fetch(url, { headers: p.auth })).text();
    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'slowBody', bytesPerSecond: 1000 } });
    const started = performance.now();
    const slow = await fetch(url, { headers: { ...p.auth, 'accept-encoding': 'identity' } });
    expect(await slow.text()).toBe(whole);
    // A tenth of the rate every tenth of a second: the body takes about its length in milliseconds.
    expect(performance.now() - started).toBeGreaterThanOrEqual(whole.length * 0.8);
  });

  it('refuses a rule naming what does not exist, by field', async () => {
    for (const [body, field] of [
      [{ operationId: 'noSuchCall', effect: { kind: 'empty' } }, 'operationId'],
      [{ account: 'nobody-here', effect: { kind: 'empty' } }, 'account'],
      [{ effect: { kind: 'status', status: 200 } }, 'effect.status'],
      [{ effect: { kind: 'delayUniform', minMs: 500, maxMs: 100 } }, 'effect.maxMs'],
      [{ effect: { kind: 'teleport' } }, 'effect.kind'],
      [{ probability: 2, effect: { kind: 'empty' } }, 'probability'],
      [{ pathPattern: 'api/no-slash', effect: { kind: 'empty' } }, 'pathPattern'],
    ] as const) {
      const res = await callApi(app, api.devtools.addFault, { body: body as unknown as FaultInput });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage, JSON.stringify(body)).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    }
    expect((await callApi(app, api.devtools.faults)).json().response).toEqual([]);
    expect((await callApi(app, api.devtools.deleteFault, { params: { id: 999_999 } })).statusCode).toBe(404);
  });
});

describe('the virtual clock (/dev/clock)', () => {
  it('moves the server’s now: set, advance, reset', async () => {
    const real = Date.now();
    const set = (await callApi(app, api.devtools.setClock, { body: { at: '2030-01-01T00:00:00Z' } })).json().response;
    expect(Math.abs(Date.parse(set.now) - Date.parse('2030-01-01T00:00:00Z'))).toBeLessThan(5_000);
    expect(set.virtual).toBe(true);
    const ahead = (await callApi(app, api.devtools.setClock, { body: { advanceMs: 86_400_000 } })).json().response;
    expect(Math.abs(Date.parse(ahead.now) - Date.parse('2030-01-02T00:00:00Z'))).toBeLessThan(5_000);
    const back = (await callApi(app, api.devtools.resetClock)).json().response;
    expect(back).toMatchObject({ offsetMs: 0, virtual: false });
    expect(Math.abs(Date.parse(back.now) - real)).toBeLessThan(5_000);
    expect((await callApi(app, api.devtools.setClock, { body: { advanceMs: 'soon' } })).statusCode).toBe(400);
  });

  it('ends an idle session when moved past the idle time-out (440), with no waiting', async () => {
    const p = await partner();
    expect((await partnerInfo(p.auth)).statusCode).toBe(200);
    await callApi(app, api.devtools.setClock, { body: { advanceMs: IDLE_TIMEOUT_MS + 60_000 } });
    const idle = await partnerInfo(p.auth);
    expect(idle.statusCode).toBe(HTTP_SESSION_IDLE);
    expect(idle.json().failureMessage).toBe(MESSAGES.sessionIdle);
  });
});

describe('the journal (/dev/journal)', () => {
  it('keeps requests and answers, secrets redacted and numbers masked, filtered by account, client and path, and as HAR', async () => {
    await callApi(app, api.devtools.clearJournal);
    const p = await partner();
    await partnerInfo({ ...p.auth, [DEV_CLIENT_HEADER]: 'journal-test' });
    await callApi(app, api.onboarding.saveOrgDetails, {
      headers: p.auth,
      body: { aadhaarNumber: '234567890124' },
    });
    const entries = (await callApi(app, api.devtools.journal, { query: { limit: 50 } })).json().response;
    const signin = entries.find((e) => e.url.endsWith('/api/auth/signin'))!;
    expect(signin.request.body).toContain(`"password":"${REDACTED}"`);
    expect(signin.request.body).not.toContain('Test@1234');
    expect(signin.response.body).toContain(`"accessToken":"${REDACTED}"`);
    const info = entries.find((e) => e.operationId === 'partnerInfo')!;
    expect(info).toMatchObject({ method: 'GET', status: 200, account: p.username.toLowerCase(), client: 'journal-test' });
    expect(info.request.headers.authorization).toBe(REDACTED);
    expect(info.response.body).toContain(`"partnerId":${p.partner.id}`);
    const statutory = entries.find((e) => e.operationId === 'onboardingSaveOrgDetails')!;
    expect(statutory.request.body).toContain('••••••••0124');
    expect(statutory.request.body).not.toContain('234567890124');

    const byAccount = (await callApi(app, api.devtools.journal, { query: { account: p.username } })).json().response;
    expect(byAccount.map((e) => e.operationId)).toEqual(['onboardingSaveOrgDetails', 'partnerInfo']);
    expect((await callApi(app, api.devtools.journal, { query: { client: 'journal-test' } })).json().response).toHaveLength(1);
    expect(
      (await callApi(app, api.devtools.journal, { query: { path: '/api/auth/' } })).json().response.length,
    ).toBeGreaterThanOrEqual(1);
    const newer = (await callApi(app, api.devtools.journal, { query: { afterId: info.id } })).json().response;
    expect(newer.map((e) => e.id).every((id) => id > info.id)).toBe(true);

    const har = await app.inject({
      method: 'GET',
      url: endpointUrl(api.devtools.journalHar, { query: { account: p.username } }),
    });
    expect(har.headers['content-disposition']).toContain('.har');
    const log = har.json<{
      log: { version: string; entries: { request: { method: string; url: string }; response: { status: number } }[] };
    }>().log;
    expect(log.version).toBe('1.2');
    expect(log.entries.map((e) => [e.request.method, new URL(e.request.url).pathname, e.response.status])).toEqual([
      ['GET', endpointUrl(api.partner.info), 200],
      ['POST', endpointUrl(api.onboarding.saveOrgDetails), expect.any(Number)],
    ]);
    // Reading the journal is not journaled.
    expect(entries.some((e) => e.url.includes('/dev/'))).toBe(false);
  });

  it('keeps a request whose client left before the answer, and the requests written beside it', async () => {
    const p = await partner();
    await callApi(app, api.devtools.clearJournal);
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}${endpointUrl(api.partner.info)}`;
    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'delayUniform', minMs: 400, maxMs: 400 } });
    // The client gives up while the answer is held back: the answer goes to a closed socket.
    const leaving = new AbortController();
    const leaves = fetch(url, { headers: { ...p.auth, [DEV_CLIENT_HEADER]: 'gone' }, signal: leaving.signal });
    setTimeout(() => leaving.abort(), 100);
    await expect(leaves).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 500));
    // A connection the server drops (a fault) is journaled once too.
    await addFault({ operationId: 'partnerInfo', count: 1, effect: { kind: 'drop' } });
    await expect(fetch(url, { headers: { ...p.auth, [DEV_CLIENT_HEADER]: 'dropped' } })).rejects.toThrow();
    await partnerInfo({ ...p.auth, [DEV_CLIENT_HEADER]: 'stayed' });
    await app.devControls.journal.flush();
    const entries = (await callApi(app, api.devtools.journal, { query: { limit: 50 } })).json().response;
    const gone = entries.find((e) => e.client === 'gone');
    // No answer went out: no status, as for a dropped connection, and the address it came from.
    expect(gone).toMatchObject({ operationId: 'partnerInfo', status: 0, ip: '127.0.0.1' });
    expect(entries.filter((e) => e.client === 'dropped').map((e) => e.status)).toEqual([0]);
    expect(entries.find((e) => e.client === 'stayed')).toMatchObject({ status: 200, account: p.username.toLowerCase() });
  });

  it('reaches every entry kept: pages back with beforeId, a HAR of all of them, and a path pattern as the rules take', async () => {
    await callApi(app, api.devtools.clearJournal);
    const count = JOURNAL_PAGE_MAX + 100;
    for (let i = 0; i < count; i++) await callApi(app, api.health.health, { headers: { [DEV_CLIENT_HEADER]: 'paging' } });
    const p = await partner();
    await partnerInfo({ ...p.auth, [DEV_CLIENT_HEADER]: 'paging' });
    await callApi(app, api.faq.getAllFaqs, { body: {}, headers: { [DEV_CLIENT_HEADER]: 'paging' } });

    const seen: number[] = [];
    let beforeId: number | undefined;
    for (;;) {
      const page = (
        await callApi(app, api.devtools.journal, {
          query: { client: 'paging', limit: JOURNAL_PAGE_MAX, ...(beforeId ? { beforeId } : {}) },
        })
      ).json().response;
      if (page.length === 0) break;
      seen.push(...page.map((e) => e.id));
      beforeId = page.at(-1)!.id;
    }
    expect(seen).toHaveLength(count + 2);
    expect(new Set(seen).size).toBe(count + 2);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);

    const har = await app.inject({ method: 'GET', url: endpointUrl(api.devtools.journalHar, { query: { client: 'paging' } }) });
    expect(har.json<{ log: { entries: unknown[] } }>().log.entries).toHaveLength(count + 2);

    const byPattern = async (path: string) =>
      (await callApi(app, api.devtools.journal, { query: { client: 'paging', path } })).json().response.map((e) => e.operationId);
    expect(await byPattern('/api/partner/*')).toEqual(['partnerInfo']);
    expect(await byPattern('/partner-api/api/partner/*')).toEqual(['partnerInfo']);
    expect(await byPattern('/api/*/getAllFaqs')).toEqual(['faqGetAllFaqs']);
    expect(await byPattern('**/info')).toEqual(['partnerInfo']);
    expect((await byPattern('/partner-api/**')).length).toBe(100);
    // Without a `*`, a part of the path, as before.
    expect(await byPattern('getAllFaqs')).toEqual(['faqGetAllFaqs']);
  });

  it('keeps at most its count and bytes, the oldest going first', async () => {
    const small = await buildTestApp(db, { env: { DEV_JOURNAL_MAX_ENTRIES: '5', DEV_JOURNAL_MAX_BYTES: '20000' } });
    await callApi(small, api.devtools.clearJournal);
    for (let i = 0; i < 8; i++) await callApi(small, api.health.health, { headers: { [DEV_CLIENT_HEADER]: `n${i}` } });
    const kept = (await callApi(small, api.devtools.journal)).json().response;
    expect(kept.map((e) => e.client)).toEqual(['n7', 'n6', 'n5', 'n4', 'n3']);
    // Bodies of 4.5 KB: 20,000 bytes hold fewer than five of them.
    for (let i = 0; i < 5; i++) {
      await callApi(small, api.faq.getAllFaqs, {
        body: { filler: 'x'.repeat(4_500) },
        headers: { [DEV_CLIENT_HEADER]: `big${i}` },
      });
    }
    const bySize = (await callApi(small, api.devtools.journal)).json().response;
    const bytes = await db.devJournalEntry.aggregate({ _sum: { bytes: true } });
    expect(bytes._sum.bytes).toBeLessThanOrEqual(20_000);
    expect(bySize.length).toBeLessThan(5);
    expect(bySize[0]!.client).toBe('big4');
  });
});

describe('the journal when the database falls behind', () => {
  it('holds at most its cap in memory, the oldest going first, and writes the newest once the table is free', async () => {
    const small = await buildTestApp(db, { env: { DEV_JOURNAL_MAX_ENTRIES: '20' } });
    await callApi(small, api.devtools.clearJournal);
    const writer = small.devControls.journal;
    let release!: () => void;
    const locked = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // A reset or a slow disk, as the journal sees it: its table locked for as long as the test says.
    const lock = db.$transaction(
      async (tx) => {
        await tx.$executeRaw`LOCK TABLE "DevJournalEntry" IN ACCESS EXCLUSIVE MODE`;
        holding();
        await locked;
      },
      { timeout: 60_000 },
    );
    await held;
    for (let i = 0; i < 300; i++) await callApi(small, api.health.health, { headers: { [DEV_CLIENT_HEADER]: `n${i}` } });
    expect(writer.pending.entries).toBeLessThanOrEqual(20);
    expect(writer.pending.entries).toBeGreaterThan(0);
    release();
    await lock;
    await writer.flush();
    const kept = (await callApi(small, api.devtools.journal)).json().response.filter((e) => e.client?.startsWith('n'));
    expect(kept.map((e) => e.client)).toEqual(Array.from({ length: 20 }, (_, i) => `n${299 - i}`));
    expect(writer.pending.entries).toBe(0);
  });
});

describe('the journal at thousands of requests a second', () => {
  it('makes entries (redacts, serialises) only of the captures it keeps, the newest, in order', async () => {
    const small = await buildTestApp(db, { env: { DEV_JOURNAL_MAX_ENTRIES: '20' } });
    await callApi(small, api.devtools.clearJournal);
    const writer = small.devControls.journal;
    let made = 0;
    // A body the journal serialises when it makes the entry: each making counted.
    const body = {
      toJSON: () => {
        made += 1;
        return { question: 'What is a KYP?' };
      },
    };
    for (let i = 0; i < 300; i++)
      writer.add({
        atMs: Date.now(),
        method: 'POST',
        url: `/partner-api/api/faq/getAllFaqs?i=${i}`,
        routeUrl: undefined,
        operationId: null,
        status: 200,
        durationMs: 1,
        userId: null,
        client: `m${i}`,
        ip: '127.0.0.1',
        fault: null,
        requestHeaders: { 'content-type': 'application/json' },
        requestBody: body,
        responseHeaders: {},
        payload: null,
      });
    await writer.flush();
    expect(made).toBe(20);
    const kept = (await callApi(small, api.devtools.journal)).json().response.filter((e) => e.client?.startsWith('m'));
    expect(kept.map((e) => e.client)).toEqual(Array.from({ length: 20 }, (_, i) => `m${299 - i}`));
    expect(kept[0]!.request.body).toBe('{"question":"What is a KYP?"}');
  });
});

describe('two server instances', () => {
  it('both obey a fault and the clock set on one', async () => {
    const p = await partner();
    const other = await buildTestApp(db, { databaseUrl: urlOfTestDatabase(db)! });
    await other.ready();
    await addFault({ operationId: 'partnerInfo', effect: { kind: 'status', status: 500 } });
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && (status = (await callApi(other, api.partner.info, { headers: p.auth })).statusCode) !== 500) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(500);
    await callApi(app, api.devtools.setClock, { body: { advanceMs: 3_600_000 } });
    let offset = 0;
    while (Date.now() < deadline && (offset = (await callApi(other, api.devtools.clock)).json().response.offsetMs) === 0) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(offset).toBe(3_600_000);
  });
});

describe('who may use the controls', () => {
  it('answers loopback clients only by default, nobody when off, and is off in production', async () => {
    expect((await callApi(app, api.devtools.faults, { headers: { 'x-forwarded-for': '10.1.2.3' } })).statusCode).toBe(404);
    expect((await callApi(app, api.devtools.clock, { headers: { 'x-forwarded-for': '127.0.0.5' } })).statusCode).toBe(200);
    const off = await buildTestApp(db, { env: { DEV_CONTROLS: 'off' } });
    expect((await callApi(off, api.devtools.faults)).statusCode).toBe(404);
    await addFault({ operationId: 'healthHealth', effect: { kind: 'status', status: 500 } });
    // An instance whose controls are off obeys none of them.
    expect((await callApi(off, api.health.health)).statusCode).toBe(200);
    const beyond = await buildTestApp(db, { env: { HOST: '0.0.0.0' } });
    expect((await callApi(beyond, api.devtools.faults)).statusCode).toBe(404);
  });
});

describe('stopping', () => {
  it('logs nothing when the database goes away as the server closes (Ctrl-C reaches both at once)', async () => {
    let gone = false;
    const refuse = () => Promise.reject(new Error('terminating connection due to administrator command'));
    // Every statement the controls and the journal make fails once the database is gone.
    const wrap = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(t, key) {
          const value: unknown = Reflect.get(t, key);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => (gone ? refuse() : (value as (...a: unknown[]) => unknown).apply(t, args));
        },
      });
    const models = new Set<PropertyKey>(['devFault', 'devClock', 'devJournalEntry', 'userAccount']);
    const going = new Proxy(db, {
      get(t, key) {
        const value: unknown = Reflect.get(t, key);
        if (models.has(key)) return wrap(value as object);
        if (key === '$queryRaw' || key === '$executeRaw')
          return (...args: unknown[]) => (gone ? refuse() : (value as (...a: unknown[]) => unknown).apply(t, args));
        return value;
      },
    });
    const lines: string[] = [];
    const stopping = await buildTestApp(going, {
      databaseUrl: urlOfTestDatabase(db)!,
      errorLog: { write: (line) => lines.push(line) },
      logLevel: 'warn',
    });
    await stopping.ready();
    // A journal entry waiting to be written when the stop comes.
    await callApi(stopping, api.health.health);
    gone = true;
    const closed = stopping.close();
    // As the change feed or the poll would ask while the server closes (the signal reached both).
    await new Promise((resolve) => setImmediate(resolve));
    await stopping.devControls.reload();
    await closed;
    const said = () =>
      lines.map((l) => String((JSON.parse(l) as { msg?: string }).msg)).filter((msg) => !msg.startsWith('No web build'));
    expect(said()).toEqual([]);
    // While it runs, a refused read is still said.
    const running = await buildTestApp(going, {
      databaseUrl: urlOfTestDatabase(db)!,
      errorLog: { write: (line) => lines.push(line) },
      logLevel: 'warn',
    });
    gone = false;
    await running.ready();
    gone = true;
    await running.devControls.reload();
    gone = false;
    expect(said()).toEqual(['developer controls not read: the last ones hold']);
  });
});
