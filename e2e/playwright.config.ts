import { webUrl } from '@pp/contract';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { embeddedDatabaseUrl } from '@pp/db/embedded';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Ports of the test stack, apart from the ones `npm start` uses, so both can run at once. */
const PORT = Number(process.env.E2E_PORT ?? 8090);
export const BASE_URL = process.env.E2E_BASE_URL ?? `http://localhost:${PORT}`;
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5443);
/** The stack's database, where a journey makes the partner it needs (an external stack names its own). */
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? embeddedDatabaseUrl(PG_PORT, 'partner_portal');
/** The test stack's external (group) sign-in: the stand-in the stack serves for staff. */
export const EXTERNAL_LOGIN_PATH = webUrl('groupSso');
/** API server replicas behind the stack's proxy (the compose stack has two); the replicas journey runs where there are several. */
export const E2E_REPLICAS = Number(process.env.E2E_REPLICAS ?? 1);
const { hostname, origin } = new URL(BASE_URL);
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--no-first-run',
  // A stack reached by a name (the compose network's http://proxy:8080) is no secure context to the
  // browser, as a real deployment behind HTTPS is: the microphone and the COOP header need one.
  ...(['localhost', '127.0.0.1'].includes(hostname) ? [] : [`--unsafely-treat-insecure-origin-as-secure=${origin}`]),
];
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  outputDir: path.join(root, 'test-results/e2e'),
  fullyParallel: true,
  // One browser per core the suite may use, at most two: two journeys on one core (taskset -c 0,
  // a halved machine) starve each other's pages past any fair wait, while one per core holds.
  workers: Math.max(1, Math.min(2, availableParallelism())),
  retries: 0,
  timeout: 60_000,
  // A wait for a state, bounded: a page that opens in a fresh renderer can take many seconds on
  // these machines (fresh memory comes at ~350 MB/s), and the CI's runs of 2 December lost three
  // different journeys to a 10-second bound while each page did get there.
  expect: { timeout: 20_000 },
  reporter: [
    ['list'],
    ['html', { open: 'never', outputFolder: path.join(root, 'test-results/e2e-report') }],
    // Where a runner asks for the results as JSON (scripts/test-containers.ts names the failed journeys from it).
    ...(process.env.E2E_RESULTS_FILE ? [['json', { outputFile: process.env.E2E_RESULTS_FILE }] as const] : []),
  ],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: 'chromium',
      use: { browserName: 'chromium' },
      // The design page's approved pictures were drawn by the host's Chromium and fonts; the
      // containers' browser is another build with other fonts, so it does not compare them.
      testIgnore: process.env.E2E_BASE_URL
        ? /(outage|replicas|design|devtools-clock|devtools-reset)\.spec\.ts/
        : /(outage|replicas|devtools-clock|devtools-reset)\.spec\.ts/,
    },
    ...(E2E_REPLICAS > 1
      ? [{ name: 'replicas', use: { browserName: 'chromium' as const }, testMatch: /replicas\.spec\.ts/ }]
      : []),
    // Stops the gateway on purpose, so it runs alone after every other journey.
    { name: 'outage', use: { browserName: 'chromium' }, testMatch: /outage\.spec\.ts/, dependencies: ['chromium'] },
    // Moves the server's virtual clock for every session, so it too runs after every other journey.
    { name: 'clock', use: { browserName: 'chromium' }, testMatch: /devtools-clock\.spec\.ts/, dependencies: ['outage'] },
    // Puts the whole database back as seeded: the very last journey.
    { name: 'reset', use: { browserName: 'chromium' }, testMatch: /devtools-reset\.spec\.ts/, dependencies: ['clock'] },
  ],
  // The whole stack, as `npm start` runs it, on a fresh embedded database of its own.
  ...(process.env.E2E_BASE_URL
    ? {}
    : {
        webServer: {
          command: 'node --import tsx scripts/start.ts --fresh',
          cwd: root,
          url: `${BASE_URL}/partner-api/health`,
          timeout: 180_000,
          reuseExistingServer: false,
          // The services log warnings and errors only (LOG_LEVEL below): a journey's unexpected 500
          // shows its cause in the run's output, beside the journey that met it.
          stdout: 'pipe',
          stderr: 'pipe',
          env: {
            PORT: String(PORT),
            GATEWAY_PORT: String(PORT + 1),
            PG_PORT: String(PG_PORT),
            SMTP_SINK_PORT: String(PORT + 2),
            DATA_DIR: path.join(root, '.data/e2e'),
            LOG_LEVEL: 'warn',
            EXTERNAL_LOGIN_URL: EXTERNAL_LOGIN_PATH,
            // Journeys that sign many people in give each browser a client address of its own
            // (clientAddress()), as a proxy would, so the per-client sign-in limit sees real people.
            TRUST_PROXY_HOPS: '1',
          },
        },
      }),
});
