import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MESSAGES, api } from '@pp/contract';
import { buildTestApp, callApi, setupFeatureTest } from '@pp/testing';
import { createDb } from '@pp/db';

const { app } = await setupFeatureTest({ referenceData: false });

describe('GET /partner-api/health', () => {
  it('reports the database up', async () => {
    const res = await callApi(app, api.health.health);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const unreachable = createDb('postgresql://postgres:postgres@127.0.0.1:9/none');
    const broken = await buildTestApp(unreachable);
    const res = await callApi(broken, api.health.health);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'degraded', database: 'down' });
    await unreachable.$disconnect();
  });
});

describe('every answer', () => {
  it('refuses to be framed and carries the security headers', async () => {
    for (const url of ['/partner-api/health', '/partner-api/api/partner/info', '/no/such/route', '/partner-api/docs']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).not.toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('answers an unknown route with a JSON 404 envelope', async () => {
    const res = await app.inject({ method: 'POST', url: '/partner-api/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      response: null,
      failureMessage: 'Route POST:/partner-api/api/does-not-exist not found',
      errorCode: 404,
    });
  });

  it('answers 502 with the envelope when the gateway is down', async () => {
    // Over real HTTP: the proxy's error path is what a browser meets.
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/chatbot/api/bot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sender: 'x', message: 'hi' }),
    });
    expect(res.status).toBe(502);
    expect(await res.json()).toEqual({ response: null, failureMessage: MESSAGES.serviceDown, errorCode: 502 });
  });
});
