import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { fixtures } from '@pp/fixtures';
import { seedDemoAccounts } from '@pp/db/seed';
import { buildTestApp, createTestDatabase, withReferenceData } from '@pp/testing';
import { formatTable, runConformance } from './lib/contract-suite.ts';

const { db } = await createTestDatabase();
const app = await buildTestApp(db);

it('this stack conforms to its contract, judged over HTTP alone (npm run test:contract)', async () => {
  await withReferenceData(db);
  await seedDemoAccounts(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const demo = fixtures.demoAccounts();
  const rows = await runConformance({
    baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    partner: { username: demo.partner.username, password: demo.password },
    staff: { username: 'demo.admin', password: demo.password },
  });
  const table = formatTable(rows);
  expect(
    rows.filter((r) => !r.ok),
    table,
  ).toEqual([]);
  // Every part of the run had something to judge.
  for (const check of ['sign-in', 'read', 'bad input', 'envelope', 'section 8'])
    expect(
      rows.some((r) => r.check === check),
      check,
    ).toBe(true);
  expect(rows.filter((r) => r.check === 'read').length).toBeGreaterThan(60);
}, 180_000);
