import { migrate } from '@pp/db/migrator';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set. `npm start` migrates the embedded database by itself.');
  process.exit(1);
}
const result = await migrate(url);
console.log(
  `Applied ${result.applied.length} migration(s): ${result.applied.join(', ') || 'none'}; ${result.alreadyApplied} already applied.` +
    (result.repeated.length > 0 ? ` Ran again: ${result.repeated.join(', ')}.` : ''),
);
