import { describe, expect, it } from 'vitest';
import { PUBLISHED_SECRETS } from '@pp/platform';
import { GATEWAY_HEALTH_PATH, buildGateway } from './app.ts';
import { loadGatewayConfig } from './config.ts';
import { buildTestStack } from './test/gateway.ts';

const { gateway: app } = await buildTestStack();

describe('gateway', () => {
  it('answers its health check, with the database it depends on', async () => {
    const res = await app.inject({ method: 'GET', url: GATEWAY_HEALTH_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', service: 'gateway', database: 'up' });
  });

  it('says it is degraded, with 503, when the database does not answer', async () => {
    const orphan = await buildGateway(
      loadGatewayConfig({ LOG_LEVEL: 'silent', DATABASE_URL: 'postgresql://postgres:postgres@127.0.0.1:9/none' }),
      { logger: false, recognizer: null },
    );
    const res = await orphan.inject({ method: 'GET', url: GATEWAY_HEALTH_PATH });
    await orphan.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'degraded', service: 'gateway', database: 'down' });
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

describe('gateway configuration in production', () => {
  const base = { DATABASE_URL: 'postgresql://db/partner_portal', NODE_ENV: 'production' };
  it.each([...PUBLISHED_SECRETS, 'only-31-characters-long-secret!'])('refuses the internal token %j', (token) => {
    expect(() => loadGatewayConfig({ ...base, INTERNAL_API_TOKEN: token })).toThrow(/INTERNAL_API_TOKEN/);
  });

  it('accepts a token of your own', () => {
    const token = 'an-operator-chosen-internal-token-0123456789';
    expect(loadGatewayConfig({ ...base, INTERNAL_API_TOKEN: token }).internalApiToken).toBe(token);
  });
});
