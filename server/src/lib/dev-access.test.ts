import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { api, endpointUrl } from '@pp/contract';
import { buildTestApp, createTestDatabase } from '@pp/testing';
import { hostNameOf, isDevHost } from './dev-access.ts';

/**
 * Who reaches the dev-only services (the mailbox, the developer controls): the attacker's pass of
 * 2026-12-06 reached them through a same-host proxy (F1), by DNS rebinding (F2), and by writing
 * X-Forwarded-For: 127.0.0.1 to a server that trusts one proxy hop while its port is reachable.
 */
const { db } = await createTestDatabase();
const DEV_URLS = [endpointUrl(api.mailbox.list), endpointUrl(api.devtools.journal), endpointUrl(api.devtools.clock)];

async function statuses(app: FastifyInstance, options: { host?: string; from?: string; headers?: Record<string, string> }) {
  const answers = await Promise.all(
    DEV_URLS.map((url) =>
      app.inject({
        method: 'GET',
        url,
        remoteAddress: options.from ?? '127.0.0.1',
        headers: { ...(options.host ? { host: options.host } : {}), ...options.headers },
      }),
    ),
  );
  return answers.map((a) => a.statusCode);
}

describe('the dev-only services refuse a foreign Host (DNS rebinding)', () => {
  it('answers an address or a localhost name, refuses any other name unless the operator lists it', async () => {
    const app = await buildTestApp(db, { env: { TRUST_PROXY_HOPS: '0' } });
    for (const host of [
      'localhost:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
      'LOCALHOST',
      'app.localhost:5173',
      '192.168.1.4:8080',
    ]) {
      expect(await statuses(app, { host }), host).toEqual([200, 200, 200]);
    }
    for (const host of ['rebind.evil.example:9200', 'evil.example', 'localhost.evil.example', 'devbox:8080']) {
      expect(await statuses(app, { host }), host).toEqual([404, 404, 404]);
    }
    const named = await buildTestApp(db, { env: { TRUST_PROXY_HOPS: '0', DEV_HOSTS: 'devbox, portal.test' } });
    expect(await statuses(named, { host: 'devbox:8080' })).toEqual([200, 200, 200]);
    expect(await statuses(named, { host: 'Portal.Test' })).toEqual([200, 200, 200]);
    expect(await statuses(named, { host: 'rebind.evil.example' })).toEqual([404, 404, 404]);
    // Open to every client (a closed test network) still refuses a rebound name.
    const open = await buildTestApp(db, { env: { DEV_MAILBOX: 'open', DEV_CONTROLS: 'open' } });
    expect(await statuses(open, { host: 'rebind.evil.example', from: '10.0.0.7' })).toEqual([404, 404, 404]);
    expect(await statuses(open, { host: '10.0.0.1:8080', from: '10.0.0.7' })).toEqual([200, 200, 200]);
  });

  it('reads the name out of a Host header', () => {
    expect(hostNameOf('[::1]:8080')).toBe('[::1]');
    expect(hostNameOf('Example.COM.:80')).toBe('example.com');
    expect(hostNameOf(undefined)).toBeNull();
    expect(isDevHost('[2001:db8::1]:8080', [])).toBe(true);
  });
});

describe('a request through a proxy is not local unless the proxy is trusted', () => {
  it('with no trusted hop, refuses any proxy header from loopback (a same-host proxy forwards strangers)', async () => {
    const app = await buildTestApp(db, { env: { TRUST_PROXY_HOPS: '0' } });
    expect(await statuses(app, {})).toEqual([200, 200, 200]);
    const proxied: Record<string, string>[] = [
      { 'x-forwarded-for': '203.0.113.9' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of proxied) {
      expect(await statuses(app, { headers }), JSON.stringify(headers)).toEqual([404, 404, 404]);
    }
    // A stranger connecting directly, with or without a spoofed header.
    expect(await statuses(app, { from: '203.0.113.9' })).toEqual([404, 404, 404]);
    expect(await statuses(app, { from: '203.0.113.9', headers: { 'x-forwarded-for': '127.0.0.1' } })).toEqual([404, 404, 404]);
  });

  it("with a trusted hop, a client's own X-Forwarded-For: 127.0.0.1 never makes it local", async () => {
    const app = await buildTestApp(db, { env: { TRUST_PROXY_HOPS: '1' } });
    // Straight to the server's port from another machine, the header written by the client itself.
    for (const spoof of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect(await statuses(app, { from: '203.0.113.9', headers: { 'x-forwarded-for': spoof } }), spoof).toEqual([404, 404, 404]);
    }
    // Through the trusted same-host proxy, which appends the stranger's address after the spoof.
    expect(await statuses(app, { headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' } })).toEqual([404, 404, 404]);
    // A proxy header without X-Forwarded-For: the hop did not say whom it forwards for.
    expect(await statuses(app, { headers: { 'x-real-ip': '127.0.0.1' } })).toEqual([404, 404, 404]);
    // A client on this machine through the same-host proxy.
    expect(await statuses(app, { headers: { 'x-forwarded-for': '127.0.0.1' } })).toEqual([200, 200, 200]);
    expect(await statuses(app, {})).toEqual([200, 200, 200]);
  });
});
