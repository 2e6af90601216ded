/**
 * `npm start` (and `npm run dev`): makes the stack's JavaScript when a source changed since it was
 * last made (scripts/lib/node-build.ts; about a second), then runs it — scripts/stack.ts, which
 * starts Postgres, migrates, seeds and supervises the services. This file and what it imports are
 * all tsx compiles at start: the rest runs as plain JavaScript.
 */
import { ensureNodeBuild, nodeBundleUrl } from './lib/node-build.ts';

const started = performance.now();
if (await ensureNodeBuild()) {
  console.log(`[start ${((performance.now() - started) / 1000).toFixed(1).padStart(4)} s] built the stack's JavaScript`);
}
await import(nodeBundleUrl('stack'));
