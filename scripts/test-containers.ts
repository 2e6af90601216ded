/**
 * `npm run test:containers`: the whole system in containers, really run. Builds the images of
 * docker-compose.yml (and the offline bases first where no image registry is reachable), brings the
 * stack up with Podman (podman-compose) or Docker (docker compose), waits until every service is
 * healthy, runs the whole Playwright suite from the e2e image against it (through nginx, so every
 * journey meets both server replicas), tears it all down and prints the timings and image sizes.
 *
 *   --keep      leave the stack running afterwards (http://localhost:8080/PartnerMgmtApp/)
 *   --up        only build and start the stack as people use it (no test settings, no e2e), and leave it running
 *   --no-cache  build every image from scratch (the cold build time)
 * Anything after `--` goes to Playwright (a spec file, --grep, …).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, chmodSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { parse } from 'yaml';
import { buildOfflineBases } from './container-bases.ts';
import {
  OFFICIAL_BASES,
  OFFLINE_BASES,
  buildImage,
  detectEngine,
  imageSizeMb,
  log,
  root,
  run,
  secondsSince,
  type Bases,
  type Engine,
} from './lib/containers.ts';

const PROJECT = 'partner-portal';
/** The e2e service's container, named so its exit code can be read after it ends. */
const RUNNER = `${PROJECT}-e2e-run`;
const argv = process.argv.slice(2);
const passThrough = argv.includes('--') ? argv.slice(argv.indexOf('--') + 1) : [];
const flags = new Set(argv.includes('--') ? argv.slice(0, argv.indexOf('--')) : argv);
const upOnly = flags.has('--up');
/** What the e2e container writes: the report, traces, and the journeys' requests to the runner. */
const RESULTS_DIR = path.join(root, 'test-results/containers');
const CONTROL_DIR = path.join(RESULTS_DIR, 'stack-control');
/** The Playwright run's results as JSON (E2E_RESULTS_FILE in docker-compose.yml). */
const RESULTS_FILE = path.join(RESULTS_DIR, 'e2e-results.json');
const HEALTH_TIMEOUT_MS = 300_000;
/** As `npm start`'s supervisor waits before starting a dead service again (scripts/lib/supervisor.ts). */
const GATEWAY_RESTART_DELAY_MS = 2_000;

/**
 * The settings of a stack the journeys can test (docker-compose.yml reads them from the shell):
 * the dev mailbox and the developer controls open to the e2e browser under the proxy's name (the idle journeys keep the real time-out and move the
 * page's clock), and two trusted proxy hops, as the journeys give each browser a client address of its own behind nginx.
 */
const TEST_STACK_ENV = {
  DEV_MAILBOX: 'open',
  DEV_CONTROLS: 'open',
  // The e2e browser reaches the stack by the proxy's service name.
  DEV_HOSTS: 'proxy',
  TRUST_PROXY_HOPS: '2',
  LOG_LEVEL: 'warn',
};

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string; args?: Record<string, string> };
  profiles?: string[];
}
// Merge keys (<<: *build) are YAML 1.1; compose reads them, and so must we.
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** The images compose builds: one per target, whichever services share it. */
function imagesToBuild(): { image: string; target: string; dockerfile: string }[] {
  const byImage = new Map<string, { image: string; target: string; dockerfile: string }>();
  for (const service of Object.values(compose.services)) {
    if (service.build && service.image) {
      byImage.set(service.image, { image: service.image, target: service.build.target, dockerfile: service.build.dockerfile });
    }
  }
  return [...byImage.values()];
}

/** Services of the running stack: all but the e2e profile's (podman-compose 1.0.3 knows no profiles). */
const stackServices = Object.entries(compose.services)
  .filter(([, service]) => !service.profiles?.includes('e2e'))
  .map(([name]) => name);

/** Whether Docker Hub answers: where it does, the official bases are pulled; else they are built here. */
async function registryReachable(): Promise<boolean> {
  try {
    await fetch('https://registry-1.docker.io/v2/', { signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/** The machine's certificate bundle, where npm is told to use one (a TLS-inspecting proxy's root is in it). */
function caBundle(): string | null {
  for (const candidate of [
    process.env.NODE_EXTRA_CA_CERTS,
    process.env.npm_config_cafile,
    '/etc/ssl/certs/ca-certificates.crt',
  ]) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

function composeCommand(engine: Engine): [string, string[]] {
  return engine === 'docker' ? ['docker', ['compose', '-p', PROJECT]] : ['podman-compose', ['-p', PROJECT]];
}

async function composeRun(engine: Engine, args: string[], env: NodeJS.ProcessEnv, options: { quiet?: boolean } = {}) {
  const [command, base] = composeCommand(engine);
  return run(command, [...base, ...args], { env, ...options });
}

/** The stack's containers, by compose's own labels (both tools set them). */
async function containersOf(engine: Engine, service?: string): Promise<string[]> {
  const filters = ['--filter', `label=com.docker.compose.project=${PROJECT}`];
  if (service) filters.push('--filter', `label=com.docker.compose.service=${service}`);
  const names = await run(engine, ['ps', '-a', ...filters, '--format', '{{.Names}}'], { quiet: true });
  return names.split('\n').filter(Boolean);
}

async function healthOf(engine: Engine, container: string): Promise<string> {
  if (engine === 'podman') {
    // Podman runs health checks from systemd timers, which these machines lack: run one now.
    try {
      await run('podman', ['healthcheck', 'run', container], { quiet: true });
      return 'healthy';
    } catch {
      return 'starting';
    }
  }
  return (await run('docker', ['inspect', '--format', '{{.State.Health.Status}}', container], { quiet: true })).trim();
}

/** A container's state as the engine tells it: running, created (never started), exited…, and the engine's error. */
async function stateOf(engine: Engine, container: string): Promise<{ status: string; error: string; exitCode: string }> {
  const [status = '', exitCode = '', ...error] = (
    await run(engine, ['inspect', '--format', '{{.State.Status}}\t{{.State.ExitCode}}\t{{.State.Error}}', container], {
      quiet: true,
    })
  )
    .trim()
    .split('\t');
  return { status, exitCode, error: error.join('\t') };
}

/**
 * Waits for every container's health check. A container that never started (the runtime refused
 * it: crun on hybrid cgroups, a missing network plugin) or that stays stopped fails the wait with
 * the engine's own error, what `up` printed and the container's log, instead of waiting it out.
 * A stop the restart policy mends within STOPPED_GRACE_MS is waited through.
 */
/** How long a container may stay stopped or never started before the wait gives up on it. */
const STOPPED_GRACE_MS = 20_000;

async function waitHealthy(engine: Engine, upOutput: string) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  const containers = (await containersOf(engine)).filter((name) => name !== RUNNER);
  if (containers.length === 0) throw new Error(`compose started no container; it printed:\n${upOutput.slice(-4000)}`);
  const pending = new Set(containers);
  const startedAt = Date.now();
  const stoppedSince = new Map<string, number>();
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`not healthy after ${HEALTH_TIMEOUT_MS / 1000} s: ${[...pending].join(', ')}`);
    for (const container of [...pending]) {
      const state = await stateOf(engine, container);
      const stopped = state.status === 'exited' || state.status === 'dead';
      if (!stopped) stoppedSince.delete(container);
      else if (!stoppedSince.has(container)) stoppedSince.set(container, Date.now());
      // 'created' for a few seconds is compose still starting the services in order.
      if (
        (stopped && Date.now() - stoppedSince.get(container)! > STOPPED_GRACE_MS) ||
        (state.status === 'created' && Date.now() - startedAt > STOPPED_GRACE_MS)
      ) {
        const logs = await run(engine, ['logs', '--tail', '40', container], { quiet: true }).catch((e: Error) => e.message);
        throw new Error(
          `${container} is ${state.status}${state.status === 'exited' ? ` (exit code ${state.exitCode})` : ''}: ` +
            `${state.error || 'the engine gave no error'}\n--- compose up printed:\n${upOutput.slice(-3000)}\n--- ${container}'s log:\n${logs}`,
        );
      }
      if (state.status === 'running' && (await healthOf(engine, container)) === 'healthy') pending.delete(container);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return containers;
}

/**
 * Answers the journeys' requests while they run: the outage journey asks for the gateway to be
 * killed as a crash would, and the runner starts it again as a restart policy would (an engine does
 * not restart a container its own user killed).
 */
function serveStackControl(engine: Engine): () => void {
  let busy = false;
  const timer = setInterval(() => {
    const request = path.join(CONTROL_DIR, 'kill-gateway');
    if (busy || !existsSync(request)) return;
    busy = true;
    void (async () => {
      const [gateway] = await containersOf(engine, 'gateway');
      if (!gateway) throw new Error('no gateway container');
      await run(engine, ['kill', '--signal', 'KILL', gateway], { quiet: true });
      log(`killed ${gateway} for the outage journey`);
      rmSync(request);
      await new Promise((resolve) => setTimeout(resolve, GATEWAY_RESTART_DELAY_MS));
      await run(engine, ['start', gateway], { quiet: true });
      log(`started ${gateway} again`);
    })()
      .catch((error: unknown) => console.error('[containers] stack control failed:', error))
      .finally(() => (busy = false));
  }, 200);
  return () => clearInterval(timer);
}

interface JsonSuite {
  suites?: JsonSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; status: string; results: { errors?: { message?: string }[] }[] }[];
  }[];
}

/**
 * The journeys that failed or passed only on their retry, with their first error, from the run's JSON
 * results: after a failure, printed after the containers' logs, so the end of a CI log names them
 * (the list reporter's own summary is far above).
 */
function showFailures() {
  if (!existsSync(RESULTS_FILE)) {
    console.log(`\n[containers] no results at ${path.relative(root, RESULTS_FILE)}: the suite did not run to its end`);
    return;
  }
  const results = JSON.parse(readFileSync(RESULTS_FILE, 'utf8')) as {
    suites: JsonSuite[];
    errors?: { message?: string }[];
    stats?: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  const failures: string[] = [];
  const visit = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky') {
          const error = test.results.flatMap((result) => result.errors ?? []).find((e) => e.message)?.message ?? '';
          failures.push(
            `[${test.projectName}] ${spec.file}:${spec.line} › ${spec.title} (${test.status})\n` +
              stripVTControlCharacters(error).slice(0, 1500),
          );
        }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of results.suites) visit(suite);
  for (const error of results.errors ?? [])
    failures.push(`outside any journey:\n${stripVTControlCharacters(error.message ?? '').slice(0, 1500)}`);
  if (failures.length === 0) return;
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = results.stats ?? {};
  const counts = `${expected} passed, ${unexpected} failed, ${flaky} flaky, ${skipped} skipped`;
  console.log(`\n===== journeys that failed against the containers, or passed only on their retry (${counts}) =====`);
  for (const failure of failures) console.log(`\n${failure}`);
}

async function showLogs(engine: Engine) {
  for (const container of await containersOf(engine).catch(() => [])) {
    console.log(`\n----- ${container} (last 40 lines) -----`);
    await run(engine, ['logs', '--tail', '40', container]).catch(() => undefined);
  }
}

async function main() {
  const engine = detectEngine();
  if (!engine) throw new Error('no container engine runs here: install Podman (README, "Containers") or start Docker');
  const timings: [string, number][] = [];
  log(`engine: ${engine}`);

  let bases: Bases = { ...OFFICIAL_BASES };
  for (const key of Object.keys(OFFICIAL_BASES) as (keyof Bases)[]) bases[key] = process.env[key] ?? bases[key];
  const chosen = Object.keys(OFFICIAL_BASES).some((key) => process.env[key]);
  if (!chosen && !(await registryReachable())) {
    log('no image registry answers: building the offline bases (scripts/container-bases.ts)');
    const started = performance.now();
    await buildOfflineBases(engine);
    timings.push(['offline bases', secondsSince(started)]);
    bases = { ...OFFLINE_BASES };
  }
  log(`bases: ${Object.values(bases).join(', ')}`);

  const ca = caBundle();
  const buildStarted = performance.now();
  for (const { image, target, dockerfile } of imagesToBuild()) {
    const started = performance.now();
    log(`building ${image} (target ${target})…`);
    await buildImage(engine, {
      dockerfile,
      tag: image,
      context: '.',
      target,
      args: { NODE_IMAGE: bases.NODE_IMAGE, DEBIAN_IMAGE: bases.DEBIAN_IMAGE },
      secrets: ca ? { ca_certs: ca } : {},
      noCache: flags.has('--no-cache'),
    });
    timings.push([`build ${target}`, secondsSince(started)]);
  }
  timings.push(['build, all images', secondsSince(buildStarted)]);

  // The server and the gateway refuse the file's published defaults in production: unless the
  // operator chose secrets, the stack gets its own.
  const secrets = {
    JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(32).toString('hex'),
    INTERNAL_API_TOKEN: process.env.INTERNAL_API_TOKEN ?? randomBytes(32).toString('hex'),
  };
  const env = { ...process.env, ...bases, ...secrets, ...(upOnly ? {} : TEST_STACK_ENV) };
  // What an interrupted run may have left: the stack, its volumes, the e2e container.
  await composeRun(engine, ['down', '-v'], env, { quiet: true }).catch(() => undefined);
  await run(engine, ['rm', '-f', RUNNER], { quiet: true }).catch(() => undefined);
  rmSync(RESULTS_DIR, { recursive: true, force: true });
  mkdirSync(CONTROL_DIR, { recursive: true });
  // The e2e image runs as its own user (uid 1000), which must write here through the bind mount.
  for (const dir of [RESULTS_DIR, CONTROL_DIR]) chmodSync(dir, 0o777);

  let failed: Error | null = null;
  try {
    const upStarted = performance.now();
    log('starting the stack…');
    const upOutput = await composeRun(engine, ['up', '-d', '--no-build', ...stackServices], env, { quiet: true });
    const containers = await waitHealthy(engine, upOutput);
    timings.push(['up to healthy', secondsSince(upStarted)]);
    log(`healthy: ${containers.join(', ')}`);
    if (upOnly) {
      log(`up: http://localhost:8080/PartnerMgmtApp/home (stop with: ${composeCommand(engine).flat().join(' ')} down -v)`);
      return;
    }

    const e2eStarted = performance.now();
    const stopControl = serveStackControl(engine);
    try {
      await composeRun(
        engine,
        [
          'run',
          '--no-deps',
          '-T',
          '--name',
          RUNNER,
          'e2e',
          'npx',
          'playwright',
          'test',
          '-c',
          'e2e/playwright.config.ts',
          // The suite's second whole pass (npm test ran it once, with no retry): a journey that fails
          // here once and then passes is named as flaky at the end of the log, and does not sink the run.
          '--retries=1',
          ...passThrough,
        ],
        env,
      ).catch(() => undefined);
    } finally {
      stopControl();
    }
    // podman-compose does not pass the container's exit code on: the engine keeps it.
    const exitCode = Number((await run(engine, ['inspect', '--format', '{{.State.ExitCode}}', RUNNER], { quiet: true })).trim());
    await run(engine, ['rm', RUNNER], { quiet: true });
    timings.push(['e2e suite', secondsSince(e2eStarted)]);
    if (exitCode === 0) showFailures();
    else throw new Error(`the e2e suite failed against the containers (exit ${exitCode}); report in test-results/containers/`);
  } catch (error) {
    failed = error instanceof Error ? error : new Error(JSON.stringify(error));
    await showLogs(engine);
    showFailures();
  } finally {
    if (!flags.has('--keep') && !(upOnly && !failed)) {
      await composeRun(engine, ['down', '-v'], env, { quiet: true }).catch((error: unknown) =>
        console.error('[containers] tear-down failed:', error),
      );
    } else if (!upOnly) log('left running: http://localhost:8080/PartnerMgmtApp/home');
  }

  const sizes: [string, number][] = [];
  for (const { image } of imagesToBuild()) sizes.push([image, Math.round(await imageSizeMb(engine, image))]);
  const postgresImage = bases.POSTGRES_IMAGE;
  sizes.push([postgresImage, Math.round(await imageSizeMb(engine, postgresImage))]);
  console.log('\nContainers: timings');
  for (const [what, seconds] of timings) console.log(`  ${what.padEnd(24)} ${seconds.toFixed(1).padStart(7)} s`);
  console.log('Image sizes');
  for (const [image, mb] of sizes) console.log(`  ${image.padEnd(44)} ${String(mb).padStart(5)} MB`);
  mkdirSync(path.join(root, '.data/containers'), { recursive: true });
  writeFileSync(
    path.join(root, '.data/containers/latest.json'),
    JSON.stringify({ at: new Date().toISOString(), engine, bases, timings, sizes, passed: !failed }, null, 2),
  );
  if (failed) throw failed;
}

await main().catch((error: unknown) => {
  console.error(`[containers] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
