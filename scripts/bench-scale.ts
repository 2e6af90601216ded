/**
 * `npm run bench:scale`: the cost curve. For each size (35,000 and 350,000 partners by default)
 * the demo set is loaded into a new database (timed: the loader's own figure) and a stack started
 * on it; with the stacks side by side, every bench scenario and every list of the query-plan test
 * is measured at each size in turn: p95 (and rate, for the scenarios), and each server's peak RSS. Prints the table, checks issue
 * 26's targets (load ≤ 10 × the first size's time, p95 ≤ 1.5 × the first size's, RSS ≤ 300 MB)
 * and writes .data/bench/scale.json and scale.md (docs/performance-scale.md is a copy of a run).
 *
 *   npm run bench:scale [-- --sizes 35000,350000 --duration 10 --list-seconds 3 --reuse]
 *
 * --reuse: a size whose folder holds a set loaded by an earlier run is not loaded again (its load
 * time is that run's), for measuring again after a change to the server.
 * --only forensics: just the lists whose name holds that text (no scenarios), while working on them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { endpointUrl } from '@pp/contract';
import { demoListCalls } from '@pp/testing/demo-lists';
import { percentile } from './lib/bench.ts';
import { cannon, demoActors, demoScenarios, demoSignIn, startDemoStack, type DemoStack } from './lib/demo-stack.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '35000,350000' },
    duration: { type: 'string', default: '10' },
    'list-seconds': { type: 'string', default: '3' },
    reuse: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const DURATION = Number(values.duration);
const LIST_SECONDS = Number(values['list-seconds']);
const CONNECTIONS = 10;
const OUT_DIR = path.join(root, '.data/bench');
const PORT = 8490;
const PG_PORT = 5790;
const started = performance.now();
const fmt = (n: number) => n.toLocaleString('en-US');
const log = (message: string) =>
  console.log(`[scale ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** Loads `partners` into a new data folder with npm run seed:demo; answers the loader's seconds. */
function loadDemoSet(dataDir: string, partners: number, pgPort: number) {
  const record = path.join(dataDir, 'load.json');
  if (values.reuse && existsSync(record)) return (JSON.parse(readFileSync(record, 'utf8')) as { seconds: number }).seconds;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--partners', String(partners), '--seed', '1'],
    // As the stack runs here: without the developer controls, so no reset snapshot is saved.
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PG_PORT: String(pgPort), DEV_CONTROLS: 'off' }, encoding: 'utf8' },
  );
  const seconds = /rows in ([\d.]+) s/.exec(output)?.[1];
  if (!seconds) throw new Error(`seed:demo did not say how long it took:\n${output}`);
  writeFileSync(record, JSON.stringify({ seconds: Number(seconds) }));
  return Number(seconds);
}

interface Measured {
  name: string;
  kind: 'scenario' | 'list';
  rps?: number;
  p95: number;
  errors: number;
}

interface Size {
  partners: number;
  loadS: number;
  stack: DemoStack;
  actors: Awaited<ReturnType<typeof demoActors>>;
  auth: Map<string, string>;
}

const p95Of = (times: number[]) => Math.round(percentile(times, 95) * 10) / 10;
const byTime = (a: number, b: number) => a - b;

/**
 * Every size's stack runs side by side and each scenario and list is measured at every size in
 * turn, so that a change in the machine's load during the run (a neighbour, the page cache) falls
 * on both sizes alike: a scenario at each size, one after the other; a list in two halves in the
 * order A B B A, its times merged per size.
 */
async function measureAll(at: Size[]): Promise<Measured[][]> {
  const measured: Measured[][] = at.map(() => []);
  if (values.only === undefined) {
    const scenarios = await Promise.all(at.map(async (s) => Object.values(await demoScenarios(s.stack, s.actors))));
    for (const [i, { name }] of scenarios[0]!.entries()) {
      for (const [k, s] of at.entries()) {
        const { result, times } = await cannon({ connections: CONNECTIONS, duration: DURATION, ...scenarios[k]![i]!.options });
        const row: Measured = {
          name,
          kind: 'scenario',
          rps: Math.round(result.requests.average),
          p95: p95Of(times),
          errors: result.errors + result.timeouts + result.non2xx,
        };
        measured[k]!.push(row);
        log(
          `  ${fmt(s.partners).padStart(7)}  ${name.padEnd(44)} ${String(row.rps).padStart(6)} req/s  p95 ${row.p95} ms  errors ${row.errors}`,
        );
      }
    }
  }
  const calls = at.map((s) =>
    demoListCalls(() => ({ partnerNumber: s.actors.busiest.partnerNumber, requestNumber: s.actors.requestNumber })),
  );
  for (const [i, [name, caller]] of calls[0]!.entries()) {
    if (values.only !== undefined && !`${caller}: ${name}`.toLowerCase().includes(values.only.toLowerCase())) continue;
    const requests = await Promise.all(
      at.map(async (s, k) => {
        const [, , endpoint, input] = calls[k]![i]!;
        const call = input();
        const request = {
          method: endpoint.method,
          headers: {
            authorization: s.auth.get(caller)!,
            ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
        };
        const url = `${s.stack.origin}${endpointUrl(endpoint, call)}`;
        // Timing a refusal would measure the wrong thing: the call must answer as the query-plan test's does.
        const first = await fetch(url, request);
        if (!first.ok) throw new Error(`${name} at ${s.partners}: ${first.status} ${(await first.text()).slice(0, 300)}`);
        // After twenty calls, so the statement is planned (a generic plan after five), the server's
        // code is compiled and the pages are in memory, as for the list's everyday users.
        await cannon({ url, connections: 2, amount: 20, ...request });
        return { url, ...request };
      }),
    );
    const times: number[][] = at.map(() => []);
    const errors = at.map(() => 0);
    // Two at a time: a list's own cost, not the server's throughput.
    for (const k of [...at.keys(), ...[...at.keys()].reverse()]) {
      const half = await cannon({ connections: 2, duration: LIST_SECONDS / 2, ...requests[k]! });
      times[k]!.push(...half.times);
      errors[k]! += half.result.errors + half.result.timeouts + half.result.non2xx;
    }
    for (const [k, s] of at.entries()) {
      const row: Measured = { name: `${caller}: ${name}`, kind: 'list', p95: p95Of(times[k]!.sort(byTime)), errors: errors[k]! };
      measured[k]!.push(row);
      log(`  ${fmt(s.partners).padStart(7)}  ${row.name.padEnd(60)} p95 ${row.p95} ms  errors ${row.errors}`);
    }
  }
  return measured;
}

mkdirSync(OUT_DIR, { recursive: true });
const at: Size[] = [];
const stopAll = () => Promise.all(at.map((s) => s.stack.stop()));
const stopOnCtrlC = () => void stopAll().then(() => process.exit(130));
process.once('SIGINT', stopOnCtrlC);
let sizes: { partners: number; loadS: number; rssMb: number; measured: Measured[] }[];
try {
  for (const [k, partners] of SIZES.entries()) {
    const dataDir = path.join(root, `.data/bench-scale-${partners}`);
    log(`loading ${fmt(partners)} partners (npm run seed:demo -- --partners ${partners})…`);
    const loadS = loadDemoSet(dataDir, partners, PG_PORT + k);
    log(`loaded in ${loadS} s; starting the stack on it…`);
    // Each size on ports of its own: the stacks run side by side while measured.
    const stack = await startDemoStack({ port: PORT + 10 * k, pgPort: PG_PORT + k, dataDir, partners, timeoutMs: 600_000 });
    at.push({ partners, loadS, stack, actors: await demoActors(stack, CONNECTIONS), auth: new Map() });
  }
  for (const s of at) {
    s.auth.set('partner', await demoSignIn(s.stack, s.actors.busiest.username));
    for (const role of ['buyer', 'admin', 'approver', 'forensics']) s.auth.set(role, await demoSignIn(s.stack, `demo.${role}01`));
  }
  const measured = await measureAll(at);
  sizes = at.map((s, k) => ({
    partners: s.partners,
    loadS: s.loadS,
    rssMb: s.stack.serverMemory().peak,
    measured: measured[k]!,
  }));
  for (const s of sizes) log(`server peak RSS at ${fmt(s.partners)}: ${s.rssMb} MB`);
} finally {
  process.off('SIGINT', stopOnCtrlC);
  await stopAll();
}

const [base, ...larger] = sizes;
const P95_RATIO = 1.5;
const checks = [
  ...larger.map((s) => ({
    check: `${fmt(s.partners)} load ≤ ${s.partners / base!.partners} × the ${fmt(base!.partners)} load`,
    value: `${s.loadS} s vs ${base!.loadS} s (${(s.loadS / base!.loadS).toFixed(1)} ×)`,
    met: s.loadS <= (s.partners / base!.partners) * base!.loadS,
  })),
  ...larger.map((s) => {
    const worse = s.measured.filter((m, i) => m.p95 > P95_RATIO * base!.measured[i]!.p95 && m.p95 - base!.measured[i]!.p95 > 1);
    return {
      check: `every p95 at ${fmt(s.partners)} ≤ ${P95_RATIO} × its ${fmt(base!.partners)} figure`,
      value: worse.length ? worse.map((m) => m.name).join('; ') : 'all',
      met: worse.length === 0,
    };
  }),
  ...sizes.map((s) => ({ check: `server peak RSS at ${fmt(s.partners)} ≤ 300 MB`, value: `${s.rssMb} MB`, met: s.rssMb <= 300 })),
  {
    check: 'no errors',
    value: String(sizes.flatMap((s) => s.measured).reduce((n, m) => n + m.errors, 0)),
    met: sizes.every((s) => s.measured.every((m) => m.errors === 0)),
  },
];
const md = [
  `# npm run bench:scale — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  '',
  `Each size loaded into a new database, then a stack started on each (developer controls off), side by side; each row measured at every size in turn. Scenarios: autocannon, ${CONNECTIONS} connections, ${DURATION} s; lists: two calls at a time for ${LIST_SECONDS} s in two halves (A B B A), after twenty. ` +
    'A p95 counts as grown when it is over 1.5 × and more than 1 ms above the first size’s.',
  '',
  `| | ${sizes.map((s) => `${fmt(s.partners)} partners`).join(' | ')} | ratio |`,
  `|---|${sizes.map(() => '---:').join('|')}|---:|`,
  `| demo set load | ${sizes.map((s) => `${s.loadS} s`).join(' | ')} | ${larger.map((s) => (s.loadS / base!.loadS).toFixed(1)).join(', ')} |`,
  `| server peak RSS | ${sizes.map((s) => `${s.rssMb} MB`).join(' | ')} | |`,
  ...base!.measured.map(
    (m, i) =>
      `| ${m.name} | ${sizes.map((s) => `${s.measured[i]!.p95} ms${m.kind === 'scenario' ? ` · ${fmt(s.measured[i]!.rps!)}/s` : ''}`).join(' | ')} | ` +
      `${larger.map((s) => (s.measured[i]!.p95 / Math.max(0.1, m.p95)).toFixed(2)).join(', ')} |`,
  ),
  '',
  '| check | measured | met |',
  '|---|---|:---:|',
  ...checks.map((c) => `| ${c.check} | ${c.value} | ${c.met ? 'yes' : 'NO'} |`),
  '',
].join('\n');
writeFileSync(path.join(OUT_DIR, 'scale.md'), md);
writeFileSync(path.join(OUT_DIR, 'scale.json'), JSON.stringify({ at: new Date().toISOString(), sizes, checks }, null, 2));
console.log(`\n${md}`);
// The verdict is the exit code (an open handle left by a library must not turn it into 0).
process.exit(checks.every((c) => c.met) ? 0 : 1);
