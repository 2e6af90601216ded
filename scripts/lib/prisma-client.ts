import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs `prisma generate`; returns its exit status. */
export function generatePrismaClient(): number {
  // Prisma's CLI insists on a schema engine path even for generate; see schema-engine-unavailable.sh.
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/prisma/build/index.js'), 'generate'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'scripts/schema-engine-unavailable.sh'),
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  return result.status ?? 1;
}

/** Whether the generated client exists and is not older than prisma/schema.prisma. */
export function prismaClientIsCurrent(): boolean {
  const client = path.join(root, 'prisma/src/generated/prisma/client.ts');
  return existsSync(client) && statSync(client).mtimeMs >= statSync(path.join(root, 'prisma/schema.prisma')).mtimeMs;
}
