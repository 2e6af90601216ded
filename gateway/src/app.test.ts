import { describe, expect, it } from 'vitest';
import { GATEWAY_HEALTH_PATH } from './app.ts';
import { loadGatewayConfig } from './config.ts';
import { buildTestStack } from './test/gateway.ts';

const { gateway: app } = await buildTestStack();

describe('gateway', () => {
  it('answers its health check', async () => {
    const res = await app.inject({ method: 'GET', url: GATEWAY_HEALTH_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'gateway' });
  });

  it('answers an unknown route with the JSON 404 envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/chatbot/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ response: null, failureMessage: 'Route GET:/chatbot/nowhere not found', errorCode: 404 });
  });

  it('refuses a configuration it cannot use, naming the variable', () => {
    expect(() => loadGatewayConfig({ PORT: 'eighty', DATABASE_URL: 'postgresql://x/y' })).toThrow(/PORT/);
    expect(() => loadGatewayConfig({})).toThrow(/DATABASE_URL/);
  });
});
