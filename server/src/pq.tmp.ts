import { createDb } from '@pp/db';
import { listPartnerQueries } from './features/queries/partner-queries.service.ts';
for (const port of [5598, 5599]) {
  const db = createDb(`postgresql://postgres:postgres@localhost:${port}/partner_portal?host=/tmp`);
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await listPartnerQueries(db, { encCompanyCode: 1, searchTerm: 'steel', pageNo: 1, pageSize: 20 } as never);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(port, 'median', times[15]!.toFixed(1), 'p95', times[28]!.toFixed(1), 'max', times[29]!.toFixed(1));
  await db.$disconnect();
}
