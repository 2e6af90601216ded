import type { FastifyInstance } from 'fastify';
import { api } from '@pp/contract';
import { addRoute, ok } from '@pp/platform';
import { guardDevService } from '../../lib/dev-access.ts';
import {
  addFault,
  clearFaults,
  clockOf,
  journalAsHar,
  journalEntries,
  listFaults,
  moveClock,
  removeFault,
  resetScenario,
  resetTo,
  saveSnapshotOf,
  setClock,
  snapshotsOf,
} from './devtools.service.ts';
import { clearJournal } from './journal.ts';
import { listScenarios, makeScenario, resetScenarios } from './scenarios.ts';

/**
 * The developer controls' API. Like the mailbox, it answers loopback clients only by default (it
 * can fail every answer and read every request), and buildApp leaves it out when DEV_CONTROLS is off.
 */
export default async function devtoolsRoutes(app: FastifyInstance) {
  if (app.config.devControls !== 'off')
    guardDevService(app, app.config.devControls, 'the developer controls (DEV_CONTROLS=open)');
  const { db } = app;
  addRoute(app, api.devtools.faults, async () => ok(await listFaults(db)));
  addRoute(app, api.devtools.addFault, async ({ body }) => ok(await addFault(app, body)));
  addRoute(app, api.devtools.deleteFault, async ({ params }) => ok(await removeFault(app, params.id)));
  addRoute(app, api.devtools.clearFaults, async () => ok(await clearFaults(app)));

  addRoute(app, api.devtools.clock, async () => ok(clockOf(app)));
  addRoute(app, api.devtools.setClock, async ({ body }) => ok(await setClock(app, body)));
  addRoute(app, api.devtools.resetClock, async () => ok(await moveClock(app, 0)));

  addRoute(app, api.devtools.journal, async ({ query }) => ok(await journalEntries(app, query)));
  addRoute(app, api.devtools.journalHar, async ({ query, reply }) => {
    void reply.header('content-disposition', 'attachment; filename="partner-portal-journal.har"');
    return journalAsHar(app, query);
  });
  addRoute(app, api.devtools.clearJournal, async () => ok({ removed: await clearJournal(db) }));

  addRoute(app, api.devtools.scenarios, async ({ query, language }) => ok(await listScenarios(app, query.scenario, language)));
  addRoute(app, api.devtools.makeScenario, async ({ body, language }) => ok(await makeScenario(app, body.scenario, language)));
  addRoute(app, api.devtools.resetScenario, async ({ params }) => ok(await resetScenario(app, params.id)));
  addRoute(app, api.devtools.resetScenarios, async ({ query }) =>
    ok({ removed: await resetScenarios(app, query.scenario ? { name: query.scenario } : {}) }),
  );

  addRoute(app, api.devtools.snapshots, async () => ok(await snapshotsOf(app)));
  addRoute(app, api.devtools.saveSnapshot, async ({ body }) => ok(await saveSnapshotOf(app, body.snapshot)));
  addRoute(app, api.devtools.reset, async ({ body }) => ok(await resetTo(app, body.snapshot)));
}
