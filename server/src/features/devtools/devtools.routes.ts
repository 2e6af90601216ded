import type { FastifyInstance } from 'fastify';
import { TEXTS, api, faultEffectSchema, routesMatching, type Clock, type Fault, type FaultInput } from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, NotFound, addRoute, ok } from '@pp/platform';
import { listSnapshots, restoreSnapshot, saveSnapshot } from '@pp/db/snapshot';
import { guardDevService } from '../../lib/dev-access.ts';
import { clearJournal, readJournal, toHar } from './journal.ts';
import { listScenarios, makeScenario, resetScenarios } from './scenarios.ts';

async function faultsOf(db: Db): Promise<Fault[]> {
  const rows = await db.devFault.findMany({ orderBy: { id: 'asc' } });
  const ids = rows.flatMap((r) => (r.userId === null ? [] : [r.userId]));
  const names = new Map(
    (await db.userAccount.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })).map((u) => [
      u.id,
      u.username,
    ]),
  );
  return rows.map((r) => ({
    id: r.id,
    method: r.method,
    pathPattern: r.pathPattern,
    operationId: r.operationId,
    account: r.userId === null ? null : (names.get(r.userId) ?? null),
    client: r.client,
    probability: r.probability,
    seed: r.seed,
    remaining: r.remaining,
    matched: r.matched,
    fired: r.fired,
    effect: faultEffectSchema.parse(r.effect),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** The contract's operationIds (a rule naming another would never fire). */
const OPERATION_IDS = new Set(
  Object.values(api).flatMap((area) => Object.values(area).flatMap((e: { operationId?: string }) => e.operationId ?? [])),
);

async function addFault(app: FastifyInstance, input: FaultInput): Promise<Fault> {
  if (input.operationId && !OPERATION_IDS.has(input.operationId))
    throw Invalid('operationId', TEXTS.notInList('operation of the OpenAPI document'));
  if (input.pathPattern) {
    const { matching, nearest } = routesMatching(input.pathPattern, input.method);
    if (matching.length === 0) throw Invalid('pathPattern', TEXTS.patternMatchesNoRoute(`${nearest.method} ${nearest.path}`));
  }
  let userId: number | null = null;
  if (input.account) {
    const account = await app.db.userAccount.findFirst({
      where: { username: { equals: input.account, mode: 'insensitive' } },
      select: { id: true },
    });
    if (!account) throw Invalid('account', TEXTS.notInList('account'));
    userId = account.id;
  }
  const row = await app.db.devFault.create({
    data: {
      method: input.method ?? null,
      pathPattern: input.pathPattern ?? null,
      operationId: input.operationId ?? null,
      userId,
      client: input.client ?? null,
      probability: input.probability,
      seed: input.seed,
      remaining: input.count ?? null,
      effect: input.effect,
    },
  });
  await app.devControls.reload();
  return (await faultsOf(app.db)).find((f) => f.id === row.id)!;
}

function clockOf(app: FastifyInstance): Clock {
  const offsetMs = app.clockOffset.offsetMs;
  return { now: app.now().toISOString(), offsetMs, virtual: offsetMs !== 0 };
}

async function moveClock(app: FastifyInstance, offsetMs: number): Promise<Clock> {
  await app.db.devClock.upsert({
    where: { id: 1 },
    create: { id: 1, offsetMs: BigInt(offsetMs) },
    update: { offsetMs: BigInt(offsetMs) },
  });
  await app.devControls.reload();
  return clockOf(app);
}

/**
 * The developer controls' API. Like the mailbox, it answers loopback clients only by default (it
 * can fail every answer and read every request), and buildApp leaves it out when DEV_CONTROLS is off.
 */
export default async function devtoolsRoutes(app: FastifyInstance) {
  if (app.config.devControls !== 'off')
    guardDevService(app, app.config.devControls, 'the developer controls (DEV_CONTROLS=open)');
  const { db } = app;

  addRoute(app, api.devtools.faults, async () => ok(await faultsOf(db)));
  addRoute(app, api.devtools.addFault, async ({ body }) => ok(await addFault(app, body)));
  addRoute(app, api.devtools.deleteFault, async ({ params }) => {
    const { count } = await db.devFault.deleteMany({ where: { id: params.id } });
    if (count === 0) throw NotFound(TEXTS.notFound);
    await app.devControls.reload();
    return ok({ removed: count });
  });
  addRoute(app, api.devtools.clearFaults, async () => {
    const { count } = await db.devFault.deleteMany({});
    await app.devControls.reload();
    return ok({ removed: count });
  });

  addRoute(app, api.devtools.clock, async () => ok(clockOf(app)));
  addRoute(app, api.devtools.setClock, async ({ body }) => {
    const realNow = app.now().getTime() - app.clockOffset.offsetMs;
    const offsetMs = 'at' in body ? Date.parse(body.at) - realNow : app.clockOffset.offsetMs + body.advanceMs;
    return ok(await moveClock(app, offsetMs));
  });
  addRoute(app, api.devtools.resetClock, async () => ok(await moveClock(app, 0)));

  addRoute(app, api.devtools.journal, async ({ query }) => {
    await app.devControls.journal.flush();
    return ok(await readJournal(db, query));
  });
  addRoute(app, api.devtools.journalHar, async ({ query, reply }) => {
    await app.devControls.journal.flush();
    const har = toHar(await readJournal(db, query), app.config.publicUrl);
    void reply.header('content-disposition', 'attachment; filename="partner-portal-journal.har"');
    return har;
  });
  addRoute(app, api.devtools.scenarios, async ({ query, language }) => ok(await listScenarios(app, query.scenario, language)));
  addRoute(app, api.devtools.makeScenario, async ({ body, language }) => ok(await makeScenario(app, body.scenario, language)));
  addRoute(app, api.devtools.resetScenario, async ({ params }) => {
    const removed = await resetScenarios(app, { id: params.id });
    if (removed === 0) throw NotFound(TEXTS.notFound);
    return ok({ removed });
  });
  addRoute(app, api.devtools.resetScenarios, async ({ query }) =>
    ok({ removed: await resetScenarios(app, query.scenario ? { name: query.scenario } : {}) }),
  );
  const databaseUrl = () => {
    if (!app.databaseUrl) throw Conflict(TEXTS.snapshotsNeedAddress);
    return app.databaseUrl;
  };
  addRoute(app, api.devtools.snapshots, async () => ok(await listSnapshots(databaseUrl())));
  addRoute(app, api.devtools.saveSnapshot, async ({ body }) => {
    const started = performance.now();
    const saved = await saveSnapshot(databaseUrl(), body.snapshot);
    return ok({ ...saved, tookMs: Math.round(performance.now() - started) });
  });
  addRoute(app, api.devtools.reset, async ({ body }) => {
    const started = performance.now();
    await app.devControls.journal.flush();
    const result = await restoreSnapshot(databaseUrl(), body.snapshot);
    if (!result.restored && result.reason === 'missing') throw NotFound(TEXTS.snapshotMissing(body.snapshot));
    if (!result.restored) throw Conflict(TEXTS.snapshotStale(body.snapshot));
    await app.devControls.reload();
    const { restored: _restored, ...figures } = result;
    return ok({ ...figures, tookMs: Math.round(performance.now() - started) });
  });
  addRoute(app, api.devtools.clearJournal, async () => ok({ removed: await clearJournal(db) }));
}
