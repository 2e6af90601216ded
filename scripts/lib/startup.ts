/**
 * How long `npm start` takes to serve /home: cold as a new clone is (an empty data folder, no web
 * build, no services' build: initdb, migrations, seed, both builds) and warm (the same again).
 * Used by npm run bench (its table's start rows) and npm run bench:startup.
 */
import { execSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webUrl } from '@pp/contract';
import { NODE_BUILD_DIR } from './node-build.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const STARTUP_PORT = 8190;
const PG_PORT = 5533;
export const STARTUP_DATA_DIR = path.join(root, '.data/bench');
export const STARTUP_HOME = `http://localhost:${STARTUP_PORT}${webUrl('home')}`;

/** Targets of issue 26. */
export const WARM_START_TARGET_MS = 5_000;
export const COLD_START_TARGET_MS = 20_000;

export interface Started {
  ms: number;
  stop: () => Promise<void>;
}

/** Runs `npm start` as a newcomer types it and waits for /home to be served. */
export async function firstPageAfterStart(): Promise<Started> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(STARTUP_PORT),
      GATEWAY_PORT: String(STARTUP_PORT + 1),
      SMTP_SINK_PORT: String(STARTUP_PORT + 2),
      PG_PORT: String(PG_PORT),
      DATA_DIR: STARTUP_DATA_DIR,
      LOG_LEVEL: 'warn',
    },
  });
  for (;;) {
    try {
      const res = await fetch(STARTUP_HOME);
      if (res.ok && (await res.text()).includes('<div id="root">')) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 180_000) throw new Error('the stack did not serve /home within 180 s');
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  return {
    ms,
    // Ctrl-C as a user presses it: to the whole process group npm started.
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGINT');
      }),
  };
}

/** What a new clone lacks: the data folder and both builds. */
export function asNewClone() {
  rmSync(STARTUP_DATA_DIR, { recursive: true, force: true });
  rmSync(path.join(root, 'web/dist'), { recursive: true, force: true });
  rmSync(NODE_BUILD_DIR, { recursive: true, force: true });
}

/** Processes still holding the data folder or the ports (postgres, server, gateway). */
export function leftovers(): string {
  const lines = execSync('ps -eo pid=,args=').toString().split('\n');
  const ports = execSync('ss -ltnp')
    .toString()
    .split('\n')
    .filter((l) => [STARTUP_PORT, STARTUP_PORT + 1, STARTUP_PORT + 2, PG_PORT].some((p) => l.includes(`:${p} `)));
  return [...lines.filter((l) => l.includes(STARTUP_DATA_DIR) && !l.includes('ps -eo')), ...ports].join('\n').trim();
}

/** Cold then warm, each stopped by Ctrl-C; `between` runs against the cold stack while it is up. */
export async function measureStartup<T>(between: () => Promise<T>): Promise<{ coldMs: number; warmMs: number; between: T }> {
  asNewClone();
  const cold = await firstPageAfterStart();
  const result = await between();
  await cold.stop();
  const warm = await firstPageAfterStart();
  await warm.stop();
  return { coldMs: cold.ms, warmMs: warm.ms, between: result };
}
