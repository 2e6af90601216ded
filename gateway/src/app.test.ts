import { afterAll, describe, expect, it } from 'vitest';
import { GATEWAY_HEALTH_PATH, buildGateway } from './app.ts';
import { loadGatewayConfig } from './config.ts';

const app = await buildGateway(loadGatewayConfig({ LOG_LEVEL: 'silent' }), { logger: false });
afterAll(() => app.close());

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
    expect(() => loadGatewayConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
