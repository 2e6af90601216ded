/**
 * Workflow figures over HTTP on loopback: one workbench page (20 rows, with and without a search
 * term) over 5,000 waiting requests, and a transition (a staff step on a submitted profile), p50 and
 * p95. Runs its own embedded Postgres and API server. Run: npm run bench:workflow
 */
import { api, endpointUrl, type UserRole } from '@pp/contract';
import { callApi, completeDomesticProfile, createPartnerUser, createStaffUser, signIn } from '@pp/testing';
import { report, startBenchStack, timed as timedAt } from './lib/bench.ts';

const WAITING = 5_000;
const SUBMITTED = 40;
const CONCURRENCY = 10;
const PAGE_REQUESTS = 1_000;
const timed = (jobs: (() => Promise<Response>)[]) => timedAt(CONCURRENCY, jobs);

const { db, server, base, stop } = await startBenchStack('bench-workflow', 5536);

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
  await stop();
}
