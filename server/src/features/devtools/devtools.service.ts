import type { FastifyInstance } from 'fastify';
import {
  TEXTS,
  api,
  faultEffectSchema,
  routesMatching,
  type Clock,
  type ClockInput,
  type Fault,
  type FaultInput,
  type SnapshotName,
} from '@pp/contract';
import type { Db } from '@pp/db';
import { Conflict, Invalid, NotFound } from '@pp/platform';
import { listSnapshots, restoreSnapshot, saveSnapshot } from '@pp/db/snapshot';
import { readJournal, toHar, type JournalFilter } from './journal.ts';
import { resetScenarios } from './scenarios.ts';

/** The fault rules, oldest first, with the account each is scoped to by name. */
export async function listFaults(db: Db): Promise<Fault[]> {
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

export async function addFault(app: FastifyInstance, input: FaultInput): Promise<Fault> {
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
  return (await listFaults(app.db)).find((f) => f.id === row.id)!;
}

export function clockOf(app: FastifyInstance): Clock {
  const offsetMs = app.clockOffset.offsetMs;
  return { now: app.now().toISOString(), offsetMs, virtual: offsetMs !== 0 };
}

export async function moveClock(app: FastifyInstance, offsetMs: number): Promise<Clock> {
  await app.db.devClock.upsert({
    where: { id: 1 },
    create: { id: 1, offsetMs: BigInt(offsetMs) },
    update: { offsetMs: BigInt(offsetMs) },
  });
  await app.devControls.reload();
  return clockOf(app);
}

export async function removeFault(app: FastifyInstance, id: number): Promise<{ removed: number }> {
  const { count } = await app.db.devFault.deleteMany({ where: { id } });
  if (count === 0) throw NotFound(TEXTS.notFound);
  await app.devControls.reload();
  return { removed: count };
}

export async function clearFaults(app: FastifyInstance): Promise<{ removed: number }> {
  const { count } = await app.db.devFault.deleteMany({});
  await app.devControls.reload();
  return { removed: count };
}

/** Sets the virtual clock to a moment (`at`) or moves it on (`advanceMs`). */
export async function setClock(app: FastifyInstance, input: ClockInput): Promise<Clock> {
  const realNow = app.now().getTime() - app.clockOffset.offsetMs;
  const offsetMs = 'at' in input ? Date.parse(input.at) - realNow : app.clockOffset.offsetMs + input.advanceMs;
  return moveClock(app, offsetMs);
}

/** The journal's entries, after what waits to be written is written (so a reader sees its own requests). */
export async function journalEntries(app: FastifyInstance, query: JournalFilter) {
  await app.devControls.journal.flush();
  return readJournal(app.db, query);
}

export async function journalAsHar(app: FastifyInstance, query: JournalFilter) {
  return toHar(await journalEntries(app, query), app.config.publicUrl);
}

export async function resetScenario(app: FastifyInstance, id: number): Promise<{ removed: number }> {
  const removed = await resetScenarios(app, { id });
  if (removed === 0) throw NotFound(TEXTS.notFound);
  return { removed };
}

/** The database's address, which snapshots work on directly (an app built around a client alone has none). */
function databaseUrlOf(app: FastifyInstance): string {
  if (!app.databaseUrl) throw Conflict(TEXTS.snapshotsNeedAddress);
  return app.databaseUrl;
}

export const snapshotsOf = (app: FastifyInstance) => listSnapshots(databaseUrlOf(app));

export async function saveSnapshotOf(app: FastifyInstance, name: SnapshotName) {
  const started = performance.now();
  const saved = await saveSnapshot(databaseUrlOf(app), name);
  return { ...saved, tookMs: Math.round(performance.now() - started) };
}

/** Puts the stack back as the snapshot has it; every instance forgets what it held. */
export async function resetTo(app: FastifyInstance, name: SnapshotName) {
  const started = performance.now();
  await app.devControls.journal.flush();
  const result = await restoreSnapshot(databaseUrlOf(app), name);
  if (!result.restored && result.reason === 'missing') throw NotFound(TEXTS.snapshotMissing(name));
  if (!result.restored) throw Conflict(TEXTS.snapshotStale(name));
  await app.devControls.reload();
  const { restored: _restored, ...figures } = result;
  return { ...figures, tookMs: Math.round(performance.now() - started) };
}
