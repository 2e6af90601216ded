/**
 * The attacker's pass of the security report, rerunnable: starts its own stack on loopback (own
 * ports and data folder), then runs, bounded in count and time and against 127.0.0.1 only:
 *   1. a fuzz of ≥ 10,000 generated hostile requests over every contract endpoint, counting 5xx
 *      and answers without the envelope or the security headers;
 *   2. 36 bodies of 900 KB through the /chatbot proxy;
 *   3. a chat and callback flood from one client;
 *   4. lock-out attempts: a stranger's wrong passwords, then the owner from elsewhere;
 *   5. 50 voice sockets streaming speech at once.
 * Clients are told apart by their source address (127.0.0.x), as the server sees them.
 * Prints one table and writes test-results/abuse.json. Run: npm run test:abuse
 */
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { request, Agent } from 'node:http';
import { connect } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import { z } from 'zod';
import {
  GATEWAY_PREFIX,
  PARTNER_API_PREFIX,
  RATE_LIMITS,
  SIGNIN_THROTTLE,
  VOICE_INPUT_SAMPLE_RATE_HZ,
  VOICE_SOCKET_PATH,
  api,
  buildPath,
  endpointUrl,
  gatewayApi,
  type Endpoint,
} from '@pp/contract';
import { embeddedDatabaseUrl } from '@pp/db/embedded';
import { fixtures } from '@pp/fixtures';
import { Resampler, speakToPcm } from '@pp/gateway';
import { startStackOn } from './lib/startup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 8390;
const PG_PORT = 5633;
const BASE = `http://127.0.0.1:${PORT}`;
const ORIGIN = `http://localhost:${PORT}`;
const DATA_DIR = path.join(root, '.data/abuse');
const FUZZ_REQUESTS = Number(process.env.ABUSE_FUZZ_REQUESTS ?? 10_500);
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 15_000;

const log = (message: string) => console.log(`[abuse] ${message}`);

// ---------------------------------------------------------------------------------------------
// The stack

// ---------------------------------------------------------------------------------------------
// One HTTP exchange, from a chosen loopback address

interface Answer {
  status: number | 'timeout' | 'error';
  headers: Record<string, string | string[] | undefined>;
  body: string;
  ms: number;
}

const agents = new Map<string, Agent>();
const agentFor = (localAddress: string) => {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new Agent({ keepAlive: true, localAddress, maxSockets: 4 })));
  return agent;
};

interface Exchange {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  from?: string;
}

function send(x: Exchange): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: PORT,
        method: x.method,
        path: x.path,
        headers: { ...(x.body !== undefined ? { 'content-length': Buffer.byteLength(x.body) } : {}), ...x.headers },
        agent: agentFor(x.from ?? '127.0.0.1'),
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('timeout', () => {
      req.destroy();
      resolve({ status: 'timeout', headers: {}, body: '', ms: performance.now() - started });
    });
    req.on('error', (error: Error & { code?: string }) =>
      resolve({ status: 'error', headers: {}, body: error.code ?? error.message, ms: performance.now() - started }),
    );
    if (x.headers?.expect === '100-continue') req.on('continue', () => req.end(x.body));
    else req.end(x.body);
  });
}

/** Bytes Node's own client would never send, over a bare socket; the first answer is read. */
function sendRaw(raw: { bytes: string; halfClose?: boolean }, from: string): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: PORT, localAddress: from }, () =>
      raw.halfClose ? socket.end(raw.bytes) : socket.write(raw.bytes),
    );
    let text = '';
    socket.setEncoding('latin1').on('data', (c: string) => (text += c));
    socket.setTimeout(REQUEST_TIMEOUT_MS, () => socket.destroy());
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const status = Number(statusLine.split(' ')[1]);
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      const length = Number(headers['content-length'] ?? 0);
      resolve({
        status: Number.isFinite(status) && status > 0 ? status : text ? 'error' : 'timeout',
        headers,
        body: Buffer.from(rest.join('\r\n\r\n'), 'latin1').subarray(0, length).toString('utf8'),
        ms: performance.now() - started,
      });
    });
    socket.on('error', () => undefined);
  });
}

// ---------------------------------------------------------------------------------------------
// 1. The fuzz

/** A small seeded generator, so a run can be repeated request for request. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = prng(20261124);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  1e308,
  2 ** 53 + 1,
  '',
  '   ',
  'x'.repeat(100_000),
  'a\u0000b',
  '\u0001\u0002\u001b[31m',
  '😀'.repeat(50),
  '\u202eevil',
  'Z̸̡̛͓a̶l̷g̵o̴',
  '\ud800',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '__proto__',
  '1e999',
  '0x10',
  [],
  [1, 2, 3],
  {},
  { nested: { deeper: [{}] } },
  { __proto__: { polluted: true } },
];
const HOSTILE_SEGMENTS = [
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f',
  '%00',
  '%ff%fe',
  '%',
  '%zz',
  'x'.repeat(1000),
  '0x10',
  '1e3',
  '%201',
  '-1',
  '99999999999999999999',
  '%E0%A4%A',
  "'%20OR%201=1",
  '%0d%0aSet-Cookie:%20a=b',
  ';jsessionid=1',
  '.',
  '..',
  'a/b/c',
  '%F0%9F%92%A5',
];
const BROKEN_BODIES: { body: string; type: string }[] = [
  { body: '', type: 'application/json' },
  { body: 'null', type: 'application/json' },
  { body: '[]', type: 'application/json' },
  { body: '"text"', type: 'application/json' },
  { body: '12', type: 'application/json' },
  { body: '{', type: 'application/json' },
  { body: '{"a":}', type: 'application/json' },
  { body: '{"a":1,"a":2}', type: 'application/json' },
  { body: '\ufeff{}', type: 'application/json' },
  { body: '{}', type: 'application/json; charset=utf-16' },
  { body: '{}', type: 'APPLICATION/JSON' },
  { body: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>', type: 'application/xml' },
  { body: 'plain', type: 'text/plain' },
  { body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--', type: 'multipart/form-data; boundary=b' },
  { body: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, type: 'application/json' },
  { body: JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}`, i]))), type: 'application/json' },
  { body: JSON.stringify({ big: 'x'.repeat(1_100_000) }), type: 'application/json' },
  { body: '{"__proto__":{"polluted":true}}', type: 'application/json' },
  { body: '{"constructor":{"prototype":{"polluted":true}}}', type: 'application/json' },
];
/**
 * Requests over a bare socket. The valid ones ask to close, so the answer ends the exchange; the
 * last one promises more body than it sends and then closes its side, as a client that gives up.
 */
const RAW_REQUESTS: { bytes: string; halfClose?: boolean }[] = [
  { bytes: 'GARBAGE\r\n\r\n' },
  { bytes: 'FOO /partner-api/health HTTP/1.1\r\nHost: x\r\n\r\n' },
  { bytes: 'GET /partner-api/\u0001health HTTP/1.1\r\nHost: x\r\n\r\n' },
  { bytes: 'GET /partner-api/health HTTP/9.9\r\nHost: x\r\n\r\n' },
  {
    bytes:
      'POST /partner-api/api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  },
  {
    bytes:
      'POST /partner-api/api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
  },
  { bytes: `GET /partner-api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n` },
  {
    bytes: `GET /partner-api/api/isCustomerAdmin HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${Array.from({ length: 200 }, (_, i) => `X-H${i}: v`).join('\r\n')}\r\n\r\n`,
  },
  { bytes: 'GET /partner-api/health HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n' },
  {
    bytes:
      'POST /partner-api/api/auth/signin HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{"a"',
    halfClose: true,
  },
];

const ENDPOINTS: Endpoint[] = [
  ...Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]),
  ...(Object.values(gatewayApi) as Endpoint[]),
];

const fieldsOf = (schema: z.ZodType | undefined): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);
const paramNames = (e: Endpoint) => [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** encodeURIComponent, or for a lone surrogate (which it refuses) the bad bytes a careless client sends. */
const encodeLoosely = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

/** One hostile variant of a call to an endpoint. */
function variant(e: Endpoint, token: string | null, kind: number): Exchange | { raw: (typeof RAW_REQUESTS)[number] } {
  const params = Object.fromEntries(paramNames(e).map((p) => [p, '1']));
  let path = endpointUrl(e, { params });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let method: string = e.method;
  let body: string | undefined;
  const fields = fieldsOf(e.body);
  switch (kind % 9) {
    case 0: {
      // A body field gets a hostile value (or goes missing, or an extra one comes).
      const value = Object.fromEntries(fields.map((f) => [f, 'x']));
      const field = fields.length ? pick(fields) : 'anything';
      const roll = random();
      if (roll < 0.1) delete value[field];
      else if (roll < 0.2) value.role = 'ADMIN';
      else value[field] = pick(HOSTILE_VALUES) as string;
      body = JSON.stringify(value);
      headers['content-type'] = 'application/json';
      if (e.method === 'GET') method = 'POST';
      break;
    }
    case 1: {
      const broken = pick(BROKEN_BODIES);
      body = broken.body;
      headers['content-type'] = broken.type;
      if (e.method === 'GET') method = pick(['POST', 'PUT', 'PATCH']);
      break;
    }
    case 2: {
      // A path parameter (or, without one, an extra segment) gets a hostile value.
      const names = paramNames(e);
      path = names.length
        ? `${e.prefix ?? PARTNER_API_PREFIX}${buildPath(e.path, Object.fromEntries(names.map((n) => [n, '1']))).replace(
            /\/1(?=\/|$)/,
            `/${pick(HOSTILE_SEGMENTS)}`,
          )}`
        : `${path}/${pick(HOSTILE_SEGMENTS)}`;
      break;
    }
    case 3: {
      // Query parameters: hostile values of the real ones, junk ones, many.
      const names = fieldsOf(e.query);
      const name = names.length ? pick(names) : 'q';
      const value = String(pick(HOSTILE_VALUES)).slice(0, 20_000);
      const extra = random() < 0.2 ? Array.from({ length: 1000 }, (_, i) => `j${i}=1`).join('&') : `${name}[]=1&__proto__[x]=1`;
      path = `${path.split('?')[0]}?${encodeURIComponent(name)}=${encodeLoosely(value)}&${extra}`;
      break;
    }
    case 4: {
      // Headers: Expect, encodings, overrides, a header too large.
      const roll = Math.floor(random() * 8);
      if (roll === 0) headers.expect = '100-continue';
      if (roll === 1) headers['content-encoding'] = 'gzip';
      if (roll === 2) headers['x-http-method-override'] = 'DELETE';
      if (roll === 3) headers['x-big'] = 'a'.repeat(20_000);
      if (roll === 4) headers.accept = 'application/xml';
      if (roll === 5) headers.range = 'bytes=0-10';
      if (roll === 6) headers['x-forwarded-host'] = 'evil.example';
      if (roll === 7) headers.authorization = `Bearer ${'a'.repeat(300)}.${'b'.repeat(300)}.${'c'.repeat(40)}`;
      body = JSON.stringify(Object.fromEntries(fields.map((f) => [f, 'x'])));
      headers['content-type'] = 'application/json';
      if (e.method === 'GET') body = undefined;
      break;
    }
    case 5:
      method = pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD']);
      break;
    case 6:
      path = pick([`${path}/`, path.replace('/api/', '//api/'), path.toUpperCase(), `${path}/..`, `${path};jsessionid=1`]);
      break;
    case 7:
      return { raw: pick(RAW_REQUESTS) };
    default: {
      // A forged or tampered token.
      const forged = pick([
        'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwicm9sZSI6IkFETUlOIn0.',
        token ? `${token.slice(0, -3)}abc` : 'garbage',
        token ? token.split('.').slice(0, 2).join('.') : '',
      ]);
      headers.authorization = `Bearer ${forged}`;
    }
  }
  return { method, path, headers, ...(body !== undefined ? { body } : {}) };
}

interface FuzzFigures {
  requests: number;
  seconds: number;
  byStatus: Record<string, number>;
  serverErrors: { path: string; status: string }[];
  /** Refused over a limit and closed while Node's client was still sending: not the server failing. */
  resetWhileSending: number;
  withoutEnvelope: { path: string; status: number | string; body: string }[];
  withoutHeaders: { path: string; status: number | string }[];
}

/** Whether an answer on an API or gateway path is in the envelope (errors) or JSON (successes). */
function envelopeProblem(method: string, path: string, answer: Answer): string | null {
  const apiPath = path.startsWith(PARTNER_API_PREFIX) || path.startsWith(GATEWAY_PREFIX);
  if (!apiPath || path.includes('/docs') || answer.status === 204 || typeof answer.status !== 'number') return null;
  if (method === 'HEAD') return null;
  // HEAD answers carry no body by definition.
  if (answer.body === '' && answer.status < 400) return null;
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return 'not JSON';
  }
  if (answer.status < 400) return null;
  const e = json as { response?: unknown; failureMessage?: unknown; errorCode?: unknown };
  return e.response === null && typeof e.failureMessage === 'string' && e.errorCode === answer.status ? null : 'not the envelope';
}

async function fuzz(token: string, db: pg.Pool): Promise<FuzzFigures> {
  const figures: FuzzFigures = {
    requests: 0,
    seconds: 0,
    byStatus: {},
    serverErrors: [],
    resetWhileSending: 0,
    withoutEnvelope: [],
    withoutHeaders: [],
  };
  const jobs: (() => Promise<void>)[] = [];
  const perEndpoint = Math.ceil(FUZZ_REQUESTS / ENDPOINTS.length);
  ENDPOINTS.forEach((e, ei) => {
    for (let k = 0; k < perEndpoint; k++) {
      const x = variant(e, k % 2 === 0 ? token : null, k + ei);
      const from = `127.0.10.${1 + ((k + ei) % 40)}`;
      jobs.push(async () => {
        const answer = 'raw' in x ? await sendRaw(x.raw, from) : await send({ ...x, from });
        const path = 'raw' in x ? '(raw)' : x.path;
        figures.requests++;
        figures.byStatus[String(answer.status)] = (figures.byStatus[String(answer.status)] ?? 0) + 1;
        // A request over a limit (a 20 KB header, a body over 1 MB) is refused at once and the
        // connection closed, so Node's client can fail writing the rest: the server did not fail.
        const overLimit = !('raw' in x) && (x.headers?.['x-big'] !== undefined || Buffer.byteLength(x.body ?? '') > 1024 * 1024);
        if (answer.status === 'error' && overLimit) figures.resetWhileSending++;
        else if (typeof answer.status !== 'number' || answer.status >= 500) {
          figures.serverErrors.push({ path, status: `${answer.status} ${answer.body.slice(0, 40)}` });
        }
        if (typeof answer.status === 'number') {
          if (answer.headers['x-frame-options'] !== 'DENY' || answer.headers['x-content-type-options'] !== 'nosniff') {
            figures.withoutHeaders.push({ path, status: answer.status });
          }
          const problem =
            'raw' in x ? envelopeProblem('RAW', PARTNER_API_PREFIX, answer) : envelopeProblem(x.method, path, answer);
          if (problem) figures.withoutEnvelope.push({ path, status: answer.status, body: answer.body.slice(0, 200) });
        }
      });
    }
  });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++]!;
        await job();
        // As the report's harness did: empty the counters now and then, so limits do not hide what validation says.
        if (figures.requests % 250 === 0) await db.query('DELETE FROM "RateLimitBucket"; DELETE FROM "SigninThrottle"');
        if (figures.requests % 1000 === 0) log(`fuzz: ${figures.requests} of ${jobs.length}`);
      }
    }),
  );
  figures.seconds = (performance.now() - started) / 1000;
  return figures;
}

// ---------------------------------------------------------------------------------------------
// 2.–4. Bodies, floods, lock-out

async function bigBodies() {
  const body = JSON.stringify({ sender: 'big', message: 'x'.repeat(900 * 1024) });
  const answers = await Promise.all(
    Array.from({ length: 36 }, (_, i) =>
      send({
        method: 'POST',
        path: endpointUrl(gatewayApi.bot),
        headers: { 'content-type': 'application/json' },
        body,
        from: `127.0.1.${1 + (i % 6)}`,
      }),
    ),
  );
  return tally(answers.map((a) => a.status));
}

function tally(statuses: (number | string)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const s of statuses) counts[String(s)] = (counts[String(s)] ?? 0) + 1;
  return counts;
}

const countRows = async (db: pg.Pool, table: string) =>
  Number((await db.query<{ count: string }>(`SELECT count(*) FROM "${table}"`)).rows[0]!.count);

async function floods(db: pg.Pool) {
  const chat = (message: string, from: string) =>
    send({
      method: 'POST',
      path: endpointUrl(gatewayApi.bot),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sender: `flood-${from}-${Math.floor(random() * 1e9)}`, message }),
      from,
    });
  const before = await countRows(db, 'PartnerQuery');
  const conversationsBefore = await countRows(db, 'ChatConversation');
  const messages = [];
  for (let i = 0; i < 200; i++) messages.push((await chat('hello', '127.0.2.1')).status);
  const callbacks = [];
  for (let i = 0; i < 200; i++) {
    const answer = await chat(`Asha Verma,Verma Steel,9876543210,asha${i}@verma.in`, '127.0.2.2');
    callbacks.push(
      answer.status === 200 && /PQ\d{7}/.test(answer.body)
        ? 'recorded'
        : answer.status === 200
          ? 'refused in words'
          : answer.status,
    );
  }
  const after = await countRows(db, 'PartnerQuery');
  const conversationsAfter = await countRows(db, 'ChatConversation');
  return {
    chatMessagesFromOneClient: tally(messages),
    callbacksFromOneClient: tally(callbacks),
    partnerQueryRowsCreated: after - before,
    conversationRowsCreated: conversationsAfter - conversationsBefore,
  };
}

async function lockout() {
  const demo = fixtures.demoAccounts();
  const signin = (username: string, password: string, from: string) =>
    send({
      method: 'POST',
      path: endpointUrl(api.auth.signin),
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
      from,
    });
  const attempts = 2 * SIGNIN_THROTTLE.freeAttempts;
  const stranger: (number | string)[] = [];
  const strangerMs: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const a = await signin(demo.partner.username, 'Wrong@12345', '127.0.3.1');
    stranger.push(a.status);
    strangerMs.push(a.ms);
  }
  const owner = await signin(demo.partner.username, demo.password, '127.0.3.2');
  const unknown: (number | string)[] = [];
  const unknownBodies: string[] = [];
  const knownBodies: string[] = [];
  const unknownMs: number[] = [];
  for (let i = 0; i < attempts; i++) {
    const a = await signin('no_such_partner_here', 'Wrong@12345', '127.0.3.3');
    unknown.push(a.status);
    unknownBodies.push(a.body);
    unknownMs.push(a.ms);
  }
  for (let i = 0; i < attempts; i++) knownBodies.push((await signin(demo.staff[0]!.username, 'Wrong@12345', '127.0.3.4')).body);
  const reset = async (loginName: string) =>
    (
      await send({
        method: 'GET',
        path: endpointUrl(api.account.sendResetOtp, { query: { loginName, channel: 'mobile' } }),
        from: '127.0.3.5',
      })
    ).body;
  return {
    strangerAttempts: tally(stranger),
    ownerFromElsewhere: owner.status,
    unknownNameAttempts: tally(unknown),
    sameAnswersForUnknownAndKnownNames: JSON.stringify(unknownBodies) === JSON.stringify(knownBodies),
    sameResetAnswer: (await reset('no_such_partner_here')) === (await reset(demo.partner.username)),
    medianSigninMs: {
      known: median(strangerMs.slice(0, SIGNIN_THROTTLE.freeAttempts)),
      unknown: median(unknownMs.slice(0, SIGNIN_THROTTLE.freeAttempts)),
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? Math.round(sorted[Math.floor(sorted.length / 2)]! * 10) / 10 : 0;
};

// ---------------------------------------------------------------------------------------------
// 5. Voice

/** Live pocketsphinx processes now (from /proc, which pgrep sampled unreliably in the report). */
function recognisersRunning(): number {
  let n = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes('pocketsphinx')) n++;
    } catch {
      // gone meanwhile
    }
  }
  return n;
}

async function voiceCrowd(sockets: number) {
  const { pcm, sampleRate } = await speakToPcm('how do I register as a partner', 'en-us');
  const speech = new Resampler(sampleRate, VOICE_INPUT_SAMPLE_RATE_HZ).processInt16(pcm);
  const audio = new Int16Array(5 * VOICE_INPUT_SAMPLE_RATE_HZ);
  audio.set(speech.subarray(0, audio.length), Math.round(0.3 * VOICE_INPUT_SAMPLE_RATE_HZ));
  const frame = VOICE_INPUT_SAMPLE_RATE_HZ / 10;

  let peak = 0;
  const healthMs: number[] = [];
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, recognisersRunning());
      const t = performance.now();
      await fetch(`${BASE}${endpointUrl(gatewayApi.health)}`).catch(() => undefined);
      healthMs.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const outcomes = await Promise.all(
    Array.from(
      { length: sockets },
      (_, i) =>
        new Promise<{ kind: string; text?: string; afterStopMs?: number }>((resolve) => {
          const socket = new WebSocket(`ws://127.0.0.1:${PORT}${VOICE_SOCKET_PATH}`, {
            origin: ORIGIN,
            localAddress: `127.0.4.${1 + Math.floor(i / 4)}`,
          });
          let stoppedAt = 0;
          const timer = setTimeout(() => {
            socket.terminate();
            resolve({ kind: 'no answer in 120 s' });
          }, 120_000);
          const done = (outcome: { kind: string; text?: string; afterStopMs?: number }) => {
            clearTimeout(timer);
            socket.close();
            resolve(outcome);
          };
          socket.on('message', (data: Buffer) => {
            const m = JSON.parse(data.toString('utf8')) as { type: string; text?: string; message?: string };
            if (m.type === 'final')
              done({
                kind: /register/.test(m.text ?? '') ? 'final (recognised)' : 'final (other words)',
                text: m.text ?? '',
                afterStopMs: performance.now() - stoppedAt,
              });
            if (m.type === 'error') done({ kind: `error: ${m.message ?? ''}` });
          });
          socket.on('error', () => done({ kind: 'socket error' }));
          socket.on('open', async () => {
            socket.send(JSON.stringify({ type: 'start', lang: 'en-IN', sampleRate: VOICE_INPUT_SAMPLE_RATE_HZ }));
            // At the pace a microphone produces it.
            for (let at = 0; at < audio.length; at += frame) {
              if (socket.readyState !== WebSocket.OPEN) return;
              const chunk = audio.slice(at, at + frame);
              socket.send(Buffer.from(chunk.buffer));
              await new Promise((r) => setTimeout(r, 100));
            }
            stoppedAt = performance.now();
            if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' }));
          });
        }),
    ),
  );
  sampling = false;
  await sampler;
  const afterStop = outcomes.flatMap((o) => (o.afterStopMs === undefined ? [] : [o.afterStopMs]));
  return {
    sockets,
    outcomes: tally(outcomes.map((o) => o.kind)),
    recognisersAtOnceMax: peak,
    finalAfterStopMs: { median: median(afterStop), max: Math.round(Math.max(0, ...afterStop)) },
    gatewayHealthMs: { median: median(healthMs), max: Math.round(Math.max(0, ...healthMs)) },
  };
}

// ---------------------------------------------------------------------------------------------

const stack = await startStackOn({ port: PORT, pgPort: PG_PORT, dataDir: DATA_DIR }, [
  process.execPath,
  '--import',
  'tsx',
  'scripts/start.ts',
  '--fresh',
]);
const db = new pg.Pool({ connectionString: embeddedDatabaseUrl(PG_PORT, 'partner_portal'), max: 2 });
try {
  const demo = fixtures.demoAccounts();
  const signedIn = await send({
    method: 'POST',
    path: endpointUrl(api.auth.signin),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: demo.partner.username, password: demo.password }),
    from: '127.0.9.1',
  });
  const token = (JSON.parse(signedIn.body) as { response: { accessToken: string } }).response.accessToken;

  log(`fuzzing ${FUZZ_REQUESTS} requests over ${ENDPOINTS.length} endpoints…`);
  const fuzzed = await fuzz(token, db);
  await db.query('DELETE FROM "RateLimitBucket"; DELETE FROM "SigninThrottle"');
  log('900 KB bodies through the proxy…');
  const bodies = await bigBodies();
  log('chat and callback floods…');
  const flood = await floods(db);
  log('lock-out attempts…');
  const locks = await lockout();
  log('50 streaming voice sockets…');
  const voice = await voiceCrowd(50);

  const results = {
    at: new Date().toISOString(),
    fuzz: {
      ...fuzzed,
      serverErrors: fuzzed.serverErrors.slice(0, 20),
      withoutEnvelope: fuzzed.withoutEnvelope.slice(0, 20),
      withoutHeaders: fuzzed.withoutHeaders.slice(0, 20),
      counts: {
        serverErrors: fuzzed.serverErrors.length,
        withoutEnvelope: fuzzed.withoutEnvelope.length,
        withoutHeaders: fuzzed.withoutHeaders.length,
      },
    },
    bigBodiesThroughProxy: bodies,
    floods: flood,
    lockout: locks,
    voice,
    limits: { RATE_LIMITS, SIGNIN_THROTTLE },
  };
  mkdirSync(path.join(root, 'test-results'), { recursive: true });
  writeFileSync(path.join(root, 'test-results/abuse.json'), `${JSON.stringify(results, null, 2)}\n`);

  const rows: [string, string][] = [
    ['fuzz requests', `${fuzzed.requests} in ${fuzzed.seconds.toFixed(1)} s, from ${ENDPOINTS.length} endpoints`],
    ['fuzz status codes', JSON.stringify(fuzzed.byStatus)],
    ['fuzz 5xx / no answer', String(fuzzed.serverErrors.length)],
    ['fuzz: refused over a limit, closed while still sending', String(fuzzed.resetWhileSending)],
    ['fuzz answers without the envelope', String(fuzzed.withoutEnvelope.length)],
    ['fuzz answers without X-Frame-Options/nosniff', String(fuzzed.withoutHeaders.length)],
    ['36 × 900 KB through the proxy', JSON.stringify(bodies)],
    ['200 chat messages, one client', JSON.stringify(flood.chatMessagesFromOneClient)],
    ['200 callbacks, one client', `${JSON.stringify(flood.callbacksFromOneClient)}; ${flood.partnerQueryRowsCreated} rows`],
    ['conversation rows the floods left', String(flood.conversationRowsCreated)],
    [`${2 * SIGNIN_THROTTLE.freeAttempts} wrong passwords, stranger`, JSON.stringify(locks.strangerAttempts)],
    ['owner from elsewhere meanwhile', String(locks.ownerFromElsewhere)],
    [
      'unknown name, same attempts',
      `${JSON.stringify(locks.unknownNameAttempts)}; same bodies as a known name: ${locks.sameAnswersForUnknownAndKnownNames}`,
    ],
    ['reset OTP answer, unknown vs known', `same: ${locks.sameResetAnswer}`],
    ['median sign-in ms, known / unknown', `${locks.medianSigninMs.known} / ${locks.medianSigninMs.unknown}`],
    ['50 streaming voice sockets', JSON.stringify(voice.outcomes)],
    ['recognisers at once (max)', String(voice.recognisersAtOnceMax)],
    ['final text after stop, ms (median/max)', `${voice.finalAfterStopMs.median} / ${voice.finalAfterStopMs.max}`],
    ['gateway health meanwhile, ms (median/max)', `${voice.gatewayHealthMs.median} / ${voice.gatewayHealthMs.max}`],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join('\n')}\n\n  (written to test-results/abuse.json)\n`);
  if (fuzzed.serverErrors.length || fuzzed.withoutEnvelope.length || fuzzed.withoutHeaders.length) process.exitCode = 1;
} finally {
  await db.end();
  for (const agent of agents.values()) agent.destroy();
  await stack.stop();
}
