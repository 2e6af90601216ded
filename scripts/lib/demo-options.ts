import { z } from 'zod';
import type { DemoLoadResult } from '@pp/db/demo';

/** The demo set's size, seed and day: from the command line, then DEMO_* variables, then defaults. */
export function demoOptions(given: { partners?: string; seed?: string; today?: string }) {
  return z
    .object({
      // Up to 500,000: the cost curve (npm run bench:scale) loads ten times the demo set.
      partners: z.coerce.number().int().min(1).max(500_000).default(35_000),
      seed: z.coerce
        .number()
        .int()
        .min(0)
        .max(2 ** 31)
        .default(1),
      today: z.iso.date().default(() => new Date().toISOString().slice(0, 10)),
    })
    .parse({
      partners: given.partners ?? process.env.DEMO_PARTNERS,
      seed: given.seed ?? process.env.DEMO_SEED,
      today: given.today ?? process.env.DEMO_TODAY,
    });
}

export function reportDemo(result: DemoLoadResult, options: ReturnType<typeof demoOptions>) {
  const fmt = (n: number) => n.toLocaleString('en-US');
  if (result.skipped) {
    console.log(
      `demo set already loaded (${fmt(options.partners)} partners, seed ${options.seed}, ${options.today}); --force loads it again`,
    );
    return;
  }
  const s = result.summary!;
  console.log(
    `demo set loaded: ${fmt(result.totalRows)} rows in ${(result.ms / 1000).toFixed(1)} s${result.removedMs && result.removedMs > 500 ? ` (${(result.removedMs / 1000).toFixed(1)} s of it removing the set loaded before)` : ''} — ${fmt(s.partners)} partners, ${s.staff} staff ` +
      `(password as the seeded accounts), ${s.realFiles} real files; planted duplicates: ${s.duplicateBankAccounts} bank accounts, ${s.duplicateGstins} GSTINs`,
  );
}
