import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fixtures } from '@pp/fixtures';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ACTION_NAMES,
  ADMIN_ACTION_PERMISSIONS,
  ROLE_PERMISSIONS,
  USER_ROLES,
  WORKFLOW_FLOWS,
  grievanceDiagram,
  workflowDiagram,
} from '@pp/contract';

// Pages of docs/ that state what the contract decides: they must say what the code does.
describe('docs/workflow.md', () => {
  const doc = readFileSync(new URL('../docs/workflow.md', import.meta.url), 'utf8');

  it('draws each flow as the engine runs it', () => {
    for (const flow of WORKFLOW_FLOWS) expect(doc, flow).toContain(workflowDiagram(flow));
  });

  it('gives each staff role the permissions the contract gives it', () => {
    for (const role of USER_ROLES.filter((r) => r !== 'PARTNER')) {
      const row = new RegExp(`^\\| ${role} +\\| ([^|]+)\\|`, 'm').exec(doc);
      const listed = row?.[1]?.trim() === '—' ? [] : (row?.[1]?.split(',').map((p) => p.trim()) ?? null);
      expect(listed, role).toEqual([...ROLE_PERMISSIONS[role]]);
    }
  });
});

describe('docs/grievances.md', () => {
  it('draws the lifecycle as the engine runs it', () => {
    const doc = readFileSync(new URL('../docs/grievances.md', import.meta.url), 'utf8');
    expect(doc).toContain(grievanceDiagram());
  });
});

describe('docs/admin-actions.md', () => {
  const doc = readFileSync(new URL('../docs/admin-actions.md', import.meta.url), 'utf8');

  it('lists every admin action with the permission the contract puts it behind', () => {
    for (const action of ADMIN_ACTION_NAMES) {
      const row = new RegExp(`^\\| \`${action}\` +\\| ([^|]+)\\|`, 'm').exec(doc);
      expect(row?.[1]?.trim(), action).toBe(ADMIN_ACTION_PERMISSIONS[action]);
    }
  });
});

// The README and the pages of docs/ lead a newcomer: what they name must exist and be what runs.
describe('the README and the guides', () => {
  const rootUrl = new URL('../', import.meta.url);
  const read = (file: string) => readFileSync(new URL(file, rootUrl), 'utf8');
  const guides = [
    'README.md',
    ...readdirSync(new URL('docs/', rootUrl))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
    ...readdirSync(new URL('docs/decisions/', rootUrl)).map((name) => `docs/decisions/${name}`),
    'web/src/boot/README.md',
    ...['contract', 'fixtures', 'platform', 'prisma', 'testing', 'server', 'gateway', 'web', 'e2e', 'scripts'].map(
      (folder) => `${folder}/README.md`,
    ),
  ];
  const packageScripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

  it('keeps the README short enough to read first', () => {
    expect(Buffer.byteLength(read('README.md'))).toBeLessThanOrEqual(12 * 1024);
  });

  it('names only npm scripts that exist', () => {
    for (const guide of guides) {
      for (const [, name] of read(guide).matchAll(/npm run ([\w:-]+)/g))
        expect(packageScripts, `${guide}: npm run ${name}`).toContain(name);
    }
  });

  it('links only to files that exist', () => {
    for (const guide of guides) {
      for (const [, target] of read(guide).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/.test(target!)) continue;
        expect(existsSync(new URL(target!, new URL(guide, rootUrl))), `${guide} links to ${target}`).toBe(true);
      }
    }
  });

  it('gives the ports the stack and the e2e stack listen on by default', () => {
    const readme = read('README.md');
    const stack = read('scripts/stack.ts');
    for (const name of ['PORT', 'GATEWAY_PORT', 'PG_PORT', 'SMTP_SINK_PORT']) {
      const port = new RegExp(`\\b${name}: z\\.coerce\\.number\\(\\)\\.int\\(\\)\\.default\\((\\d+)\\)`).exec(stack)?.[1];
      expect(port, name).toBeDefined();
      expect(readme, `${name} ${port}`).toContain(name === 'PG_PORT' ? `127.0.0.1:${port}` : `${port}`);
    }
    const e2e = read('e2e/playwright.config.ts');
    for (const name of ['E2E_PORT', 'E2E_PG_PORT']) {
      const port = new RegExp(`process\\.env\\.${name} \\?\\? (\\d+)`).exec(e2e)?.[1];
      expect(port, name).toBeDefined();
      expect(readme, `${name} ${port}`).toMatch(new RegExp(`e2e test stack .*\\b${port}\\b`));
    }
  });

  it('lists the seeded accounts and their password as the seed makes them', () => {
    const readme = read('README.md');
    const demo = fixtures.demoAccounts();
    expect(readme).toContain(`All passwords are \`${demo.password}\``);
    const listed = [...readme.matchAll(/^\| `([\w.]+)` +\|/gm)].map(([, name]) => name);
    expect(listed.sort()).toEqual([demo.partner.username, demo.partner2.username, ...demo.staff.map((s) => s.username)].sort());
  });
});
