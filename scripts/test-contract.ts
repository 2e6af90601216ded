/**
 * `npm run test:contract -- --base-url URL`: the black-box conformance run of the partner API
 * contract (scripts/lib/contract-suite.ts) against any server: this stack, or the group's real
 * backend. HTTP only; prints a table of what conforms and exits 1 if anything does not.
 *
 *   npm run test:contract -- --base-url http://localhost:8080 [--partner user:password]
 *     [--staff user:password] [--no-bad-input] [--timeout 10]
 *
 * The accounts default to the stack's seeded demo accounts (demo.partner, demo.admin). A request
 * unanswered within --timeout seconds, a dropped connection, an empty or malformed body is a row
 * that does not conform, never a crash.
 */
import { parseArgs } from 'node:util';
import { fixtures } from '@pp/fixtures';
import { DEFAULT_TIMEOUT_MS, formatTable, runConformance, type Credentials } from './lib/contract-suite.ts';

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string' },
    partner: { type: 'string' },
    staff: { type: 'string' },
    'no-bad-input': { type: 'boolean', default: false },
    timeout: { type: 'string', default: String(DEFAULT_TIMEOUT_MS / 1000) },
  },
});
const baseUrl = values['base-url'];
const timeoutSeconds = Number(values.timeout);
if (!baseUrl || !(timeoutSeconds > 0)) {
  console.error(
    'Usage: npm run test:contract -- --base-url http://localhost:8080 [--partner user:password] [--staff user:password] [--no-bad-input] [--timeout seconds]',
  );
  process.exit(2);
}
const demo = fixtures.demoAccounts();
const account = (given: string | undefined, username: string): Credentials => {
  if (!given) return { username, password: demo.password };
  const at = given.indexOf(':');
  return { username: given.slice(0, at), password: given.slice(at + 1) };
};
const rows = await runConformance({
  baseUrl: baseUrl.replace(/\/$/, ''),
  partner: account(values.partner, demo.partner.username),
  staff: account(values.staff, 'demo.admin'),
  badInput: !values['no-bad-input'],
  timeoutMs: timeoutSeconds * 1000,
});
process.stdout.write(`${formatTable(rows)}\n`);
process.exit(rows.every((r) => r.ok) ? 0 : 1);
