import { describe, expect, it } from 'vitest';
import { WEB_DEV_SERVER_ORIGIN } from '@pp/contract';
import { loadGatewayConfig } from './config.ts';

const env = { DATABASE_URL: 'postgres://x@localhost/db', PUBLIC_URL: 'https://portal.example.com' };

describe('pages that may open the voice socket', () => {
  it("are the portal's own and Vite's by default, and in production the portal's own only", () => {
    expect(loadGatewayConfig(env).allowedOrigins).toContain(WEB_DEV_SERVER_ORIGIN);
    const production = {
      ...env,
      NODE_ENV: 'production',
      INTERNAL_API_TOKEN: 'an-operator-chosen-internal-token-0123456789',
    };
    expect(loadGatewayConfig(production).allowedOrigins).toEqual(['https://portal.example.com']);
    expect(loadGatewayConfig({ ...production, CORS_ORIGINS: 'http://localhost:3000' }).allowedOrigins).toEqual([
      'https://portal.example.com',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
    ]);
  });
});
