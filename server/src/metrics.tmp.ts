import { createDb } from '@pp/db';
import { grievanceMetrics } from './features/grievances/grievance-metrics.ts';
for (const port of [5598, 5599]) {
  const db = createDb(`postgresql://postgres:postgres@localhost:${port}/partner_portal?host=/tmp`);
  for (const filter of [{ scope: 'domestic' as const }, { scope: 'international' as const }, { scope: 'domestic' as const, companyCode: 1 }]) {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const t = performance.now();
      await grievanceMetrics(db, filter, new Date());
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(port, JSON.stringify(filter), 'median', times[20]!.toFixed(1), 'p95', times[37]!.toFixed(1));
  }
  await db.$disconnect();
}
