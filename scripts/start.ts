/**
 * `npm start` (and `npm run dev`): generates the Prisma client when the schema is newer, makes the
 * stack's JavaScript when a source changed since it was last made (scripts/lib/node-build.ts; about
 * a second), then runs it — scripts/stack.ts, which
 * starts Postgres, migrates, seeds and supervises the services. This file and what it imports are
 * all tsx compiles at start: the rest runs as plain JavaScript.
 */
import { ensureNodeBuild, nodeBundleUrl } from './lib/node-build.ts';
import { generatePrismaClient, prismaClientIsCurrent } from './lib/prisma-client.ts';

const started = performance.now();
// Here rather than as npm's prestart: a script of its own was one more tsx process at each start.
if (!prismaClientIsCurrent() && generatePrismaClient() !== 0) process.exit(1);
if (await ensureNodeBuild()) {
  console.log(`[start ${((performance.now() - started) / 1000).toFixed(1).padStart(4)} s] built the stack's JavaScript`);
}
await import(nodeBundleUrl('stack'));
