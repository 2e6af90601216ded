import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase } from '@pp/testing';

const { db } = await createTestDatabase();
/** A built web app in miniature, as Vite writes its page, with the build's lists beside it. */
const webDist = await mkdtemp(path.join(tmpdir(), 'pp-web-'));
await mkdir(path.join(webDist, 'assets'));
await writeFile(
  path.join(webDist, 'index.html'),
  `<!doctype html>
<html lang="en">
  <head>
    <title>Partner Portal</title>
    <script type="module" crossorigin src="/PartnerMgmtApp/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/PartnerMgmtApp/assets/framework-abc.js">
    <link rel="stylesheet" crossorigin href="/PartnerMgmtApp/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`,
);
await writeFile(path.join(webDist, 'assets/index-abc.css'), '.card{color:red}');
await writeFile(path.join(webDist, 'route-preloads.json'), JSON.stringify({ login: ['assets/LoginPage-abc.js'] }));
await writeFile(
  path.join(webDist, 'prerendered.json'),
  JSON.stringify({
    entry: 'assets/paint-first-abc.js',
    en: { login: { title: 'Login · Partner Portal', html: '<h1>Partner Login</h1>' } },
    hi: { login: { title: 'लॉगिन · पार्टनर पोर्टल', html: '<h1>पार्टनर लॉगिन</h1>' } },
  }),
);
const app = await buildTestApp(db, { env: { WEB_DIST_DIR: webDist } });
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('prerendered pages', () => {
  it("sends a prerendered page's first render in its root, with its title and its stylesheet inside", async () => {
    const page = await get('/PartnerMgmtApp/Login');
    expect(page.statusCode).toBe(200);
    expect(page.headers.vary).toContain('Cookie');
    expect(page.body).toContain('<div id="root" data-prerendered="en"><h1>Partner Login</h1></div>');
    expect(page.body).toContain('<title>Login · Partner Portal</title>');
    expect(page.body).toContain('<style>.card{color:red}</style>');
    expect(page.body).not.toContain('rel="stylesheet"');
    // The code comes once the page has painted: its own entry, and nothing fetched beside it.
    expect(page.body).toContain('<script type="module" crossorigin src="/PartnerMgmtApp/assets/paint-first-abc.js"></script>');
    expect(page.body).not.toContain('index-abc.js');
    expect(page.body).not.toContain('modulepreload');
  });

  it('sends it in the language the cookie names, and in English without one', async () => {
    const hindi = await get('/PartnerMgmtApp/login', 'other=1; pp-language=hi');
    expect(hindi.body).toContain('<html lang="hi">');
    expect(hindi.body).toContain('<div id="root" data-prerendered="hi"><h1>पार्टनर लॉगिन</h1></div>');
    expect(hindi.body).toContain('<title>लॉगिन · पार्टनर पोर्टल</title>');
    const unknown = await get('/PartnerMgmtApp/login', 'pp-language=fr');
    expect(unknown.body).toContain('<html lang="en">');
    expect(unknown.body).toContain('<h1>Partner Login</h1>');
  });

  it('sends the plain page, with its chunks named, to an address with a query and to a page not prerendered', async () => {
    for (const url of ['/PartnerMgmtApp/login?sourceFrom=ShowValidationMessage', '/PartnerMgmtApp/partnerdashboard']) {
      const page = await get(url);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain('<title>Partner Portal</title>');
      expect(page.body).toContain('rel="stylesheet"');
    }
    expect((await get('/PartnerMgmtApp/login?sourceFrom=x')).body).toContain('href="/PartnerMgmtApp/assets/LoginPage-abc.js"');
    // The build's lists are not addresses of the app.
    expect((await get('/PartnerMgmtApp/prerendered.json')).body).not.toContain('Partner Login');
  });
});
