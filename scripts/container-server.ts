/**
 * Container entry of the API server: wait for Postgres, migrate, seed the reference and sample data
 * when missing (saving it as the controls' "default" state where they are on), then serve. Replicas start together: the migrator's lock and the one below make them
 * take turns, so one seeds and the others find it done.
 */
import { seed } from '@pp/db/seed';
import { saveSnapshot } from '@pp/db/snapshot';
import { createDb } from '@pp/db';
import { migrate, waitForDatabase, withAdvisoryLock } from '@pp/db/migrator';
import { loadConfig } from '@pp/server';

const SEED_LOCK_KEY = 72_707_370;

const config = loadConfig();
await waitForDatabase(config.databaseUrl);
await migrate(config.databaseUrl);
await withAdvisoryLock(config.databaseUrl, SEED_LOCK_KEY, async () => {
  const db = createDb(config.databaseUrl, { max: 2 });
  const seeded = await seed(db).finally(() => db.$disconnect());
  // A database seeded just now is the state the developer controls' reset puts back, where they are on.
  if (seeded.created.length > 0 && config.devControls !== 'off') await saveSnapshot(config.databaseUrl, 'default');
});
await import('@pp/server/main');
