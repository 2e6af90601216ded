/**
 * Startup benchmark: time from `npm start` to the first page served, cold (as a new clone: empty
 * data folder, no builds — initdb, migrations, seed, the web and services' builds) and warm (the
 * same again); the JavaScript
 * that /home loads (bytes over the wire and decoded); and a check that Ctrl-C leaves no process
 * behind. Run: npm run bench:startup
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import {
  COLD_START_TARGET_MS,
  STARTUP_DATA_DIR,
  STARTUP_HOME,
  WARM_START_TARGET_MS,
  leftovers,
  measureStartup,
} from './lib/startup.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function homeJavaScript() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(STARTUP_HOME, { waitUntil: 'networkidle' });
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

const { coldMs, warmMs, between: js } = await measureStartup(homeJavaScript);
await new Promise((r) => setTimeout(r, 500));
const left = leftovers();

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(
  `npm start to /home, cold (a new clone: no ${path.relative(root, STARTUP_DATA_DIR)}, no builds): ${seconds(coldMs)} (target ${seconds(COLD_START_TARGET_MS)})`,
);
console.log(
  `npm start to /home, warm:                                      ${seconds(warmMs)} (target ${seconds(WARM_START_TARGET_MS)})`,
);
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
rmSync(STARTUP_DATA_DIR, { recursive: true, force: true });
