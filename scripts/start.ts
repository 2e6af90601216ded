/**
 * `npm start` (and `npm run dev`): generates the Prisma client when the schema is newer, makes the
 * stack's JavaScript when a source changed since it was last made (scripts/lib/node-build.ts; about
 * a second), then runs it — scripts/stack.ts, which
 * starts Postgres, migrates, seeds and supervises the services. This file and what it imports are
 * all tsx compiles at start: the rest runs as plain JavaScript.
 *
 * The stack runs in a process group of its own. A terminal's Ctrl-C goes to every process of the
 * foreground group at once: PostgreSQL among them, it shut down while the services still ran, and
 * they logged the lost connection. Here the signal reaches this launcher only, which hands it to the
 * stack: the stack stops its services, then PostgreSQL. When the launcher dies without a word (a
 * test runner's SIGKILL to its group), the stack's channel to it closes and the stack stops too.
 */
import { spawn } from 'node:child_process';
import { ensureNodeBuild, nodeBundleOf } from './lib/node-build.ts';
import { generatePrismaClient, prismaClientIsCurrent } from './lib/prisma-client.ts';

const started = performance.now();
// Here rather than as npm's prestart: a script of its own was one more tsx process at each start.
if (!prismaClientIsCurrent() && generatePrismaClient() !== 0) process.exit(1);
if (await ensureNodeBuild()) {
  console.log(`[start ${((performance.now() - started) / 1000).toFixed(1).padStart(4)} s] built the stack's JavaScript`);
}
const stack = spawn(process.execPath, ['--enable-source-maps', nodeBundleOf('stack'), ...process.argv.slice(2)], {
  detached: true,
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  // The stack counts its seconds from this launcher's start: the build above is part of the wait.
  env: { ...process.env, STACK_LAUNCHED_AT_MS: String(performance.timeOrigin) },
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => stack.kill(signal));
stack.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
