/**
 * How long `npm start` takes to serve /home: cold as a new clone is (an empty data folder, no web
 * build, no services' build: initdb, migrations, seed, both builds) and warm (the same again).
 * Used by npm run bench (its table's start rows) and npm run bench:startup.
 */
import { execSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import net from 'node:net';
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

/** Where a stack of a script's own runs: its ports follow `port` (API, gateway, SMTP sink). */
export interface StackPlace {
  port: number;
  pgPort: number;
  dataDir: string;
}

/** Whether something listens on the port of this machine. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts a stack on ports of its own and waits until it serves /home. `command`: how it is started
 * (npm start as a newcomer types it, or the launcher with arguments). Resolves with how long that
 * took and a Ctrl-C that stops it (to the whole process group).
 */
export async function startStackOn(
  place: StackPlace,
  command: string[],
  timeoutMs = 180_000,
  env: Record<string, string> = {},
): Promise<Started> {
  // A stack left running on these ports would answer in place of the new one, and be measured.
  const ports = [place.port, place.port + 1, place.port + 2, place.pgPort];
  for (const port of ports) {
    if (await answers(port)) throw new Error(`port ${port} is taken (a stack left running?): stop it first`);
  }
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(place.port),
      GATEWAY_PORT: String(place.port + 1),
      SMTP_SINK_PORT: String(place.port + 2),
      PG_PORT: String(place.pgPort),
      DATA_DIR: place.dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const ended: { code: number | null } = { code: null };
  child.once('exit', (code) => (ended.code = code ?? 1));
  const home = `http://localhost:${place.port}${webUrl('home')}`;
  for (;;) {
    try {
      const res = await fetch(home);
      // The app's page (its root element, empty or holding a prerendered page), not an error page.
      if (res.ok && (await res.text()).includes('<div id="root"')) break;
    } catch {
      // not up yet
    }
    if (ended.code !== null) throw new Error(`the stack exited with ${ended.code} before it served /home`);
    if (performance.now() - started > timeoutMs) throw new Error(`the stack did not serve /home within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const ms = performance.now() - started;
  return {
    ms,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (ended.code !== null) return resolve();
        child.once('exit', () => resolve());
        process.kill(-child.pid!, 'SIGINT');
      });
      // npm exits at once on Ctrl-C while the stack it started is still stopping (Postgres last):
      // stopped means its ports are free, for the next stack on them.
      for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
        if (!(await Promise.all(ports.map(answers))).some(Boolean)) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the stack on port ${place.port} still listens 30 s after Ctrl-C`);
    },
  };
}

/** Runs `npm start` as a newcomer types it and waits for /home to be served. */
export const firstPageAfterStart = () =>
  startStackOn({ port: STARTUP_PORT, pgPort: PG_PORT, dataDir: STARTUP_DATA_DIR }, ['npm', 'start']);

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
