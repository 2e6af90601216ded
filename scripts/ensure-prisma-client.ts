/**
 * Generates the Prisma client when it is missing or older than prisma/schema.prisma. Runs after
 * `npm install` and before `npm start`, `dev`, `seed` and `migrate`, whose code imports the client,
 * so a fresh clone or a pulled schema change starts without a manual `npm run generate`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schema = path.join(root, 'prisma/schema.prisma');
const client = path.join(root, 'server/src/generated/prisma/client.ts');

const stale = !existsSync(client) || statSync(client).mtimeMs < statSync(schema).mtimeMs;
if (stale) {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/prisma-generate.ts')], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
