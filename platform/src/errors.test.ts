import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { MESSAGES, TEXTS, say } from '@pp/contract';
import { Conflict, Invalid, TooManyRequests } from './app-error.ts';
import { requestLanguage } from './language.ts';
import { OUTAGE_RETRY_AFTER_SECONDS, installErrorHandling } from './errors.ts';
import { isDependencyOutage } from './outage.ts';

/** Prisma's answer when the database cannot be reached, as its client throws it (shape only). */
const unreachable = () =>
  Object.assign(new Error("Can't reach database server at 127.0.0.1:5433"), {
    name: 'PrismaClientKnownRequestError',
    code: 'P1001',
    meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'DatabaseNotReachable' } } },
  });

/** A log stream that keeps every line written to it. */
function loggedLines() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}

describe('a dependency outage', () => {
  it.each([
    ['Prisma: unreachable', unreachable()],
    [
      'Prisma raw query over the adapter',
      { code: 'P2010', meta: { driverAdapterError: { cause: { kind: 'ConnectionClosed' } } } },
    ],
    ['node-postgres: refused', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5433'), { code: 'ECONNREFUSED' })],
    [
      "node-postgres: a stopped server's socket",
      Object.assign(new Error('connect ENOENT /tmp/.s.PGSQL.5433'), { code: 'ENOENT', syscall: 'connect', errno: -2 }),
    ],
    [
      "Prisma: a stopped server's socket, the syscall only in the message",
      Object.assign(new Error('Invalid `db.userSession.findUnique()` invocation:\n\nconnect ENOENT /tmp/.s.PGSQL.5852'), {
        code: 'ENOENT',
        meta: { modelName: 'UserSession' },
      }),
    ],
    [
      'PostgreSQL shutting down',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    ['PostgreSQL starting', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a lost connection under a cause', new Error('query failed', { cause: new Error('Connection terminated unexpectedly') })],
  ])('is recognised: %s', (_, error) => expect(isDependencyOutage(error)).toBe(true));

  it.each([
    ['a unique violation', { code: 'P2002' }],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a syntax error in SQL', { code: '42601' }],
    ['a missing file', Object.assign(new Error('ENOENT: no such file or directory'), { code: 'ENOENT', syscall: 'open' })],
  ])('is not: %s', (_, error) => expect(isDependencyOutage(error)).toBe(false));

  it('is answered 503 with Retry-After and a message a person can act on, and logged once, not per request', async () => {
    const { lines, stream } = loggedLines();
    const app = Fastify({ logger: { level: 'error', stream } });
    installErrorHandling(app);
    app.get('/orders', async () => {
      throw unreachable();
    });
    app.get('/bug', async () => {
      throw new TypeError('a bug');
    });
    for (let i = 0; i < 20; i += 1) {
      const res = await app.inject({ method: 'GET', url: '/orders' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
      expect(res.json()).toEqual({ response: null, failureMessage: MESSAGES.serviceUnavailable, errorCode: 503 });
    }
    expect(lines.filter((l) => l.includes('database is unreachable'))).toHaveLength(1);
    // Anything else is still a 500 with its details in the log.
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
    expect(lines.filter((l) => l.includes('unhandled error'))).toHaveLength(1);
    await app.close();
  });
});

describe('a client that goes away before its answer', () => {
  it('is not an error: nothing is logged above info and the server carries on', async () => {
    const { lines, stream } = loggedLines();
    const app = Fastify({ logger: { level: 'warn', stream } });
    installErrorHandling(app);
    let gone!: () => void;
    const clientGone = new Promise<void>((resolve) => (gone = resolve));
    // As a compressed answer is: a stream Fastify pipes out once its first bytes are ready, here
    // only after the client (a browser leaving the page, a proxy dropping the connection) has gone.
    // A POST: its body has been read, so Node does not count the request as aborted when the socket closes.
    app.post('/orders', async (request, reply) => {
      request.raw.socket.once('close', () => gone());
      await clientGone;
      return reply.send(new PassThrough());
    });
    app.get('/info', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const request = http.request({
      port,
      host: '127.0.0.1',
      path: '/orders',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    request.on('error', () => undefined);
    request.end('{"pageSize":100}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    request.destroy();
    await clientGone;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lines).toEqual([]);
    const res = await fetch(`http://127.0.0.1:${port}/info`);
    expect(res.status).toBe(200);
    await app.close();
  });
});

describe('the reader’s language', () => {
  it('is read from Accept-Language: Hindi when preferred over English, else English', () => {
    const of = (value?: string) => requestLanguage({ headers: value === undefined ? {} : { 'accept-language': value } });
    expect(of()).toBe('en');
    expect(of('hi')).toBe('hi');
    expect(of('hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(of('en-GB,en;q=0.9,hi;q=0.5')).toBe('en');
    expect(of('fr,hi;q=0.4')).toBe('hi');
    expect(of('fr, de')).toBe('en');
  });

  it('puts a failure, its fields and the fallback answers in that language', async () => {
    const app = Fastify();
    installErrorHandling(app);
    app.get('/otp', () => {
      throw TooManyRequests(TEXTS.otpInvalid(1));
    });
    app.get('/field', () => {
      throw Invalid('mobileNumber', TEXTS.mobileTaken);
    });
    app.get('/words', () => {
      throw Conflict('Words already made stay as they are.');
    });
    const hindi = { 'accept-language': 'hi' };
    const otp = (await app.inject({ url: '/otp', headers: hindi })).json<{ failureMessage: string }>();
    expect(otp.failureMessage).toBe(say(TEXTS.otpInvalid(1), 'hi'));
    const field = (await app.inject({ url: '/field', headers: hindi })).json<{
      failureMessage: string;
      fieldErrors: { field: string; message: string }[];
    }>();
    expect(field.failureMessage).toBe(`mobileNumber: ${say(TEXTS.mobileTaken, 'hi')}`);
    expect(field.fieldErrors).toEqual([{ field: 'mobileNumber', message: say(TEXTS.mobileTaken, 'hi') }]);
    expect((await app.inject({ url: '/field' })).json<{ failureMessage: string }>().failureMessage).toBe(
      `mobileNumber: ${MESSAGES.mobileTaken}`,
    );
    expect((await app.inject({ url: '/words', headers: hindi })).json<{ failureMessage: string }>().failureMessage).toBe(
      'Words already made stay as they are.',
    );
    const unknown = (await app.inject({ url: '/nowhere', headers: hindi })).json<{ failureMessage: string }>();
    expect(unknown.failureMessage).toBe(say(TEXTS.routeNotFound('GET', '/nowhere'), 'hi'));
    expect(unknown.failureMessage).toMatch(/[\u0900-\u097F]/);
    await app.close();
  });
});
