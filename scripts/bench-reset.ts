/**
 * The developer controls' reset on the demo set: the 35,000-partner set loaded into a bench stack
 * of its own, saved as the "demo" snapshot, changed (a partner added, sessions opened), and put
 * back — each step timed. Run: npm run bench:reset [-- --partners N]
 */
import { parseArgs } from 'node:util';
import { loadDemo } from '@pp/db/demo';
import { restoreSnapshot, saveSnapshot } from '@pp/db/snapshot';
import { demoOptions } from './lib/demo-options.ts';
import { startBenchStack } from './lib/bench.ts';

const { values } = parseArgs({ options: { partners: { type: 'string' } } });
const options = demoOptions({ ...(values.partners ? { partners: values.partners } : {}) });
const stack = await startBenchStack('bench-reset', 5448);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
try {
  let at = performance.now();
  const loaded = await loadDemo({ databaseUrl: stack.url, fileStoreDir: stack.filesDir, ...options });
  console.log(
    `demo set loaded                 ${options.partners.toLocaleString('en-US')} partners, ${loaded.totalRows.toLocaleString('en-US')} rows, ${seconds(at)} s`,
  );
  at = performance.now();
  const saved = await saveSnapshot(stack.url, 'demo');
  console.log(
    `snapshot "demo" saved           ${saved.tables} tables, ${saved.rows.toLocaleString('en-US')} rows, ${seconds(at)} s`,
  );
  const before = await stack.db.partner.count();
  await stack.db.$executeRaw`UPDATE "Partner" SET "organizationName" = "organizationName" || ' (changed)' WHERE id % 7 = 0`;
  await stack.db.$executeRaw`DELETE FROM "Grievance" WHERE id % 3 = 0`;
  at = performance.now();
  const restored = await restoreSnapshot(stack.url, 'demo');
  console.log(
    `reset to "demo"                 ${restored.restored ? `${restored.rows.toLocaleString('en-US')} rows` : restored.reason}, ${seconds(at)} s`,
  );
  const changed = await stack.db.partner.count({ where: { organizationName: { endsWith: ' (changed)' } } });
  console.log(
    `after the reset                 ${await stack.db.partner.count()} partners (was ${before}), ${changed} still changed`,
  );
} finally {
  await stack.stop();
}
