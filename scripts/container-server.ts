/**
 * Container entry of the API server: wait for Postgres, migrate, seed the reference and sample data
 * when missing, then serve. Replicas start together: the migrator's lock and the one below make them
 * take turns, so one seeds and the others find it done.
 */
import { seed } from '@pp/db/seed';
import { createDb } from '@pp/db';
import { migrate, waitForDatabase, withAdvisoryLock } from '@pp/db/migrator';
import { loadConfig } from '@pp/server';

const SEED_LOCK_KEY = 72_707_370;

const config = loadConfig();
await waitForDatabase(config.databaseUrl);
await migrate(config.databaseUrl);
await withAdvisoryLock(config.databaseUrl, SEED_LOCK_KEY, async () => {
  const db = createDb(config.databaseUrl, { max: 2 });
  await seed(db).finally(() => db.$disconnect());
});
await import('@pp/server/main');
