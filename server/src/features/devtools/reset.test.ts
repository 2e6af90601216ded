import { describe, expect, it } from 'vitest';
import { MESSAGES, api } from '@pp/contract';
import { seedDemoAccounts } from '@pp/db/seed';
import { saveSnapshot, stopTracking } from '@pp/db/snapshot';
import {
  buildTestApp,
  callApi,
  createPartnerUser,
  setupFeatureTest,
  signIn,
  urlOfTestDatabase,
  withReferenceData,
} from '@pp/testing';

const { db, app } = await setupFeatureTest({ referenceData: false });

describe('putting the whole stack back to a saved state (/dev/snapshots, /dev/reset)', () => {
  it('restores every table and sequence as saved, and every instance forgets what it held', async () => {
    await withReferenceData(db);
    await seedDemoAccounts(db);
    const saved = await callApi(app, api.devtools.saveSnapshot, { body: { snapshot: 'default' } });
    expect(saved.statusCode, JSON.stringify(saved.json())).toBe(200);
    expect(saved.json().response.tables).toBeGreaterThan(50);
    const partnersBefore = await db.partner.count();
    const namesBefore = await db.partner.findMany({ select: { id: true, organizationName: true }, orderBy: { id: 'asc' } });
    const nextIdBefore = (await createPartnerUser(db)).partner.id;
    await db.partner.delete({ where: { id: nextIdBefore } });

    // What a demo or a test run leaves behind: a scenario, a fault, a moved clock, a signed-in session on another instance.
    const scenario = (await callApi(app, api.devtools.makeScenario, { body: { scenario: 'approved' } })).json().response;
    await callApi(app, api.devtools.addFault, { body: { operationId: 'healthHealth', effect: { kind: 'status', status: 500 } } });
    await callApi(app, api.devtools.setClock, { body: { advanceMs: 3_600_000 } });
    const other = await buildTestApp(db, { databaseUrl: urlOfTestDatabase(db)! });
    const stranger = await createPartnerUser(db, { onboardStatus: 'Approved' });
    const { auth } = await signIn(other, stranger.username);
    expect((await callApi(other, api.partner.info, { headers: auth })).statusCode).toBe(200);

    // Rows changed in place and a table emptied whole are put back too.
    await db.$executeRaw`UPDATE "Partner" SET "organizationName" = 'renamed in the demo'`;
    const declarationsBefore = await db.declarationText.count();
    await db.$executeRaw`TRUNCATE "DeclarationText"`;

    const reset = await callApi(app, api.devtools.reset, { body: { snapshot: 'default' } });
    expect(reset.statusCode, JSON.stringify(reset.json())).toBe(200);
    expect(reset.json().response.tables).toBe(saved.json().response.tables);
    // Only what was written since the save is refilled: the approved scenario wrote its profile, orders and invoices, not the reference data.
    expect(reset.json().response.refilled).toBeGreaterThan(3);
    expect(reset.json().response.refilled).toBeLessThan(saved.json().response.tables);
    expect(reset.json().response.rows).toBeLessThan(saved.json().response.rows);
    expect(reset.json().response.tookMs).toBeLessThan(60_000);

    expect(await db.partner.count()).toBe(partnersBefore);
    expect(await db.partner.findMany({ select: { id: true, organizationName: true }, orderBy: { id: 'asc' } })).toEqual(
      namesBefore,
    );
    expect(declarationsBefore).toBeGreaterThan(0);
    expect(await db.declarationText.count()).toBe(declarationsBefore);
    expect(await db.partner.count({ where: { id: scenario.partnerId } })).toBe(0);
    expect(await db.devFault.count()).toBe(0);
    expect((await callApi(app, api.health.health)).statusCode).toBe(200);
    expect((await callApi(app, api.devtools.clock)).json().response.offsetMs).toBe(0);
    // Sequences go back too: the next partner gets the number it would have had.
    expect((await createPartnerUser(db)).partner.id).toBe(nextIdBefore);
    // A sequence never read when saved (the partner numbers') starts again from its START, clear of the seeded numbers.
    const again = await callApi(app, api.devtools.makeScenario, { body: { scenario: 'registered' } });
    expect(again.statusCode, JSON.stringify(again.json())).toBe(200);
    // The other instance dropped the session it held: the row is gone, and it does not answer from memory.
    const deadline = Date.now() + 10_000;
    let status = 200;
    while (Date.now() < deadline && (status = (await callApi(other, api.partner.info, { headers: auth })).statusCode) === 200) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
    // The demo accounts of the seed are there to sign in with.
    expect((await signIn(app, 'demo.partner', 'Demo@1234')).token).toBeTruthy();
  }, 120_000);

  it('lists the saved states; refuses one never saved (404) and one made under older migrations (409)', async () => {
    const listed = (await callApi(app, api.devtools.snapshots)).json().response;
    expect(listed).toEqual([{ name: 'default', madeAt: expect.any(String), current: true }]);
    // A reset to another state than the one the database last equalled refills every table.
    expect((await callApi(app, api.devtools.reset, { body: { snapshot: 'default' } })).statusCode).toBe(200);
    const partners = await db.partner.count();
    await createPartnerUser(db);
    expect((await callApi(app, api.devtools.saveSnapshot, { body: { snapshot: 'demo' } })).statusCode).toBe(200);
    const toDefault = (await callApi(app, api.devtools.reset, { body: { snapshot: 'default' } })).json().response;
    expect(toDefault.refilled).toBe(toDefault.tables);
    expect(await db.partner.count()).toBe(partners);
    const toDemo = (await callApi(app, api.devtools.reset, { body: { snapshot: 'demo' } })).json().response;
    expect(toDemo.refilled).toBe(toDemo.tables);
    expect(await db.partner.count()).toBe(partners + 1);
    await db.$executeRawUnsafe(`DROP SCHEMA pp_snapshot_demo CASCADE`);
    const missing = await callApi(app, api.devtools.reset, { body: { snapshot: 'demo' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.error().failureMessage).toBe(MESSAGES.snapshotMissing('demo'));
    await db.$executeRawUnsafe(`UPDATE pp_snapshot_default."_made" SET migrations = 'an-older-schema'`);
    const stale = await callApi(app, api.devtools.reset, { body: { snapshot: 'default' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.error().failureMessage).toBe(MESSAGES.snapshotStale('default'));
    expect((await callApi(app, api.devtools.reset, { body: { snapshot: 'later' as 'demo' } })).statusCode).toBe(400);
  });

  it('takes the note-taking triggers off when the controls are off, and a reset afterwards refills whole tables', async () => {
    await withReferenceData(db);
    const url = urlOfTestDatabase(db)!;
    await saveSnapshot(url, 'default');
    const triggers = async () =>
      Number((await db.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM pg_trigger WHERE tgname LIKE 'pp_snapshot_%'`)[0]!.n);
    expect(await triggers()).toBeGreaterThan(100);
    expect(await stopTracking(url)).toBe(true);
    expect(await triggers()).toBe(0);
    expect(await stopTracking(url)).toBe(false);
    await db.$executeRaw`UPDATE "GroupCompany" SET "longDesc" = 'changed while untracked'`;
    const reset = await callApi(app, api.devtools.reset, { body: { snapshot: 'default' } });
    expect(reset.statusCode, JSON.stringify(reset.json())).toBe(200);
    expect(reset.json().response.refilled).toBe(reset.json().response.tables);
    expect(await db.groupCompany.count({ where: { longDesc: 'changed while untracked' } })).toBe(0);
    expect(await triggers()).toBeGreaterThan(100);
  });
});
