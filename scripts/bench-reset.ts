/**
 * The developer controls' reset on the demo set, through the API as a developer calls it, on a
 * bench stack of its own: the seeded state saved as "default" and the 35,000-partner set as
 * "demo" (as npm start does); then a switch to each (a reset to a state the database did not last
 * equal refills every table: the worst case) and the usual reset after a demo's worth of use —
 * scenarios made, a fault, the clock moved, partners renamed — which puts back only what changed.
 * Run: npm run bench:reset [-- --partners N]
 */
import { parseArgs } from 'node:util';
import { api, endpointUrl, type Endpoint } from '@pp/contract';
import { loadDemo } from '@pp/db/demo';
import { demoOptions } from './lib/demo-options.ts';
import { startBenchStack } from './lib/bench.ts';

const { values } = parseArgs({ options: { partners: { type: 'string' } } });
const options = demoOptions({ ...(values.partners ? { partners: values.partners } : {}) });
const stack = await startBenchStack('bench-reset', 5448, { DEV_CONTROLS: 'loopback' });
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const call = async (endpoint: Endpoint, body?: unknown) => {
  const response = await fetch(`${stack.base}${endpointUrl(endpoint)}`, {
    method: endpoint.method,
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { response: Record<string, number>; failureMessage?: string };
  if (!response.ok) throw new Error(`${endpoint.path}: ${response.status} ${json.failureMessage}`);
  return json.response;
};
const row = (label: string, text: string) => console.log(`${label.padEnd(42)}${text}`);
try {
  const seeded = await call(api.devtools.saveSnapshot, { snapshot: 'default' });
  row('snapshot "default" saved (as seeded)', `${seeded.rows!.toLocaleString('en-US')} rows, ${seeded.tookMs} ms`);
  let at = performance.now();
  const loaded = await loadDemo({ databaseUrl: stack.url, fileStoreDir: stack.filesDir, ...options });
  row(
    'demo set loaded',
    `${options.partners.toLocaleString('en-US')} partners, ${loaded.totalRows.toLocaleString('en-US')} rows, ${seconds(at)} s`,
  );
  const saved = await call(api.devtools.saveSnapshot, { snapshot: 'demo' });
  row('snapshot "demo" saved', `${saved.tables} tables, ${saved.rows!.toLocaleString('en-US')} rows, ${saved.tookMs} ms`);
  const partners = await stack.db.partner.count();

  const toDefault = await call(api.devtools.reset, { snapshot: 'default' });
  row(
    'reset to "default" from the demo set',
    `${toDefault.refilled}/${toDefault.tables} tables, ${toDefault.rows!.toLocaleString('en-US')} rows, ${toDefault.tookMs} ms`,
  );
  const full = await call(api.devtools.reset, { snapshot: 'demo' });
  row(
    'reset to "demo" from "default" (worst case)',
    `${full.refilled}/${full.tables} tables, ${full.rows!.toLocaleString('en-US')} rows, ${full.tookMs} ms`,
  );

  at = performance.now();
  for (const scenario of ['approved', 'sentBack', 'grievanceSubmitted', 'rekycDue'])
    await call(api.devtools.makeScenario, { scenario });
  await call(api.devtools.addFault, { operationId: 'healthHealth', effect: { kind: 'status', status: 503 } });
  await call(api.devtools.setClock, { advanceMs: 86_400_000 });
  await stack.db.$executeRaw`UPDATE "Partner" SET "organizationName" = "organizationName" || ' (changed)' WHERE id % 7 = 0`;
  row("a demo's worth of use", `4 scenarios, a fault, the clock a day on, 1 partner in 7 renamed, ${seconds(at)} s`);
  const usual = await call(api.devtools.reset, { snapshot: 'demo' });
  row(
    'reset after it',
    `${usual.refilled}/${usual.tables} tables, ${usual.rows!.toLocaleString('en-US')} rows, ${usual.tookMs} ms`,
  );
  const changed = await stack.db.partner.count({ where: { organizationName: { endsWith: ' (changed)' } } });
  row(
    'after the reset',
    `${await stack.db.partner.count()} partners (was ${partners}), ${changed} still renamed, ${await stack.db.devFault.count()} faults`,
  );
  if (changed > 0 || (await stack.db.partner.count()) !== partners) process.exitCode = 1;
} finally {
  await stack.stop();
}
