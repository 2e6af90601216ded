import { it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { buildTestApp, createTestDatabase } from '@pp/testing';
const { db } = await createTestDatabase();
const app = await buildTestApp(db);
it('dumps', async () => {
  writeFileSync('/tmp/doc.json', (await app.inject({ method: 'GET', url: '/partner-api/openapi.json' })).body);
});
