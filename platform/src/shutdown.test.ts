import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const shutdown = path.join(import.meta.dirname, 'shutdown.ts');

/** A service as npm start's supervisor runs it (an IPC channel), that says why it closed. */
function service(registerAfterMs: number) {
  const said = path.join(mkdtempSync(path.join(tmpdir(), 'shutdown-')), 'reason');
  const source = `
    import { writeFileSync } from 'node:fs';
    import { closeOnStop } from ${JSON.stringify(shutdown)};
    setInterval(() => {}, 1000);
    setTimeout(() => {
      closeOnStop(async (reason) => writeFileSync(${JSON.stringify(said)}, reason));
      if (process.connected) process.send?.('ready');
    }, ${registerAfterMs});`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', source], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exit, reason: () => readFileSync(said, 'utf8') };
}

describe('closeOnStop', () => {
  it('closes and exits when the supervisor goes away, however it went', async () => {
    const s = service(0);
    await new Promise((resolve) => s.child.once('message', resolve));
    s.child.disconnect();
    expect(await s.exit).toBe(0);
    expect(s.reason()).toBe('the supervisor is gone');
  });

  it('closes at once when the supervisor went while it was starting', async () => {
    const s = service(1_500);
    s.child.disconnect();
    expect(await s.exit).toBe(0);
    expect(s.reason()).toBe('the supervisor is gone');
  });

  it('closes on SIGTERM', async () => {
    const s = service(0);
    await new Promise((resolve) => s.child.once('message', resolve));
    s.child.kill('SIGTERM');
    expect(await s.exit).toBe(0);
    expect(s.reason()).toBe('SIGTERM');
  });
});
