import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PARTNER_API_PREFIX, type Endpoint, api, endpointUrl } from '@pp/contract';
import { buildTestApp, createPartnerUser, createTestDatabase, miniatureWebBuild, signIn, withReferenceData } from '@pp/testing';
import { OPENAPI_PATH } from './openapi.ts';

const { db } = await createTestDatabase();
// With the web app, as `npm start` serves it: its pages must stay out of the document.
const app = await buildTestApp(db, { env: { WEB_DIST_DIR: await miniatureWebBuild() } });

interface Operation {
  operationId?: string;
  security?: unknown;
  'x-permission'?: string;
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, unknown>;
}
const readDocument = async () =>
  (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
    openapi: string;
    servers: { url: string }[];
    paths: Record<string, Record<string, Operation>>;
  }>();
const operationOf = (doc: Awaited<ReturnType<typeof readDocument>>, endpoint: Endpoint) =>
  doc.paths[PARTNER_API_PREFIX + endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];

describe('OpenAPI', () => {
  it('documents every contract endpoint from the zod schemas', async () => {
    const doc = await readDocument();
    expect(doc.openapi).toBe('3.1.0');
    const endpoints = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
    for (const endpoint of endpoints) {
      const operation = operationOf(doc, endpoint);
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation!.operationId).toBe(endpoint.operationId);
    }
    // The API's operations only: the web app's pages (/, /PartnerMgmtApp/…) are not in it.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith(`${PARTNER_API_PREFIX}/`) && !p.startsWith('/chatbot/'))).toEqual(
      [],
    );
    expect((await app.inject({ method: 'GET', url: '/PartnerMgmtApp/home' })).statusCode).toBe(200);
    const ids = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId));
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids).not.toContain(undefined);
    const signin = doc.paths[`${PARTNER_API_PREFIX}${api.auth.signin.path}`]!.post!;
    expect(signin.requestBody!.content['application/json']!.schema.required).toEqual(['username', 'password']);
    const ui = await app.inject({ method: 'GET', url: '/partner-api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('what the document says the server enforces', () => {
  it('declares access as security: public empty, partners and staff apart, permissions named', async () => {
    const doc = await readDocument();
    expect(operationOf(doc, api.auth.signin)!.security).toEqual([]);
    expect(operationOf(doc, api.partner.info)!.security).toEqual([{ partnerSession: [] }]);
    expect(operationOf(doc, api.workflow.approve)!.security).toEqual([{ staffSession: [] }]);
    expect(operationOf(doc, api.forensics.dashboard)).toMatchObject({
      security: [{ staffSession: [] }],
      'x-permission': 'viewForensics',
    });
    expect(operationOf(doc, api.reference.miscTypeDetails)!.security).toEqual([{ partnerSession: [] }, { staffSession: [] }]);
    expect(doc.servers).toEqual([{ url: 'http://localhost:8080', description: expect.any(String) }]);
  });

  it('declares the failures each operation can give, in the envelope', async () => {
    const doc = await readDocument();
    const codes = (e: Endpoint) => Object.keys(operationOf(doc, e)!.responses).sort();
    expect(codes(api.health.health)).toEqual(['200', '500', '503', 'default']);
    expect(codes(api.partner.info)).toEqual(['200', '401', '403', '440', '500', '503', 'default']);
    expect(codes(api.onboarding.saveOrgDetails)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '440',
      '500',
      '503',
      'default',
    ]);
    // The chat gateway's calls stand in place of the proxy's catch-all routes.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/chatbot'))).toEqual([
      '/chatbot/health',
      '/chatbot/api/bot',
      '/chatbot/api/bot/texttospeech',
    ]);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'pp-openapi-'));
    const file = path.join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(await readDocument()));
    const redocly = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/redocly');
    const run = await promisify(execFile)(redocly, ['lint', file, '--format', 'json', '--max-problems', '5000'], {
      cwd: folder,
      maxBuffer: 64 * 1024 * 1024,
    }).catch((failed: { stdout: string }) => failed);
    const { problems } = JSON.parse(run.stdout) as {
      problems: { severity: string; ruleId: string; location: { pointer: string }[] }[];
    };
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId} ${p.location[0]?.pointer}`);
    expect(errors).toEqual([]);
  }, 120_000);
});

describe('the calls of spec section 7 (contract/section-7-calls.txt)', () => {
  const listed = readFileSync(new URL('../../../../contract/section-7-calls.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

  it('are each in the OpenAPI document, once in the list', async () => {
    const doc = await readDocument();
    const missing = listed.filter((line) => {
      const [method, path] = line.split(' ') as [string, string];
      return !doc.paths[PARTNER_API_PREFIX + path]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    expect(listed.length).toBeGreaterThan(230);
    expect(listed.filter((line, i) => listed.indexOf(line) !== i)).toEqual([]);
  });
});

describe('a client generated from the document', () => {
  it('names and types the calls (openapi-typescript), and a small client compiles against them', async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const folder = mkdtempSync(path.join(tmpdir(), 'pp-client-'));
    writeFileSync(path.join(folder, 'schema.ts'), astToString(await openapiTS((await readDocument()) as never)));
    const client = `import type { operations } from './schema';
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Answer<O extends keyof operations, S extends keyof operations[O]['responses']> = Json<operations[O]['responses'][S]>;
type Body<O extends keyof operations> = operations[O] extends { requestBody: infer B } ? Json<B> : never;

export const signin: Body<'authSignin'> = { username: 'asha', password: 'Test@1234' };
export const partnerId = (a: Answer<'partnerInfo', 200>): number => a.response.partnerId;
export const idle = (a: Answer<'partnerInfo', 440>): number => a.errorCode;
export const refused = (a: Answer<'onboardingSaveOrgDetails', 400>) => a.fieldErrors?.map((f) => f.field);
export const branch: Body<'branchesSaveBank'> = { branchId: 1, bankAccounts: [] };
// @ts-expect-error a body the contract refuses does not compile
export const wrong: Body<'authSignin'> = { user: 'asha' };
`;
    writeFileSync(path.join(folder, 'client.ts'), client);
    const ts = await import('typescript');
    const program = ts.createProgram([path.join(folder, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
  }, 120_000);
});

describe('real answers against the document (ajv)', () => {
  it("every read a partner can make without parameters, and the failures of section 8, match the document's schemas", async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const { default: addFormats } = await import('ajv-formats');
    const doc = await readDocument();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(doc, 'openapi');
    const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    const violations: string[] = [];
    let checked = 0;
    const check = async (endpoint: Endpoint, res: { statusCode: number; body: string }) => {
      const openApiPath = PARTNER_API_PREFIX + endpoint.path.replace(/:(\w+)/g, '{$1}');
      const responses = doc.paths[openApiPath]![endpoint.method.toLowerCase()]!.responses;
      const status = String(res.statusCode) in responses ? String(res.statusCode) : 'default';
      const declared = responses[status] as { $ref?: string; content?: unknown };
      const base = declared.$ref
        ? `openapi${declared.$ref}/content/application~1json/schema`
        : `openapi#/${pointer('paths', openApiPath, endpoint.method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema')}`;
      const validate = ajv.getSchema(base);
      if (!validate) return violations.push(`${endpoint.operationId} ${res.statusCode}: no schema at ${base}`);
      checked += 1;
      if (!validate(JSON.parse(res.body)))
        violations.push(`${endpoint.operationId} ${res.statusCode}: ${ajv.errorsText(validate.errors)}`);
    };
    const call = async (
      endpoint: Endpoint,
      headers: Record<string, string> = {},
      payload?: object,
      params?: Record<string, string | number>,
    ) => {
      const res = await app.inject({
        method: endpoint.method,
        url: endpointUrl(endpoint, params ? { params } : {}),
        headers,
        ...(payload ? { payload } : {}),
      });
      await check(endpoint, res);
      return res;
    };

    await withReferenceData(db);
    const user = await createPartnerUser(db, { onboardStatus: 'Approved' });
    const partner = await signIn(app, user.username);
    const reads = Object.values(api)
      .flatMap((area) => Object.values(area) as Endpoint[])
      .filter(
        (e) =>
          e.method === 'GET' &&
          !e.params &&
          !e.binary &&
          !e.path.startsWith('/dev/') &&
          (e.access === 'partner' || e.access === 'session' || e.access === 'public') &&
          (!e.query || e.query.safeParse({}).success),
      );
    for (const endpoint of reads) await call(endpoint, partner.auth);
    expect(reads.length).toBeGreaterThan(30);

    // The failures: no token (401), a staff call by a partner (403), a body refused (400), an unknown id (404), an idle session (440).
    await call(api.partner.info);
    await call(api.workflow.workbench, partner.auth);
    await call(api.onboarding.saveOrgDetails, partner.auth, { pan: 'not-a-pan' });
    expect((await call(api.testimonials.remove, partner.auth, undefined, { id: 99_999_999 })).statusCode).toBe(404);
    await app.inject({ method: 'POST', url: `${PARTNER_API_PREFIX}/dev/clock`, payload: { advanceMs: 21 * 60_000 } });
    const idle = await call(api.partner.info, partner.auth);
    await app.inject({ method: 'DELETE', url: `${PARTNER_API_PREFIX}/dev/clock` });
    expect(idle.statusCode).toBe(440);
    expect(violations).toEqual([]);
    expect(checked).toBe(reads.length + 5);
  }, 120_000);
});
