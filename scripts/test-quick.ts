/**
 * `npm run test:quick`: feedback on what you changed, in minutes rather than the whole `npm test`.
 * What changed is the work tree against HEAD (staged, unstaged and new files), or against a ref
 * (`-- --since main`). Then, stopping at the first failure:
 *   1. the type check of each workspace that changed and of every workspace that imports one;
 *   2. ESLint and Prettier on the changed files;
 *   3. the unit and integration tests that import a changed file (`vitest related`).
 * The e2e journeys are not run: `npm run test:e2e` (or one spec: docs/developing.md).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WORKSPACES = ['contract', 'fixtures', 'platform', 'prisma', 'testing', 'server', 'gateway', 'web', 'e2e'] as const;
type Workspace = (typeof WORKSPACES)[number] | 'scripts' | '.';
/** A workspace's package name, as the others import it. */
const PACKAGE_OF: Record<(typeof WORKSPACES)[number], string> = {
  contract: '@pp/contract',
  fixtures: '@pp/fixtures',
  platform: '@pp/platform',
  prisma: '@pp/db',
  testing: '@pp/testing',
  server: '@pp/server',
  gateway: '@pp/gateway',
  web: '@pp/web',
  e2e: '@pp/e2e',
};

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);

function changedFiles(since: string): string[] {
  const files = new Set([...git('diff', '--name-only', since), ...git('ls-files', '--others', '--exclude-standard')]);
  return [...files].filter((file) => existsSync(path.join(root, file)));
}

const workspaceOf = (file: string): Workspace => {
  const top = file.split('/')[0]!;
  if ((WORKSPACES as readonly string[]).includes(top)) return top as Workspace;
  return top === 'scripts' ? 'scripts' : '.';
};

/** The workspaces that import `changed`, directly or through another, by their package.json. */
function withDependents(changed: Set<Workspace>): Workspace[] {
  const dependsOn = new Map(
    WORKSPACES.map((ws) => {
      const pkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
        devDependencies?: Record<string, string>;
      };
      const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
      return [ws, WORKSPACES.filter((other) => other !== ws && names.includes(PACKAGE_OF[other]))];
    }),
  );
  const all = new Set(changed);
  for (let grew = true; grew;) {
    grew = false;
    for (const ws of WORKSPACES) {
      if (!all.has(ws) && dependsOn.get(ws)!.some((dependency) => all.has(dependency))) {
        all.add(ws);
        grew = true;
      }
    }
  }
  // The scripts import every workspace but the web app and the journeys.
  if ([...all].some((ws) => ws !== 'web' && ws !== 'e2e' && ws !== '.')) all.add('scripts');
  return [...all];
}

function run(step: string, command: string, args: string[]) {
  const started = performance.now();
  console.log(`\n▶ ${step}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${step} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${step} (${seconds} s)`);
}

const sinceIndex = process.argv.indexOf('--since');
const since = sinceIndex > 0 ? process.argv[sinceIndex + 1]! : 'HEAD';
const files = changedFiles(since);
if (files.length === 0) {
  console.log(`Nothing changed since ${since}.`);
  process.exit(0);
}
console.log(`${files.length} file(s) changed since ${since}.`);

const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
for (const ws of withDependents(new Set(files.map(workspaceOf)))) run(`typecheck ${ws}`, bin('tsc'), ['-p', ws]);

const linted = files.filter((file) => /\.(ts|tsx|js|mjs)$/.test(file));
if (linted.length > 0) run('eslint (changed files)', bin('eslint'), linted);
run('prettier (changed files)', bin('prettier'), ['--check', '--ignore-unknown', ...files]);

const sources = files.filter((file) => /\.(ts|tsx)$/.test(file));
if (sources.length > 0)
  run('tests that import a changed file', bin('vitest'), ['related', '--run', '--passWithNoTests', ...sources]);
