import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '@pp/testing';

const { db } = await createTestDatabase();
/** A built web app in miniature: the page, a hashed script and its source map. */
const webDist = await mkdtemp(path.join(tmpdir(), 'pp-web-'));
await mkdir(path.join(webDist, 'assets'));
await writeFile(path.join(webDist, 'index.html'), '<html><head></head><body></body></html>');
await writeFile(path.join(webDist, 'assets/index-abc.js'), 'console.log(1)');
await writeFile(path.join(webDist, 'assets/index-abc.js.map'), '{"version":3}');
// The build's brotli copy of the script (web/vite.config.ts, precompress).
await writeFile(path.join(webDist, 'assets/index-abc.js.br'), brotliCompressSync('console.log(1)'));
// The build's list of each route's page chunks (web/vite.config.ts, routePreloads).
await writeFile(
  path.join(webDist, 'route-preloads.json'),
  JSON.stringify({ login: ['assets/LoginPage-abc.js', 'assets/auth-abc.js'] }),
);
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-enough-length-0123',
  INTERNAL_API_TOKEN: 'a-production-internal-token-0123456789',
};
const app = await buildTestApp(db, { env: { WEB_DIST_DIR: webDist } });
const prod = await buildTestApp(db, { env: { WEB_DIST_DIR: webDist, ...production } });

describe('security headers', () => {
  it('marks API answers no-store, the page no-cache and hashed assets immutable', async () => {
    const api = await app.inject({ method: 'GET', url: '/partner-api/health' });
    expect(api.headers['cache-control']).toBe('no-store');
    const missing = await app.inject({ method: 'GET', url: '/partner-api/api/nothing-here' });
    expect(missing.headers['cache-control']).toBe('no-store');
    expect((await app.inject({ method: 'GET', url: '/PartnerMgmtApp/home' })).headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/PartnerMgmtApp/assets/index-abc.js' })).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  it("gives API answers the bare JSON headers and pages the page's, the API's docs their own CSP", async () => {
    const api = await app.inject({ method: 'GET', url: '/partner-api/health' });
    expect(api.headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    // What only a document needs is not sent with JSON.
    expect(api.headers['origin-agent-cluster']).toBeUndefined();
    expect(api.headers['x-dns-prefetch-control']).toBeUndefined();
    const page = await app.inject({ method: 'GET', url: '/PartnerMgmtApp/home' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['origin-agent-cluster']).toBe('?1');
    const docs = await app.inject({ method: 'GET', url: '/partner-api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toContain('script-src');
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers a missing hashed asset (a stale page asking for an old build) with a 404, not the page', async () => {
    const stale = await app.inject({ method: 'GET', url: '/PartnerMgmtApp/assets/index-old.js' });
    expect(stale.statusCode).toBe(404);
    expect(stale.body).not.toContain('<html>');
    const page = await app.inject({ method: 'GET', url: '/PartnerMgmtApp/some/page' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html>');
  });

  it("names a route's page chunks in its page as modulepreload links, and only its own", async () => {
    const login = await app.inject({ method: 'GET', url: '/PartnerMgmtApp/LOGIN?next=1' });
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/PartnerMgmtApp/assets/LoginPage-abc.js">');
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/PartnerMgmtApp/assets/auth-abc.js">');
    expect(login.body.indexOf('modulepreload')).toBeLessThan(login.body.indexOf('</head>'));
    expect((await app.inject({ method: 'GET', url: '/PartnerMgmtApp/home' })).body).not.toContain('modulepreload');
    // The list is the server's, not an address of the app.
    expect((await app.inject({ method: 'GET', url: '/PartnerMgmtApp/route-preloads.json' })).body).not.toContain('LoginPage');
  });

  it('sends HSTS over HTTPS only (as the trusted proxy reports it), never over plain HTTP', async () => {
    const plain = await app.inject({ method: 'GET', url: '/partner-api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await app.inject({
      method: 'GET',
      url: '/partner-api/health',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '10.0.0.1' },
    });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('serves source maps in development, not in production', async () => {
    const url = '/PartnerMgmtApp/assets/index-abc.js.map';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await prod.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await prod.inject({ method: 'GET', url: '/PartnerMgmtApp/assets/index-abc.js' })).statusCode).toBe(200);
  });

  it("sends the build's brotli copy of a script to a browser that takes br, the script itself otherwise", async () => {
    const url = '/PartnerMgmtApp/assets/index-abc.js';
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    // The copy is not an address of its own.
    expect((await app.inject({ method: 'GET', url: `${url}.br` })).statusCode).toBe(404);
  });
});
