/**
 * The reports of /Reports over the demo set (35,000 partners): each report's page view (p50, p95)
 * and each download, XLSX and CSV, whole over loopback HTTP: its rows, size, time, and the process's
 * resident memory before and at its peak (sampled every 10 ms while it streams). Then the largest
 * report again, its live memory (heap and buffers, after a forced collection every 250 ms) at
 * each quarter of the download: flat means memory does not grow with the rows. Runs its own
 * embedded Postgres and API server.
 * Run: npm run bench:reports (BENCH_PARTNERS=5000 for a quicker look).
 */
import { REPORT_FORMATS, REPORT_KINDS, api, endpointUrl } from '@pp/contract';
import { loadDemo } from '@pp/db/demo';
import { fixtures } from '@pp/fixtures';
import { signIn } from '@pp/testing';
import { report, startBenchStack, timed } from './lib/bench.ts';

const PARTNERS = Number(process.env.BENCH_PARTNERS ?? 35_000);
const VIEWS = Number(process.env.BENCH_REQUESTS ?? 20);
const MB = 1024 * 1024;

const { url, filesDir, server, base, stop } = await startBenchStack('bench-reports', 5540);
try {
  const started = performance.now();
  await loadDemo({
    databaseUrl: url,
    fileStoreDir: filesDir,
    seed: 1,
    partners: PARTNERS,
    today: new Date().toISOString().slice(0, 10),
  });
  console.log(`Demo set: ${PARTNERS} partners loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const headers = {
    authorization: (await signIn(server, 'demo.reports01', fixtures.demoAccounts().password)).auth.authorization,
  };

  console.log(`Report pages (count, first rows, chart; loopback HTTP, 2 at a time, ${VIEWS} requests each):`);
  for (const kind of REPORT_KINDS) {
    const target = `${base}${endpointUrl(api.reports.view, { params: { report: kind } })}`;
    const run = await timed(
      2,
      Array.from({ length: VIEWS }, () => () => fetch(target, { headers })),
    );
    report(`view ${kind}`, run.times, run.seconds);
  }

  console.log('Downloads, whole (rows, size, time, resident memory before → peak):');
  for (const kind of REPORT_KINDS) {
    for (const format of REPORT_FORMATS) {
      global.gc?.();
      const before = process.memoryUsage().rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
      const t0 = performance.now();
      const res = await fetch(`${base}${endpointUrl(api.reports.download, { params: { report: kind, format } })}`, { headers });
      if (!res.ok) throw new Error(`${kind}.${format}: ${res.status} ${await res.text()}`);
      let bytes = 0;
      let newlines = 0;
      for await (const chunk of res.body! as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        if (format === 'csv') for (const byte of chunk) if (byte === 10) newlines += 1;
      }
      const seconds = (performance.now() - t0) / 1000;
      clearInterval(sampler);
      const rows = format === 'csv' ? `${String(newlines - 1).padStart(7)} rows` : '           ';
      console.log(
        `${`${kind}.${format}`.padEnd(18)} ${rows}  ${(bytes / MB).toFixed(1).padStart(6)} MB  ${seconds.toFixed(2).padStart(6)} s  ` +
          `RSS ${(before / MB).toFixed(0)} → ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)})`,
      );
    }
  }

  // The largest report's live memory as it streams: collected every 250 ms, read at each quarter.
  for (const format of REPORT_FORMATS) {
    const live = () => {
      global.gc?.();
      const m = process.memoryUsage();
      return (m.heapUsed + m.arrayBuffers) / MB;
    };
    const readings: number[] = [];
    const sampler = setInterval(() => readings.push(live()), 250);
    const res = await fetch(`${base}${endpointUrl(api.reports.download, { params: { report: 'approvals', format } })}`, {
      headers,
    });
    for await (const chunk of res.body!) void chunk;
    clearInterval(sampler);
    const quarter = (q: number) => readings[Math.min(readings.length - 1, Math.floor((readings.length * q) / 4))]!;
    console.log(
      `approvals.${format} live memory at 1/4, 2/4, 3/4, the end: ${[1, 2, 3, 4].map((q) => quarter(q).toFixed(0)).join(', ')} MB ` +
        `(max ${Math.max(...readings).toFixed(0)} MB over ${readings.length} readings)`,
    );
  }
} finally {
  await stop();
}
