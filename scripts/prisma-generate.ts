import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const prismaCli = path.join(root, 'node_modules/prisma/build/index.js');

// Prisma's CLI insists on a schema engine path even for generate; see schema-engine-unavailable.sh.
const result = spawnSync(process.execPath, [prismaCli, 'generate'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: path.join(root, 'scripts/schema-engine-unavailable.sh'),
    PRISMA_HIDE_UPDATE_MESSAGE: '1',
  },
});
process.exit(result.status ?? 1);
