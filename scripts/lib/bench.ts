import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb } from '@pp/db';
import { startEmbeddedPostgres } from '@pp/db/embedded';
import { migrate } from '@pp/db/migrator';
import { seed } from '@pp/db/seed';
import { buildApp, loadConfig } from '@pp/server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The p-th percentile of ascending times. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** One line of figures: count, rate, p50 and p95 (sorts `times`). */
export function report(label: string, times: number[], seconds: number) {
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(46)} ${String(times.length).padStart(5)} requests  ${(times.length / seconds).toFixed(0).padStart(5)}/s  ` +
      `p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
  );
}

/** Runs `jobs`, `concurrency` at a time, and answers each one's time and the wall time; a failed request stops the bench. */
export async function timed(concurrency: number, jobs: (() => Promise<Response>)[]) {
  const times: number[] = [];
  const queue = [...jobs];
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const started = performance.now();
        const res = await job();
        const body = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 300)}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return { times, seconds: (performance.now() - wall) / 1000 };
}

/**
 * A bench's own stack: an embedded Postgres (migrated and seeded, thrown away afterwards) and the
 * API server on a loopback port, so figures never touch the development database.
 */
export async function startBenchStack(name: string, port: number, env: Record<string, string> = {}) {
  const filesDir = await mkdtemp(path.join(os.tmpdir(), `${name}-files-`));
  const database = await startEmbeddedPostgres({
    dataDir: path.join(root, `.data/${name}`),
    port,
    databaseName: 'bench',
    persistent: false,
  });
  await migrate(database.url);
  const db = createDb(database.url);
  await seed(db);
  const server = await buildApp(
    loadConfig({
      DATABASE_URL: database.url,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/none',
      FILE_STORE_DIR: filesDir,
      // Each bench user signs in from an address of its own (X-Forwarded-For), as real users would.
      TRUST_PROXY_HOPS: '1',
      // Figures are production's: the developer controls (faults, the journal's writes) are off there.
      DEV_CONTROLS: 'off',
      ...env,
    }),
    { db, databaseUrl: database.url, logger: false },
  );
  await server.listen({ host: '127.0.0.1', port: 0 });
  return {
    db,
    url: database.url,
    filesDir,
    server,
    base: `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    stop: async () => {
      await server.close();
      await db.$disconnect();
      await database.stop();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
}
