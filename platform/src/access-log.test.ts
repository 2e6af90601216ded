import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { SLOW_REQUEST_MS, accessLogOptions } from './access-log.ts';

/** An app with the access log at `level`, and the lines it wrote. */
function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({ ...accessLogOptions(), logger: { level, stream } });
  app.get('/things', async () => ({ ok: true }));
  app.get('/noted', async (request) => {
    request.log.info({ note: 1 }, 'noted by the handler');
    request.log.debug('a detail');
    request.log.child({ step: 'inner' }).warn('from a child');
    return { ok: true };
  });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_REQUEST_MS + 50));
    return { ok: true };
  });
  return { app, requests: () => lines.filter((l) => l.req), lines };
}

describe('access log', () => {
  it('at debug, writes one line per request, with its method, address, status and time', async () => {
    const { app, requests, lines } = appLogging('debug');
    await app.inject({ method: 'GET', url: '/things?page=2' });
    await app.inject({ method: 'POST', url: '/nowhere' });
    await app.close();
    expect(requests()).toHaveLength(2);
    expect(requests()).toMatchObject([
      { msg: 'request completed', level: 20, req: { method: 'GET', url: '/things?page=2' }, res: { statusCode: 200 } },
      { msg: 'request completed', level: 30, req: { method: 'POST', url: '/nowhere' }, res: { statusCode: 404 } },
    ]);
    expect(requests()[0]!.responseTime).toEqual(expect.any(Number));
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });

  it('at info, writes the failed and the slow requests, not the quick answers', async () => {
    const { app, requests } = appLogging('info');
    await app.inject({ method: 'GET', url: '/things' });
    await app.inject({ method: 'GET', url: '/nowhere' });
    await app.inject({ method: 'GET', url: '/slow' });
    await app.close();
    expect(requests()).toMatchObject([
      { req: { url: '/nowhere' }, res: { statusCode: 404 } },
      { req: { url: '/slow' }, res: { statusCode: 200 } },
    ]);
    expect(requests()).toHaveLength(2);
    expect(requests()[1]!.responseTime).toBeGreaterThanOrEqual(SLOW_REQUEST_MS);
  });

  it('writes a handler’s own lines at the enabled levels, each with its request’s id', async () => {
    const { app, lines } = appLogging('info');
    await app.inject({ method: 'GET', url: '/noted' });
    await app.inject({ method: 'GET', url: '/noted' });
    await app.close();
    const noted = lines.filter((l) => l.msg === 'noted by the handler');
    expect(noted).toMatchObject([
      { level: 30, note: 1, reqId: expect.any(String) },
      { level: 30, note: 1, reqId: expect.any(String) },
    ]);
    expect(noted[0]!.reqId).not.toBe(noted[1]!.reqId);
    expect(lines.filter((l) => l.msg === 'from a child')).toMatchObject([
      { level: 40, step: 'inner', reqId: noted[0]!.reqId },
      { level: 40, step: 'inner', reqId: noted[1]!.reqId },
    ]);
    expect(lines.filter((l) => l.msg === 'a detail')).toEqual([]);
  });

  it('at debug, writes a handler’s debug lines too', async () => {
    const { app, lines } = appLogging('debug');
    await app.inject({ method: 'GET', url: '/noted' });
    await app.close();
    expect(lines.filter((l) => l.msg === 'a detail')).toMatchObject([{ level: 20, reqId: expect.any(String) }]);
  });
});
