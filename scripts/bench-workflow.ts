/**
 * Workflow figures over HTTP on loopback: one workbench page (20 rows, with and without a search
 * term) over 5,000 waiting requests, and a transition (a staff step on a submitted profile), p50 and
 * p95. Runs its own embedded Postgres and API server. Run: npm run bench:workflow
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, endpointUrl, type UserRole } from '@pp/contract';
import { createDb } from '@pp/db';
import { startEmbeddedPostgres } from '@pp/db/embedded';
import { migrate } from '@pp/db/migrator';
import { seed } from '@pp/db/seed';
import { buildApp, loadConfig } from '@pp/server';
import { callApi, completeDomesticProfile, createPartnerUser, createStaffUser, signIn } from '@pp/testing';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WAITING = 5_000;
const SUBMITTED = 40;
const CONCURRENCY = 10;
const PAGE_REQUESTS = 1_000;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const report = (label: string, times: number[], seconds: number) => {
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(46)} ${String(times.length).padStart(5)} requests  ${(times.length / seconds).toFixed(0).padStart(5)}/s  ` +
      `p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`,
  );
};

/** Runs `jobs` with CONCURRENCY at a time and answers each one's time. */
async function timed(jobs: (() => Promise<Response>)[]) {
  const times: number[] = [];
  const queue = [...jobs];
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const started = performance.now();
        const res = await job();
        const body = await res.text();
        if (!res.ok) throw new Error(`${res.status} ${body.slice(0, 300)}`);
        times.push(performance.now() - started);
      }
    }),
  );
  return { times, seconds: (performance.now() - wall) / 1000 };
}

const filesDir = await mkdtemp(path.join(os.tmpdir(), 'bench-workflow-files-'));
const database = await startEmbeddedPostgres({
  dataDir: path.join(root, '.data/bench-workflow'),
  port: 5536,
  databaseName: 'bench',
  persistent: false,
});
await migrate(database.url);
const db = createDb(database.url);
await seed(db);
const server = await buildApp(
  loadConfig({
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/none',
    FILE_STORE_DIR: filesDir,
    TRUST_PROXY_HOPS: '1',
  }),
  { db, logger: false },
);
await server.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;

try {
  // Requests waiting at the buyer's desk, for the list to page and search through.
  const now = Date.now();
  await db.workflowRequest.createMany({
    data: Array.from({ length: WAITING }, (_, i) => ({
      requestNumber: `ONB-1-2026-${String(900_000 + i)}`,
      flow: 'ONBOARDING',
      state: 'BUYER_REVIEW',
      desk: 'BUYER' as const,
      companyCode: 1,
      title: `Bench Supplier ${i} Pvt Ltd B${String(i).padStart(7, '0')}`,
      submittedAt: new Date(now - i * 60_000),
      updatedAt: new Date(now - i * 60_000),
    })),
  });
  await db.$executeRawUnsafe('ANALYZE "WorkflowRequest"');

  const requests: string[] = [];
  for (let p = 0; p < SUBMITTED; p++) {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(server, username);
    await completeDomesticProfile(server, auth, { pan: `AABC${String.fromCharCode(65 + (p % 26))}${String(2000 + p)}E` });
    requests.push(
      (await callApi(server, api.onboarding.submit, { params: { categoryCode: 'SUP', companyCode: 1 }, headers: auth })).json()
        .response.requestNumber,
    );
  }
  const staff = async (role: Exclude<UserRole, 'PARTNER'>) => ({
    authorization: (await signIn(server, (await createStaffUser(db, role)).username)).auth.authorization,
    'content-type': 'application/json',
  });
  const buyer = await staff('BUYER');

  console.log(`Workflow (loopback HTTP, ${CONCURRENCY} at a time; ${WAITING} requests waiting at the buyer's desk):`);
  const workbench = (query: Record<string, string>) => () =>
    fetch(
      `${base}${endpointUrl(api.workflow.workbench)}?${new URLSearchParams({ companyCode: '1', pageSize: '20', ...query }).toString()}`,
      {
        headers: buyer,
      },
    );
  let run = await timed(Array.from({ length: PAGE_REQUESTS }, (_, i) => workbench({ pageNo: String(1 + (i % 50)) })));
  report('workbench page (pageNo 1-50)', run.times, run.seconds);
  run = await timed(Array.from({ length: PAGE_REQUESTS }, (_, i) => workbench({ searchTerm: `supplier ${1000 + (i % 3000)}` })));
  report('workbench page with a search term', run.times, run.seconds);

  // Each submitted request through the four staff steps after it (segregate ... approve): a transition each.
  const steps: [Exclude<UserRole, 'PARTNER'>, string][] = [
    ['SEGREGATOR', 'SEGREGATION'],
    ['CATEGORIZER', 'CATEGORISATION'],
    ['BUYER', 'BUYER_REVIEW'],
    ['APPROVER', 'APPROVAL'],
    ['FINANCE', 'FINANCE_APPROVAL'],
  ];
  const times: number[] = [];
  let seconds = 0;
  for (const [role, state] of steps) {
    const headers = role === 'BUYER' ? buyer : await staff(role);
    const step = await timed(
      requests.map(
        (requestNumber) => () =>
          fetch(`${base}${endpointUrl(api.workflow.approve)}`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ requestNumber, state }),
          }),
      ),
    );
    times.push(...step.times);
    seconds += step.seconds;
  }
  report('transition (a staff step, recorded)', times, seconds);
} finally {
  await server.close();
  await db.$disconnect();
  await database.stop();
  await rm(filesDir, { recursive: true, force: true });
}
