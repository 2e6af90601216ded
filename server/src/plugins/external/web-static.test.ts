import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_NOTICES, LOGIN_PAGE_MESSAGE_TYPE } from '@pp/contract';
import type { Db } from '@pp/db';
import { buildTestApp, createTestDatabase, miniatureWebBuild, urlOfTestDatabase } from '@pp/testing';

const { db } = await createTestDatabase();
/** A built web app in miniature, with the build's lists beside its page. */
const webDist = await miniatureWebBuild();
/** The login page's notices as the build's render with placeholder notices draws them. */
const placeholder = LOGIN_NOTICES.itemsHtml(LOGIN_NOTICES.placeholder);
await writeFile(path.join(webDist, 'route-preloads.json'), JSON.stringify({ login: ['assets/LoginPage-abc.js'] }));
await writeFile(
  path.join(webDist, 'prerendered.json'),
  JSON.stringify({
    entry: 'assets/paint-first-abc.js',
    chunks: { login: ['assets/framework-abc.js', 'assets/LoginPage-abc.js'] },
    en: {
      login: {
        title: 'Login · Partner Portal',
        html: '<h1>Partner Login</h1>',
        withData: `<h1>Partner Login</h1><ul>${placeholder}</ul>`,
      },
    },
    hi: {
      login: {
        title: 'लॉगिन · पार्टनर पोर्टल',
        html: '<h1>पार्टनर लॉगिन</h1>',
        withData: `<h1>पार्टनर लॉगिन</h1><ul>${placeholder}</ul>`,
      },
    },
  }),
);
const app = await buildTestApp(db, { env: { WEB_DIST_DIR: webDist } });
const get = (url: string, cookie?: string) => app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

const queriesIn = (body: string) =>
  JSON.parse(/<script type="application\/json" id="pp-queries">(.*?)<\/script>/.exec(body)?.[1] ?? 'null') as unknown;

beforeEach(async () => {
  await db.portalMessage.deleteMany();
});

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
    // The entry evaluates them one per task, from the build's list.
    expect(page.body).toContain(
      '<script type="application/json" id="pp-chunks">["/PartnerMgmtApp/assets/framework-abc.js","/PartnerMgmtApp/assets/LoginPage-abc.js"]</script>',
    );
  });

  it("puts the login page's active notices in it, in the reader's language, with the query that reads them", async () => {
    await db.portalMessage.createMany({
      data: [
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: 'Second', sortOrder: 2 },
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: '<b>First</b> </script>', messageHi: '<b>पहला</b>', sortOrder: 1 },
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: 'Switched off', isActive: false },
      ],
    });
    const english = await get('/PartnerMgmtApp/login');
    expect(english.body).toContain(
      '<div id="root" data-prerendered="en"><h1>Partner Login</h1><ul><li class="mb-2"><b>First</b> </script></li><li class="mb-2">Second</li></ul></div>',
    );
    const [[key, notices]] = queriesIn(english.body) as [[unknown, { description: string }[]]];
    expect(key).toEqual(LOGIN_NOTICES.queryKey);
    expect(notices.map((n) => n.description)).toEqual(['<b>First</b> </script>', 'Second']);
    // Inert JSON: nothing in a notice ends its element early.
    expect(english.body).toContain('\\u003cb>First\\u003c/b> \\u003c/script>');

    const hindi = await get('/PartnerMgmtApp/login', 'pp-language=hi');
    expect(hindi.body).toContain('<ul><li class="mb-2"><b>पहला</b></li><li class="mb-2">Second</li></ul>');
  });

  it('sends the page without its notices, for the app to ask for them, when the database cannot say in time', async () => {
    const failing = (findMany: () => Promise<unknown>) =>
      buildTestApp(db.$extends({ query: { portalMessage: { findMany } } }) as unknown as Db, {
        env: { WEB_DIST_DIR: webDist },
        databaseUrl: urlOfTestDatabase(db)!,
      });
    await db.portalMessage.create({ data: { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: 'Kept' } });
    const down = await failing(() => Promise.reject(new Error('the database is down')));
    const slow = await failing(() => new Promise((resolve) => setTimeout(() => resolve([]), 3_000)));
    for (const server of [down, slow]) {
      const page = await server.inject({ method: 'GET', url: '/PartnerMgmtApp/login' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root" data-prerendered="en"><h1>Partner Login</h1></div>');
      expect(page.body).not.toContain('id="pp-queries"');
    }
  });

  it('sends the page without notices, and says there are none, when none is active', async () => {
    const page = await get('/PartnerMgmtApp/login');
    expect(page.body).toContain('<div id="root" data-prerendered="en"><h1>Partner Login</h1></div>');
    expect(queriesIn(page.body)).toEqual([[LOGIN_NOTICES.queryKey, []]]);
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

  it('sends the plain page, with its chunks named and evaluated in steps, to an address with a query and to a page not prerendered', async () => {
    for (const url of ['/PartnerMgmtApp/login?sourceFrom=ShowValidationMessage', '/PartnerMgmtApp/partnerdashboard']) {
      const page = await get(url);
      expect(page.body).toContain('<div id="root"></div>');
      expect(page.body).toContain('<title>Partner Portal</title>');
      expect(page.body).toContain('rel="stylesheet"');
    }
    const plain = (await get('/PartnerMgmtApp/login?sourceFrom=x')).body;
    expect(plain).toContain('href="/PartnerMgmtApp/assets/LoginPage-abc.js"');
    // Fetched at once, and evaluated a chunk per task by the entry that reads their list.
    expect(plain).toContain('<script type="module" crossorigin src="/PartnerMgmtApp/assets/paint-first-abc.js">');
    expect(plain).toContain(
      '<script type="application/json" id="pp-chunks">["/PartnerMgmtApp/assets/framework-abc.js","/PartnerMgmtApp/assets/LoginPage-abc.js"]</script>',
    );
    // A page the build lists no chunks for keeps the app's own entry.
    const unlisted = (await get('/PartnerMgmtApp/partnerdashboard')).body;
    expect(unlisted).toContain('src="/PartnerMgmtApp/assets/index-abc.js"');
    expect(unlisted).not.toContain('id="pp-chunks"');
    // The build's lists are not addresses of the app.
    expect((await get('/PartnerMgmtApp/prerendered.json')).body).not.toContain('Partner Login');
  });
});
