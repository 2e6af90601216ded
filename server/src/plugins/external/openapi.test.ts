import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PARTNER_API_PREFIX, type Endpoint, api, needsSession } from '@pp/contract';
import { buildTestApp, createTestDatabase } from '@pp/testing';
import { OPENAPI_PATH } from './openapi.ts';

const { db } = await createTestDatabase();
const app = await buildTestApp(db);

interface Operation {
  security?: unknown;
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
}
const readDocument = async () =>
  (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json<{
    openapi: string;
    paths: Record<string, Record<string, Operation>>;
  }>();

describe('OpenAPI', () => {
  it('documents every contract endpoint from the zod schemas', async () => {
    const doc = await readDocument();
    expect(doc.openapi).toBe('3.1.0');
    const endpoints = Object.values(api).flatMap((area) => Object.values(area) as Endpoint[]);
    for (const endpoint of endpoints) {
      const openApiPath = PARTNER_API_PREFIX + endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = doc.paths[openApiPath]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${openApiPath}`).toBeDefined();
      expect(operation!.security, `security of ${endpoint.method} ${openApiPath}`).toEqual(
        needsSession(endpoint.access) ? [{ bearerAuth: [] }] : undefined,
      );
    }
    const signin = doc.paths[`${PARTNER_API_PREFIX}${api.auth.signin.path}`]!.post!;
    expect(signin.requestBody!.content['application/json']!.schema.required).toEqual(['username', 'password']);
    const ui = await app.inject({ method: 'GET', url: '/partner-api/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
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
