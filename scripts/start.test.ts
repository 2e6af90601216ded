import { execSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Under the repository's .data, as every stack's: PostgreSQL runs as its own user, who may not enter a private temp folder.
const dataDir = path.join(root, '.data/start-test');
rmSync(dataDir, { recursive: true, force: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Whether a process group still has a process in it. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(check: () => boolean, timeoutMs: number, what: string, shown = () => '') {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} not in ${timeoutMs / 1000} s\n${shown()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm start, stopped as a terminal stops it', () => {
  it('stops on Ctrl-C with nothing logged above info, services before PostgreSQL, no process left', async () => {
    // As `npm start` runs it, in a process group of its own like a terminal's foreground job.
    // --dev: the stack without the web build (Vite serves the pages), so a clone without one starts quickly.
    const launcher = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--dev'], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: '8590',
        GATEWAY_PORT: '8591',
        SMTP_SINK_PORT: '8592',
        WEB_DEV_PORT: '8594',
        PG_PORT: '5890',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
    });
    let output = '';
    let gone = false;
    launcher.once('exit', () => (gone = true));
    launcher.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    launcher.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
    const pgid = launcher.pid!;
    try {
      await until(
        () => gone || output.includes('Press Ctrl-C to stop.'),
        150_000,
        'the stack ready',
        () => output,
      );
      expect(gone, output).toBe(false);
      // A stack in use: connections open in the services' pools, as a developer's would be.
      for (let i = 0; i < 5; i++) {
        await fetch('http://127.0.0.1:8590/partner-api/health');
        await fetch('http://127.0.0.1:8590/partner-api/api/faq/getLoginPageNotification');
        await fetch('http://127.0.0.1:8591/chatbot/health');
      }
      // Ctrl-C: SIGINT to every process of the terminal's foreground group at once.
      process.kill(-pgid, 'SIGINT');
      expect(await exited).toBe(0);
      await until(
        () => output.includes('] stopped'),
        20_000,
        'the stack stopped',
        () => output,
      );
    } finally {
      // The stack stops itself when its launcher is gone (its channel to it closes).
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
    const stopping = output.slice(output.indexOf('stopping…'));
    // JSON log lines of the services: nothing at warn (40) or above while they stop.
    const loud = stopping
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg?: string })
      .filter((line) => line.level >= 40);
    expect(loud).toEqual([]);
    // The terminal's signal reached the launcher alone: the stack stopped the API server itself, in
    // its order (services, then PostgreSQL). Had the signal reached PostgreSQL too, it shut down
    // while the services still ran, and they logged the loss whenever they noticed it first.
    const closing = stopping
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => (JSON.parse(line) as { msg?: string }).msg)
      .filter((msg) => msg?.endsWith(': closing'));
    expect(closing).toEqual(['SIGTERM: closing']);
    expect(stopping).not.toMatch(/\[postgres\]|Error|error:/);
    // PostgreSQL and the services ran in the stack's own group: all gone.
    await until(() => !execSync('ps -eo args', { encoding: 'utf8' }).includes(dataDir), 10_000, 'no process left');
  }, 200_000);
});
