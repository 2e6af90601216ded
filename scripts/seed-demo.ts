/**
 * `npm run seed:demo`: the demo set (35,000 partners by default) into the database — DATABASE_URL,
 * or the embedded one `npm start` uses (when the stack is not running). Safe to run again: the
 * same set is not loaded twice, and a different one replaces it.
 *
 *   npm run seed:demo -- [--partners N] [--seed N] [--today YYYY-MM-DD] [--force]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createDb } from '@pp/db';
import { loadDemo } from '@pp/db/demo';
import { startEmbeddedPostgres, type Database } from '@pp/db/embedded';
import { migrate } from '@pp/db/migrator';
import { saveSnapshot } from '@pp/db/snapshot';
import { seed } from '@pp/db/seed';
import { demoOptions, reportDemo } from './lib/demo-options.ts';
import { demoProgress } from './lib/demo-progress.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    partners: { type: 'string' },
    seed: { type: 'string' },
    today: { type: 'string' },
    force: { type: 'boolean', default: false },
  },
});
const options = demoOptions(values);

const dataDir = process.env.DATA_DIR ?? path.join(root, '.data');
let database: Database | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  database = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'pg'),
    port: Number(process.env.PG_PORT ?? 5433),
    databaseName: 'partner_portal',
  });
  url = database.url;
}
try {
  await migrate(url);
  const db = createDb(url, { max: 2 });
  await seed(db).finally(() => db.$disconnect());
  const result = await loadDemo({
    databaseUrl: url,
    fileStoreDir: path.resolve(process.env.FILE_STORE_DIR ?? path.join(dataDir, 'files')),
    ...options,
    force: values.force,
    progress: demoProgress(),
  });
  reportDemo(result, options);
  // The state the developer controls' reset puts back as "demo"; a stack without the controls
  // (DEV_CONTROLS=off, as npm start does) has no reset to put it back with.
  if (!result.skipped && process.env.DEV_CONTROLS !== 'off')
    console.log(`snapshot "demo": ${(await saveSnapshot(url, 'demo')).rows} rows saved`);
} finally {
  await database?.stop();
}
