/** Container entry of the API server: migrate, seed the demo data when missing, then serve. */
import { seed } from '../prisma/seed/seed.ts';
import { createDb } from '../server/src/db/client.ts';
import { migrate } from '../server/src/db/migrator.ts';
import { loadConfig } from '../server/src/config.ts';

const config = loadConfig();
await migrate(config.databaseUrl);
const db = createDb(config.databaseUrl, { max: 2 });
await seed(db).finally(() => db.$disconnect());
await import('../server/src/main.ts');
