/**
 * `npm run bench:soak`: the bench's mix (partner info beside the orders page, the page read from
 * the database each time as in the mix's no-cache run, so the database is soaked too) held at half
 * the rate this machine reaches, for a long time, against the demo stack (npm run bench's, in
 * .data/bench-stack). Prints per window: errors, p99 of each path, the server's RSS and
 * PostgreSQL's own memory (by kind of process) beside the shared memory it has touched (its buffer
 * cache, bounded by shared_buffers); then whether the p99s stayed flat (each window within 20 % of
 * the windows' median) and the server's and PostgreSQL's own memory did not grow after the first
 * window (≤ 5 % or 10 MB, whichever is larger). Writes .data/bench/soak.json and soak.md.
 *
 * The windows follow a warm-up at the same rate (a minute by default), printed but not checked: a
 * soak asks whether a warm server stays as it is, and its first minutes (code not yet optimised,
 * the orders' rows not yet in PostgreSQL's cache) made the first window's p99s 40-45 % over the
 * others', every one of which was within 7 % of the rest.
 *
 *   npm run bench:soak [-- --minutes 30 --window 5 --warmup 1]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { percentile } from './lib/bench.ts';
import { MIX, cannon, demoActors, demoScenarios, startDemoStack } from './lib/demo-stack.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    window: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
  },
});
const MINUTES = Number(values.minutes);
const WINDOW_MINUTES = Math.min(Number(values.window), MINUTES);
const WINDOWS = Math.max(1, Math.round(MINUTES / WINDOW_MINUTES));
const WARMUP_MINUTES = Number(values.warmup);
const OUT_DIR = path.join(root, '.data/bench');
const started = performance.now();
const log = (message: string) =>
  console.log(`[soak ${((performance.now() - started) / 60_000).toFixed(1).padStart(5)} min] ${message}`);

mkdirSync(OUT_DIR, { recursive: true });
const stack = await startDemoStack({ port: 8290, pgPort: 5590, dataDir: path.join(root, '.data/bench-stack'), partners: 35_000 });
process.on('SIGINT', () => void stack.stop().then(() => process.exit(130)));
let allMet = false;
try {
  const scenarios = await demoScenarios(stack, await demoActors(stack, 1));
  // The rate to hold: half of what the mix reaches here, measured first.
  log('measuring the mix at full speed (10 s)…');
  const [fullInfo, fullOrders] = await Promise.all([
    cannon({ connections: MIX.infoConnections, duration: 10, ...scenarios.info.options }),
    cannon({ connections: MIX.ordersConnections, duration: 10, ...scenarios.orders.options }),
  ]);
  const infoRate = Math.round(fullInfo.result.requests.average / 2);
  const ordersRate = Math.round(fullOrders.result.requests.average / 2);
  log(`holding partner info at ${infoRate} req/s and the orders page at ${ordersRate} req/s for ${MINUTES} min`);

  interface Window {
    window: number;
    endsAtMin: number;
    requests: number;
    errors: number;
    infoP99: number;
    ordersP99: number;
    serverRssMb: number;
    postgresMb: number;
    /** The shared memory PostgreSQL's processes have touched (its buffer cache filling). */
    postgresSharedMb: number;
    /** PostgreSQL's memory by kind of process: "backend (6) 41 MB, checkpointer 12 MB…". */
    postgresKinds: Record<string, { processes: number; mb: number }>;
  }
  const kindsText = (kinds: Window['postgresKinds']) =>
    Object.entries(kinds)
      .sort(([, a], [, b]) => b.mb - a.mb)
      .map(([kind, k]) => `${kind}${k.processes > 1 ? ` (${k.processes})` : ''} ${k.mb} MB`)
      .join(', ');
  /** The mix held at the measured rates for `minutes`, as one window's row. */
  const hold = async (window: number, minutes: number, endsAtMin: number): Promise<Window> => {
    const duration = Math.round(minutes * 60);
    const [info, orders] = await Promise.all([
      cannon({ connections: MIX.infoConnections, duration, overallRate: infoRate, ...scenarios.info.options }),
      cannon({ connections: MIX.ordersConnections, duration, overallRate: ordersRate, ...scenarios.orders.options }),
    ]);
    const errorsOf = (r: typeof info.result) => r.errors + r.timeouts + r.non2xx;
    return {
      window,
      endsAtMin,
      requests: info.times.length + orders.times.length,
      errors: errorsOf(info.result) + errorsOf(orders.result),
      infoP99: Math.round(percentile(info.times, 99) * 10) / 10,
      ordersP99: Math.round(percentile(orders.times, 99) * 10) / 10,
      serverRssMb: stack.serverMemory().rss,
      ...(({ mb, sharedMb, kinds }) => ({ postgresMb: mb, postgresSharedMb: sharedMb, postgresKinds: kinds }))(
        stack.postgresMemory(),
      ),
    };
  };
  const describe = (row: Window) =>
    `${row.requests} requests, ${row.errors} errors, p99 info ${row.infoP99} ms, orders ${row.ordersP99} ms; ` +
    `server RSS ${row.serverRssMb} MB, PostgreSQL ${row.postgresMb} MB (${kindsText(row.postgresKinds)}), ` +
    `its shared memory touched ${row.postgresSharedMb} MB`;
  const warmup = WARMUP_MINUTES > 0 ? await hold(0, WARMUP_MINUTES, WARMUP_MINUTES) : undefined;
  if (warmup) log(`warm-up (${WARMUP_MINUTES} min, not checked): ${describe(warmup)}`);
  const windows: Window[] = [];
  for (let w = 1; w <= WINDOWS; w++) {
    const row = await hold(w, WINDOW_MINUTES, WARMUP_MINUTES + w * WINDOW_MINUTES);
    windows.push(row);
    log(`window ${w}/${WINDOWS}: ${describe(row)}`);
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const flat = (pick: (w: Window) => number) => {
    const m = median(windows.map(pick));
    return windows.every((w) => Math.abs(pick(w) - m) <= 0.2 * m);
  };
  const grew = (pick: (w: Window) => number) => {
    const first = pick(windows[0]!);
    const peak = Math.max(...windows.map(pick));
    return peak - first > Math.max(10, 0.05 * first);
  };
  const checks = [
    { check: 'no errors', met: windows.every((w) => w.errors === 0) },
    { check: 'partner info p99 flat within 20 %', met: flat((w) => w.infoP99) },
    { check: 'orders page p99 flat within 20 %', met: flat((w) => w.ordersP99) },
    { check: 'server RSS does not grow after the first window', met: !grew((w) => w.serverRssMb) },
    { check: 'PostgreSQL’s own memory does not grow after the first window', met: !grew((w) => w.postgresMb) },
  ];
  const md = [
    `# npm run bench:soak — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `The bench's mix (${MIX.infoConnections} connections on partner info, ${MIX.ordersConnections} on the orders page) at half its rate here ` +
      `(${infoRate} + ${ordersRate} req/s) for ${WINDOWS * WINDOW_MINUTES} minutes, in ${WINDOW_MINUTES}-minute windows` +
      (warmup ? `, after a ${WARMUP_MINUTES}-minute warm-up at the same rate (its row is not checked).` : '.'),
    '',
    '| window | ends at | requests | errors | partner info p99 | orders p99 | server RSS | PostgreSQL | by process | shared memory touched |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...[...(warmup ? [warmup] : []), ...windows].map(
      (w) =>
        `| ${w === warmup ? 'warm-up' : w.window} | ${w.endsAtMin} min | ${w.requests.toLocaleString('en-US')} | ${w.errors} | ${w.infoP99} ms | ${w.ordersP99} ms | ${w.serverRssMb} MB | ${w.postgresMb} MB | ${kindsText(w.postgresKinds)} | ${w.postgresSharedMb} MB |`,
    ),
    '',
    '| check | met |',
    '|---|:---:|',
    ...checks.map((c) => `| ${c.check} | ${c.met ? 'yes' : 'NO'} |`),
    '',
  ].join('\n');
  writeFileSync(path.join(OUT_DIR, 'soak.md'), md);
  writeFileSync(
    path.join(OUT_DIR, 'soak.json'),
    JSON.stringify({ at: new Date().toISOString(), infoRate, ordersRate, warmup, windows, checks }, null, 2),
  );
  console.log(`\n${md}`);
  allMet = checks.every((c) => c.met);
} finally {
  await stack.stop();
}
// The verdict is the exit code (an open handle left by a library must not turn it into 0).
process.exit(allMet ? 0 : 1);
