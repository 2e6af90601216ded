import { seed } from '@pp/db/seed';
import { createDb } from '@pp/db';
import { migrate } from '@pp/db/migrator';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set. `npm start` seeds the embedded database by itself.');
  process.exit(1);
}
await migrate(url);
const db = createDb(url);
try {
  const { created } = await seed(db);
  console.log(`Seeded reference data; created accounts: ${created.join(', ') || 'none (all existed)'}`);
} finally {
  await db.$disconnect();
}
