/**
 * `npm run bench:scale`: the cost curve. For each size (35,000 and 350,000 partners by default)
 * the demo set is loaded into a new database (timed: the loader's own figure), the stack started
 * on it, and every bench scenario and every list of the query-plan test measured: p95 (and rate,
 * for the scenarios) at each size, and the server's peak RSS. Prints the table, checks issue
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
const log = (message: string) =>
  console.log(`[scale ${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);

/** Loads `partners` into a new data folder with npm run seed:demo; answers the loader's seconds. */
function loadDemoSet(dataDir: string, partners: number) {
  const record = path.join(dataDir, 'load.json');
  if (values.reuse && existsSync(record)) return (JSON.parse(readFileSync(record, 'utf8')) as { seconds: number }).seconds;
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/seed-demo.ts', '--partners', String(partners), '--seed', '1'],
    // As the stack runs here: without the developer controls, so no reset snapshot is saved.
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, PG_PORT: String(PG_PORT), DEV_CONTROLS: 'off' }, encoding: 'utf8' },
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

async function measureAt(stack: DemoStack): Promise<Measured[]> {
  const measured: Measured[] = [];
  const actors = await demoActors(stack, CONNECTIONS);
  const scenarios = values.only === undefined ? Object.values(await demoScenarios(stack, actors)) : [];
  for (const scenario of scenarios) {
    const { result, times } = await cannon({ connections: CONNECTIONS, duration: DURATION, ...scenario.options });
    const row: Measured = {
      name: scenario.name,
      kind: 'scenario',
      rps: Math.round(result.requests.average),
      p95: Math.round(percentile(times, 95) * 10) / 10,
      errors: result.errors + result.timeouts + result.non2xx,
    };
    measured.push(row);
    log(`  ${row.name.padEnd(44)} ${String(row.rps).padStart(6)} req/s  p95 ${row.p95} ms  errors ${row.errors}`);
  }
  const auth = new Map<string, string>([['partner', await demoSignIn(stack, actors.busiest.username)]]);
  for (const role of ['buyer', 'admin', 'approver', 'forensics']) auth.set(role, await demoSignIn(stack, `demo.${role}01`));
  const finds = { partnerNumber: actors.busiest.partnerNumber, requestNumber: actors.requestNumber };
  for (const [name, caller, endpoint, input] of demoListCalls(() => finds)) {
    if (values.only !== undefined && !`${caller}: ${name}`.toLowerCase().includes(values.only.toLowerCase())) continue;
    const call = input();
    const request = {
      method: endpoint.method,
      headers: { authorization: auth.get(caller)!, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    };
    const url = `${stack.origin}${endpointUrl(endpoint, call)}`;
    // Timing a refusal would measure the wrong thing: the call must answer as the query-plan test's does.
    const first = await fetch(url, request);
    if (!first.ok) throw new Error(`${name}: ${first.status} ${(await first.text()).slice(0, 300)}`);
    // Two at a time: a list's own cost, not the server's throughput; after a few calls, so the
    // statement is planned and its pages are in memory, as for the list's everyday users.
    await cannon({ url, connections: 2, amount: 4, ...request });
    const { result, times } = await cannon({ url, connections: 2, duration: LIST_SECONDS, ...request });
    const row: Measured = {
      name: `${caller === 'partner' ? 'partner' : caller}: ${name}`,
      kind: 'list',
      p95: Math.round(percentile(times, 95) * 10) / 10,
      errors: result.errors + result.timeouts + result.non2xx,
    };
    measured.push(row);
    log(`  ${row.name.padEnd(60)} p95 ${row.p95} ms  errors ${row.errors}`);
  }
  return measured;
}

mkdirSync(OUT_DIR, { recursive: true });
const sizes: { partners: number; loadS: number; rssMb: number; measured: Measured[] }[] = [];
for (const partners of SIZES) {
  const dataDir = path.join(root, `.data/bench-scale-${partners}`);
  log(`loading ${partners.toLocaleString('en-US')} partners (npm run seed:demo -- --partners ${partners})…`);
  const loadS = loadDemoSet(dataDir, partners);
  log(`loaded in ${loadS} s; starting the stack on it…`);
  const stack = await startDemoStack({ port: PORT, pgPort: PG_PORT, dataDir, partners, timeoutMs: 600_000 });
  const stopOnCtrlC = () => void stack.stop().then(() => process.exit(130));
  process.once('SIGINT', stopOnCtrlC);
  try {
    const measured = await measureAt(stack);
    const rssMb = stack.serverMemory().peak;
    log(`server peak RSS ${rssMb} MB`);
    sizes.push({ partners, loadS, rssMb, measured });
  } finally {
    process.off('SIGINT', stopOnCtrlC);
    await stack.stop();
  }
}

const [base, ...larger] = sizes;
const fmt = (n: number) => n.toLocaleString('en-US');
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
  `Each size loaded into a new database, then the stack started on it (developer controls off). Scenarios: autocannon, ${CONNECTIONS} connections, ${DURATION} s; lists: two calls at a time for ${LIST_SECONDS} s each, after four. ` +
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
