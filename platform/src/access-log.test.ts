import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessLogOptions } from './access-log.ts';

describe('access log', () => {
  it('writes one line per request, with its method, address, status and time, for a 404 too', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const app = Fastify({ ...accessLogOptions(), logger: { level: 'info', stream } });
    app.get('/things', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/things?page=2' });
    await app.inject({ method: 'POST', url: '/nowhere' });
    await app.close();
    const requests = lines.filter((l) => l.req);
    expect(requests).toHaveLength(2);
    expect(requests).toMatchObject([
      { msg: 'request completed', req: { method: 'GET', url: '/things?page=2' }, res: { statusCode: 200 } },
      { msg: 'request completed', req: { method: 'POST', url: '/nowhere' }, res: { statusCode: 404 } },
    ]);
    expect(requests[0]!.responseTime).toEqual(expect.any(Number));
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
  });
});
