/**
 * argon2id cost on this machine with the parameters of server/src/lib/passwords.ts (OWASP's
 * m = 19 MiB, t = 2, p = 1). Run: npm run bench:argon2
 */
import { hashPassword, verifyPassword } from '@pp/db/passwords';

const RUNS = 20;
const time = async (fn: () => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)]!, p95: samples[Math.floor(RUNS * 0.95) - 1]!, min: samples[0]! };
};

await hashPassword('warm-up');
const hash = await hashPassword('Demo@1234');
const h = await time(() => hashPassword('Demo@1234'));
const v = await time(() => verifyPassword(hash, 'Demo@1234'));
const f = (n: number) => `${n.toFixed(1)} ms`;
console.log(`argon2id (m=19 MiB, t=2, p=1), ${RUNS} runs each`);
console.log(`  hash:   median ${f(h.median)}, p95 ${f(h.p95)}, min ${f(h.min)}`);
console.log(`  verify: median ${f(v.median)}, p95 ${f(v.p95)}, min ${f(v.min)}`);
