/** Container entry of the API server: migrate, seed the demo data when missing, then serve. */
import { seed } from '@pp/db/seed';
import { createDb } from '@pp/db';
import { migrate } from '@pp/db/migrator';
import { loadConfig } from '@pp/server';

const config = loadConfig();
await migrate(config.databaseUrl);
const db = createDb(config.databaseUrl, { max: 2 });
await seed(db).finally(() => db.$disconnect());
await import('@pp/server/main');
