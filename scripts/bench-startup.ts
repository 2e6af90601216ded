/**
 * Startup benchmark: time from launching `npm start`'s script to the first page served, cold
 * (empty data folder: initdb, migrations, seed) and warm (same folder again); the JavaScript
 * that /home loads (bytes over the wire and decoded); and a check that Ctrl-C leaves no process
 * behind. Run: npm run bench:startup
 */
import { execSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { webUrl } from '@pp/contract';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 8190;
const DATA_DIR = path.join(root, '.data/bench');
const HOME = `http://localhost:${PORT}${webUrl('home')}`;

async function firstPageAfterStart(): Promise<{ ms: number; stop: () => Promise<void> }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(PORT), GATEWAY_PORT: String(PORT + 1), PG_PORT: '5533', DATA_DIR, LOG_LEVEL: 'warn' },
  });
  for (;;) {
    try {
      const res = await fetch(HOME);
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
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        process.kill(child.pid!, 'SIGINT');
      }),
  };
}

/** Processes still holding the bench's data folder or ports (postgres, server, gateway). */
function leftovers(): string {
  const lines = execSync('ps -eo pid=,args=').toString().split('\n');
  const ports = execSync('ss -ltnp')
    .toString()
    .split('\n')
    .filter((l) => [PORT, PORT + 1, 5533].some((p) => l.includes(`:${p} `)));
  return [...lines.filter((l) => l.includes(DATA_DIR) && !l.includes('ps -eo')), ...ports].join('\n').trim();
}

async function homeJavaScript() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(HOME, { waitUntil: 'networkidle' });
    return await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e as PerformanceResourceTiming)
        .filter((e) => e.name.endsWith('.js'))
        .map((e) => ({ name: e.name.split('/').pop()!, encoded: e.encodedBodySize, decoded: e.decodedBodySize })),
    );
  } finally {
    await browser.close();
  }
}

rmSync(DATA_DIR, { recursive: true, force: true });
const cold = await firstPageAfterStart();
const js = await homeJavaScript();
await cold.stop();
const warm = await firstPageAfterStart();
await warm.stop();
await new Promise((r) => setTimeout(r, 500));
const left = leftovers();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`first page served after start, cold (empty ${path.relative(root, DATA_DIR)}): ${(cold.ms / 1000).toFixed(2)} s`);
console.log(`first page served after start, warm:                         ${(warm.ms / 1000).toFixed(2)} s`);
console.log('JavaScript loaded by /home:');
for (const f of js)
  console.log(`  ${f.name.padEnd(40)} ${kb(f.encoded).padStart(10)} on the wire, ${kb(f.decoded).padStart(10)} decoded`);
console.log(
  `  total${' '.repeat(35)} ${kb(js.reduce((s, f) => s + f.encoded, 0)).padStart(10)} on the wire, ${kb(js.reduce((s, f) => s + f.decoded, 0)).padStart(10)} decoded`,
);
/** Issue 7's budget for the JavaScript of /home, compressed. */
const HOME_JS_BUDGET_BYTES = 150_000;
const homeBytes = js.reduce((s, f) => s + f.encoded, 0);
console.log(
  `  budget ${HOME_JS_BUDGET_BYTES / 1000} KB: ${homeBytes <= HOME_JS_BUDGET_BYTES ? 'within' : 'OVER'} (${(homeBytes / 1000).toFixed(1)} KB)`,
);
console.log(`processes left after Ctrl-C: ${left ? `\n${left}` : 'none'}`);
rmSync(DATA_DIR, { recursive: true, force: true });
