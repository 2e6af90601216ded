import { beforeAll, describe, expect, it } from 'vitest';
import { WEB_DEV_SERVER_ORIGIN, api, endpointUrl } from '@pp/contract';
import { loadConfig } from '../../config.ts';
import { buildTestApp, createPartnerUser, createTestDatabase, freshIp, signIn, withReferenceData } from '@pp/testing';

const { db } = await createTestDatabase();
const DEV_SERVER = 'http://localhost:3000';
const app = await buildTestApp(db, { env: { CORS_ORIGINS: `${DEV_SERVER},https://fe.example.com` } });
const byDefault = await buildTestApp(db);
beforeAll(() => withReferenceData(db));
const infoUrl = endpointUrl(api.partner.info);

const preflight = (origin: string, headers = 'authorization,content-type,accept-language') =>
  app.inject({
    method: 'OPTIONS',
    url: infoUrl,
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': headers },
  });

describe('CORS for a front-end developer’s dev server (CORS_ORIGINS)', () => {
  it('answers the preflight of a listed origin: its methods, the bearer and language headers, no credentials', async () => {
    const res = await preflight(DEV_SERVER);
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(DEV_SERVER);
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('accept-language');
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers.vary).toContain('Origin');
    // The chat goes through this server's proxy: its preflight is answered here, with the chat's language header.
    const chat = await app.inject({
      method: 'OPTIONS',
      url: '/chatbot/api/bot',
      headers: {
        origin: DEV_SERVER,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'lang,authorization',
      },
    });
    expect(chat.statusCode).toBe(204);
    expect(String(chat.headers['access-control-allow-headers'])).toContain('lang');
    // The loopback twin of a listed local origin is let in too.
    expect((await preflight('http://127.0.0.1:3000')).headers['access-control-allow-origin']).toBe('http://127.0.0.1:3000');
  });

  it('lets the listed page read a real answer, errors included, with the headers it needs exposed', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const ok = await app.inject({ method: 'GET', url: infoUrl, headers: { ...auth, origin: DEV_SERVER, ...freshIp() } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(DEV_SERVER);
    expect(String(ok.headers['access-control-expose-headers'])).toContain('Content-Disposition');
    // The app reads the envelope of a refusal too (401 here): without the header the browser hides it.
    const refused = await app.inject({ method: 'GET', url: infoUrl, headers: { origin: DEV_SERVER } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(DEV_SERVER);
  });

  it('says nothing to another origin, and never answers with a wildcard', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:3001', 'null']) {
      const res = await preflight(origin);
      expect(res.headers['access-control-allow-origin'], origin).toBeUndefined();
      const get = await app.inject({ method: 'GET', url: '/partner-api/health', headers: { origin } });
      expect(get.headers['access-control-allow-origin'], origin).toBeUndefined();
    }
    // Same-origin pages send no Origin on a GET: nothing changes for the portal itself, but a cache
    // is told the answer may differ by Origin.
    const sameOrigin = await app.inject({ method: 'GET', url: '/partner-api/health' });
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
    expect(sameOrigin.headers.vary).toContain('Origin');
    // An OPTIONS request that is no listed origin's preflight finds no route.
    expect((await preflight('https://evil.example')).statusCode).toBe(404);
    expect((await app.inject({ method: 'OPTIONS', url: infoUrl })).statusCode).toBe(404);
  });

  it("refuses a listed origin's OPTIONS that asks for no method: not a preflight", async () => {
    const res = await app.inject({ method: 'OPTIONS', url: infoUrl, headers: { origin: DEV_SERVER } });
    expect(res.statusCode).toBe(400);
    expect(res.body).toBe('Invalid Preflight Request');
  });

  it('lets the Vite dev server in by default, and nothing is a wildcard in the setting', async () => {
    const res = await byDefault.inject({
      method: 'OPTIONS',
      url: infoUrl,
      headers: { origin: WEB_DEV_SERVER_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect(res.headers['access-control-allow-origin']).toBe(WEB_DEV_SERVER_ORIGIN);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', CORS_ORIGINS: '*' })).toThrow(
      /CORS_ORIGINS: \* is not an origin/,
    );
  });

  it('lets no other origin in by default in production', () => {
    const production = {
      DATABASE_URL: 'postgres://x@localhost/db',
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://portal.example.com',
      JWT_SECRET: 'an-operator-chosen-secret-of-enough-length-0123',
      INTERNAL_API_TOKEN: 'an-operator-chosen-internal-token-0123456789',
    };
    const config = loadConfig(production);
    expect(config.corsOrigins).toEqual([]);
    expect(config.allowedOrigins).toEqual(['https://portal.example.com']);
    // Named, it is let in as anywhere else.
    expect(loadConfig({ ...production, CORS_ORIGINS: DEV_SERVER }).corsOrigins).toContain(DEV_SERVER);
  });

  it('lets the listed origins open the voice socket too, beside the portal’s own', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://x@localhost/db',
      PUBLIC_URL: 'https://portal.example.com/',
      CORS_ORIGINS: DEV_SERVER,
    });
    expect(config.allowedOrigins).toEqual(['https://portal.example.com', DEV_SERVER, 'http://127.0.0.1:3000']);
    expect(config.corsOrigins).toEqual([DEV_SERVER, 'http://127.0.0.1:3000']);
  });
});
