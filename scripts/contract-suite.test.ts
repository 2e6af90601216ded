import type { AddressInfo } from 'node:net';
import { expect, it } from 'vitest';
import { fixtures } from '@pp/fixtures';
import { seedDemoAccounts } from '@pp/db/seed';
import { api, type FaultInput } from '@pp/contract';
import { buildTestApp, callApi, createTestDatabase, withReferenceData } from '@pp/testing';
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

it('names a dropped connection, a time-out, an empty and a malformed body as rows, never a crash (npm run test:contract)', async () => {
  const fault = (operationId: string, effect: FaultInput['effect']) =>
    callApi(app, api.devtools.addFault, { body: { operationId, effect } }).then((res) => expect(res.statusCode).toBe(200));
  await fault('partnerInfo', { kind: 'drop' });
  await fault('partnerPartnerCompanies', { kind: 'delayFixed', ms: 3_000 });
  await fault('faqLoginPageNotification', { kind: 'empty' });
  await fault('notificationList', { kind: 'malformed' });
  try {
    const demo = fixtures.demoAccounts();
    const rows = await runConformance({
      baseUrl: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      partner: { username: demo.partner.username, password: demo.password },
      timeoutMs: 1_000,
    });
    const row = (operation: string) => rows.find((r) => r.operation === operation);
    expect(row('partnerInfo')).toMatchObject({
      ok: false,
      status: 0,
      detail: expect.stringMatching(/^expected status 200; came the connection failed/),
    });
    expect(row('partnerPartnerCompanies')).toMatchObject({
      ok: false,
      status: 0,
      detail: 'expected status 200; came no answer within 1 s',
    });
    expect(row('faqLoginPageNotification')).toMatchObject({
      ok: false,
      detail: 'expected a JSON body of its schema; came status 200 with an empty body',
    });
    expect(row('notificationList')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^expected a JSON body of its schema; came status 200 with a body that is not JSON/),
    });
    // The section 8 row of the dropped call names what came too.
    expect(row('partnerInfo without a token')).toMatchObject({ ok: false, status: 0 });
    expect(formatTable(rows)).toMatch(/\d+ of \d+ conform; \d+ do not$/);
  } finally {
    await callApi(app, api.devtools.clearFaults);
  }
}, 120_000);
