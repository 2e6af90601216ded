/**
 * The staff side's lists over the demo set (35,000 partners) over HTTP on loopback: each list and
 * search of the staff pages, p50 and p95, next to a bare Fastify answer on the same machine (the
 * ceiling), so the figures compare across machines as ratios. Runs its own embedded Postgres and
 * API server. Run: npm run bench:staff (BENCH_PARTNERS=5000 for a quicker look).
 */
import { api, endpointUrl, type Endpoint } from '@pp/contract';
import { loadDemo } from '@pp/db/demo';
import { fixtures } from '@pp/fixtures';
import { signIn } from '@pp/testing';
import { spawn } from 'node:child_process';
import { report, startBenchStack, timed } from './lib/bench.ts';

const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 35_000);
const CONCURRENCY = 4;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);

const HELLO_PORT = 5539;

const { url, filesDir, server, base, stop } = await startBenchStack('bench-staff', 5538);
const hello = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/bench-hello.ts', String(HELLO_PORT)], {
  stdio: 'inherit',
});
try {
  const started = performance.now();
  const loaded = await loadDemo({
    databaseUrl: url,
    fileStoreDir: filesDir,
    seed: 1,
    partners: PARTNERS,
    today: new Date().toISOString().slice(0, 10),
  });
  console.log(
    `Demo set: ${PARTNERS} partners loaded in ${((performance.now() - started) / 1000).toFixed(0)} s; planted ` +
      `${loaded.summary!.duplicateBankAccounts} shared bank accounts, ${loaded.summary!.duplicateGstins} GSTINs`,
  );
  const password = fixtures.demoAccounts().password;
  const headersOf = async (username: string) => ({
    authorization: (await signIn(server, username, password)).auth.authorization,
  });
  const staff = {
    buyer: await headersOf('demo.buyer01'),
    admin: await headersOf('demo.admin01'),
    forensics: await headersOf('demo.forensics01'),
  };
  const lists: [
    string,
    keyof typeof staff,
    Endpoint,
    { params?: Record<string, string>; query?: Record<string, string | number> },
  ][] = [
    ['workbench', 'buyer', api.workflow.workbench, { query: { companyCode: 1 } }],
    ['workbench, searched', 'buyer', api.workflow.workbench, { query: { companyCode: 1, searchTerm: 'steel' } }],
    ['open grievances', 'buyer', api.grievances.openList, { query: {} }],
    ['domestic grievances, searched', 'buyer', api.grievances.openList, { query: { scope: 'domestic', searchTerm: 'payment' } }],
    ['grievances past their deadline', 'buyer', api.grievances.openList, { query: { scope: 'domestic', deadline: 'overdue' } }],
    ['partner queries, open', 'buyer', api.partnerQueries.list, { query: { state: 'OPEN' } }],
    ['partner queries, searched', 'buyer', api.partnerQueries.list, { query: { searchTerm: 'steel' } }],
    ['grievance metrics, domestic', 'buyer', api.grievances.metrics, { query: { scope: 'domestic' } }],
    ['grievance metrics, international', 'buyer', api.grievances.metrics, { query: { scope: 'international' } }],
    ['customers', 'buyer', api.customers.list, { query: {} }],
    ['customers, searched', 'buyer', api.customers.list, { query: { searchTerm: 'infra' } }],
    ['customers of a company, page 3', 'buyer', api.customers.list, { query: { companyCode: 1, pageNo: 3 } }],
    ['a customer’s PAN looked up', 'buyer', api.customers.statutory, { params: { kind: 'pan', value: 'AACCM1234D' }, query: {} }],
    ['vendor master, a partner', 'admin', api.vendors.detail, { params: { partnerNumber: 'P1000100' } }],
    ['admin audit', 'admin', api.admin.audit, { query: {} }],
    ['vendor master', 'admin', api.vendors.search, { query: {} }],
    ['vendor master, by name', 'admin', api.vendors.search, { query: { searchTerm: 'steel' } }],
    ['vendor master, by bank account', 'admin', api.vendors.search, { query: { searchTerm: '501001234567' } }],
    ['forensics dashboard', 'forensics', api.forensics.dashboard, { query: {} }],
    ['shared GSTINs', 'forensics', api.forensics.comparison, { params: { kind: 'gst' }, query: {} }],
    [
      'shared bank accounts, searched',
      'forensics',
      api.forensics.comparison,
      { params: { kind: 'bank' }, query: { searchTerm: 'steel' } },
    ],
    ['shared e-mails', 'forensics', api.forensics.comparison, { params: { kind: 'email' }, query: {} }],
  ];
  console.log(`Staff lists (loopback HTTP, ${CONCURRENCY} at a time, ${REQUESTS} requests each):`);
  for (let ready = false; !ready;)
    ready = await fetch(`http://127.0.0.1:${HELLO_PORT}/`).then(
      (r) => r.ok,
      () => false,
    );
  const ceiling = await timed(
    CONCURRENCY,
    Array.from({ length: REQUESTS }, () => () => fetch(`http://127.0.0.1:${HELLO_PORT}/`)),
  );
  report('bare Fastify (the ceiling)', ceiling.times, ceiling.seconds);
  for (const [label, role, endpoint, input] of lists) {
    const target = `${base}${endpointUrl(endpoint, input)}`;
    const run = await timed(
      CONCURRENCY,
      Array.from({ length: REQUESTS }, () => () => fetch(target, { headers: staff[role] })),
    );
    report(label, run.times, run.seconds);
  }
} finally {
  hello.kill();
  await stop();
}
