import cliProgress from 'cli-progress';
import type { DemoProgress, DemoTable } from '@pp/db/demo';

const fmt = (n: number) => n.toLocaleString('en-US');

/**
 * The demo loader's progress: a bar per table on a terminal; elsewhere (CI, a pipe) plain lines —
 * every 5,000 partners, and each table as it is committed.
 */
export function demoProgress(stream: NodeJS.WriteStream = process.stdout): DemoProgress {
  if (stream.isTTY) {
    const multi = new cliProgress.MultiBar(
      {
        stream,
        format: ' {table} {bar} {value}/{total} rows',
        barsize: 30,
        hideCursor: true,
        clearOnComplete: false,
        forceRedraw: false,
      },
      cliProgress.Presets.shades_classic,
    );
    const bars = new Map<DemoTable, cliProgress.SingleBar>();
    return {
      start(tables) {
        const width = Math.max(...tables.map((t) => t.length));
        for (const t of tables) bars.set(t, multi.create(1, 0, { table: t.padEnd(width) }));
      },
      rows(table, written, estimate) {
        const bar = bars.get(table)!;
        bar.setTotal(Math.max(estimate, written));
        bar.update(written);
      },
      partners() {},
      done(table, rows) {
        const bar = bars.get(table)!;
        bar.setTotal(Math.max(rows, 1));
        bar.update(rows);
      },
      stop: () => multi.stop(),
    };
  }
  let lastReported = 0;
  return {
    start: (tables, partners) => stream.write(`demo set: ${fmt(partners)} partners into ${tables.length} tables\n`),
    rows() {},
    partners(done) {
      if (done - lastReported < 5000) return;
      lastReported = done;
      stream.write(`  ${fmt(done)} partners generated\n`);
    },
    done: (table, rows) => stream.write(`  ${table}: ${fmt(rows)} rows\n`),
    stop() {},
  };
}
