/**
 * The developer controls' journal at its cap: requests (health reads and the FAQ list, some KB each) until the
 * journal holds DEV_JOURNAL_MAX_ENTRIES, then what it keeps (rows, bytes, the table on disk), the
 * server's memory, and the answer rate with the journal on against the same server with the
 * controls off. Runs its own embedded Postgres and server on loopback. Run: npm run bench:journal
 */
import { endpointUrl, api, DEV_CLIENT_HEADER } from '@pp/contract';
import { startBenchStack, timed } from './lib/bench.ts';

const REQUESTS = 3_000;
const CONCURRENCY = 8;
const body = JSON.stringify({ language: 'en' });

async function run(stack: Awaited<ReturnType<typeof startBenchStack>>) {
  const health = stack.base + endpointUrl(api.health.health);
  const faqs = stack.base + endpointUrl(api.faq.getAllFaqs);
  const jobs = Array.from({ length: REQUESTS }, (_, i) =>
    i % 2 === 0
      ? () => fetch(health, { headers: { [DEV_CLIENT_HEADER]: 'bench' } })
      : () =>
          fetch(faqs, { method: 'POST', headers: { 'content-type': 'application/json', [DEV_CLIENT_HEADER]: 'bench' }, body }),
  );
  return timed(CONCURRENCY, jobs);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const on = await startBenchStack('bench-journal-on', 5446, { DEV_CONTROLS: 'loopback' });
const heap = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
};
const heapBefore = heap();
// The writer's queue is bounded by the caps; the most it held shows how far the database fell behind.
let mostWaiting = 0;
const sampler = setInterval(() => (mostWaiting = Math.max(mostWaiting, on.server.devControls.journal.pending.entries)), 5);
const withJournal = await run(on);
clearInterval(sampler);
await fetch(on.base + endpointUrl(api.devtools.journal)); // flushes what is queued
const [stats] = await on.db.$queryRaw<{ rows: bigint; bytes: bigint; disk: bigint }[]>`
  SELECT count(*) AS rows, coalesce(sum(bytes), 0) AS bytes, pg_total_relation_size('"DevJournalEntry"') AS disk FROM "DevJournalEntry"`;
const heapAfter = heap();
await on.stop();

const off = await startBenchStack('bench-journal-off', 5447);
const withoutJournal = await run(off);
await off.stop();

const rate = (r: { times: number[]; seconds: number }) => r.times.length / r.seconds;
console.log(`requests sent                     ${REQUESTS} (half of them the FAQ list), ${CONCURRENCY} at a time`);
console.log(`journal rows kept                 ${stats!.rows} (cap 2,000)`);
console.log(`journal bytes kept                ${mb(Number(stats!.bytes))} (cap 20 MB)`);
console.log(`journal table on disk             ${mb(Number(stats!.disk))}`);
console.log(`most entries waiting in memory    ${mostWaiting} (bounded by the cap)`);
console.log(`server heap after GC, before/after ${mb(heapBefore)} / ${mb(heapAfter)} (the journal lives in the database)`);
console.log(`answers a second, journal on      ${rate(withJournal).toFixed(0)}`);
console.log(
  `answers a second, controls off    ${rate(withoutJournal).toFixed(0)} (journal costs ${(100 * (1 - rate(withJournal) / rate(withoutJournal))).toFixed(0)} %)`,
);
