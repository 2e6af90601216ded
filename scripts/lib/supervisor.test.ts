import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { api, endpointUrl } from '@pp/contract';
import { createPartnerUser, freshIp, createTestDatabase, TEST_PASSWORD, withReferenceData } from '@pp/testing';
import { Supervisor, type RestartPolicy } from './supervisor.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FAST: RestartPolicy = { maxRestarts: 3, windowMs: 60_000, firstDelayMs: 50, maxDelayMs: 200 };
const node = (code: string) => [process.execPath, '-e', code];
const FOREVER = 'setInterval(() => {}, 1000)';

function recorder() {
  const logs: string[] = [];
  const fatal: string[] = [];
  const supervisor = new Supervisor(
    (m) => logs.push(m),
    (r) => fatal.push(r),
  );
  return { supervisor, logs, fatal };
}

async function until<T>(check: () => T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

const exited = (child: ChildProcess) => new Promise((r) => child.once('exit', r));

describe('Supervisor', () => {
  it('starts a service killed with SIGKILL again, and says so', async () => {
    const { supervisor, logs, fatal } = recorder();
    const first = supervisor.start({ name: 'svc', command: node(FOREVER), cwd: root, restart: FAST })!;
    first.kill('SIGKILL');
    const second = await until(() => {
      const p = supervisor.process('svc');
      return p && p.pid !== first.pid ? p : undefined;
    });
    expect(second.pid).not.toBe(first.pid);
    expect(logs).toEqual([
      expect.stringMatching(/^svc exited \(SIGKILL\); starting it again in 0\.05 s \(restart 1 of at most 3/),
    ]);
    expect(fatal).toEqual([]);
    await supervisor.stop();
  });

  it('gives up on a service that keeps dying, with a growing delay between tries', async () => {
    const { supervisor, logs, fatal } = recorder();
    supervisor.start({ name: 'crashy', command: node('process.exit(3)'), cwd: root, restart: FAST });
    await until(() => fatal.length > 0);
    expect(logs.map((l) => /again in ([\d.]+) s/.exec(l)?.[1])).toEqual(['0.05', '0.1', '0.2']);
    expect(fatal).toEqual(['crashy exited (code 3) 4 times within 60 s; giving up']);
    await supervisor.stop();
  });

  it('treats the death of a service without a restart policy as fatal', async () => {
    const { supervisor, fatal } = recorder();
    supervisor.start({ name: 'once', command: node('process.exit(0)'), cwd: root });
    await until(() => fatal.length > 0);
    expect(fatal).toEqual(['once exited (code 0)']);
  });

  it('stops every service, even one already killed by a signal and one that ignores SIGTERM', async () => {
    const { supervisor } = recorder();
    const killed = supervisor.start({ name: 'killed', command: node(FOREVER), cwd: root })!;
    // The stubborn one says when it ignores SIGTERM: on a loaded machine a node process takes
    // longer than any fixed pause to get there, and a SIGTERM before it would simply end it.
    const ready = path.join(mkdtempSync(path.join(tmpdir(), 'stubborn-')), 'ready');
    const stubborn = supervisor.start({
      name: 'stubborn',
      command: node(`process.on('SIGTERM', () => {}); require('fs').writeFileSync(${JSON.stringify(ready)}, ''); ${FOREVER}`),
      cwd: root,
    })!;
    await until(() => existsSync(ready));
    killed.kill('SIGKILL');
    await exited(killed);
    const started = Date.now();
    await supervisor.stop(500);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(stubborn.signalCode).toBe('SIGKILL');
  });

  it('starts nothing once it is stopping: a service start-up reaches after Ctrl-C does not outlive the stack', async () => {
    const { supervisor } = recorder();
    const first = supervisor.start({ name: 'first', command: node(FOREVER), cwd: root })!;
    const stopped = supervisor.stop();
    expect(supervisor.start({ name: 'next', command: node(FOREVER), cwd: root })).toBeUndefined();
    await stopped;
    expect(first.exitCode !== null || first.signalCode !== null).toBe(true);
    expect(supervisor.process('next')).toBeUndefined();
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

describe('the API server under the supervisor, killed with SIGKILL during writes', () => {
  it('comes back by itself, and every write it acknowledged before the kill is there', async () => {
    const database = await createTestDatabase();
    await withReferenceData(database.db);
    const partners = await Promise.all(Array.from({ length: 4 }, () => createPartnerUser(database.db)));
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const { supervisor, logs, fatal } = recorder();
    const server = supervisor.start({
      name: 'server',
      command: [process.execPath, '--import', 'tsx', 'server/src/main.ts'],
      cwd: root,
      env: {
        PORT: String(port),
        DATABASE_URL: database.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent-web-dist',
        GATEWAY_URL: 'http://127.0.0.1:9',
        // Each request poses as its own client, so the per-IP sign-in limit does not cut the load short.
        TRUST_PROXY_HOPS: '1',
      },
      restart: { ...FAST, firstDelayMs: 200 },
    })!;
    const healthy = async () => (await fetch(`${origin}/partner-api/health`).catch(() => null))?.ok === true;
    const waitHealthy = async () => {
      const deadline = Date.now() + 30_000;
      while (!(await healthy())) {
        if (Date.now() > deadline) throw new Error('server did not come up');
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await waitHealthy();

    // Each sign-in writes a session row before it answers; writers keep signing in until the kill.
    const acknowledged: string[] = [];
    let refused = 0;
    let writing = true;
    const writer = async (username: string) => {
      while (writing) {
        try {
          const res = await fetch(`${origin}${endpointUrl(api.auth.signin)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...freshIp() },
            body: JSON.stringify({ username, password: TEST_PASSWORD }),
          });
          if (res.ok) acknowledged.push(((await res.json()) as { response: { auditNumber: string } }).response.auditNumber);
        } catch {
          refused += 1;
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    };
    const writers = partners.map((p) => writer(p.username));
    await until(() => acknowledged.length >= 20);
    server.kill('SIGKILL');
    await exited(server);
    const acknowledgedBeforeKill = [...acknowledged];
    await waitHealthy();
    await until(() => acknowledged.length > acknowledgedBeforeKill.length);
    writing = false;
    await Promise.all(writers);

    expect(fatal).toEqual([]);
    expect(logs.some((l) => l.startsWith('server exited (SIGKILL); starting it again'))).toBe(true);
    expect(refused).toBeGreaterThan(0);
    const stored = await database.db.userSession.findMany({
      where: { auditNumber: { in: acknowledgedBeforeKill.map((n) => BigInt(n)) } },
      select: { auditNumber: true },
    });
    expect(stored).toHaveLength(acknowledgedBeforeKill.length);
    await supervisor.stop();
  }, 90_000);
});
