// Rewrites the manifests in an image's build stage so `npm install --omit=dev` installs one service's
// production dependencies alone, at the lock file's versions: only the named workspaces stay, and no
// devDependencies anywhere. `npm ci --omit=dev --workspace` cannot do it: it keeps packages the lock
// marks devOptional (dev for one package, optional for another), which brought the test and build
// tools into the server image. Plain JavaScript: it runs before anything that runs TypeScript is installed.
// Usage: node containers/production-manifests.mjs <workspace>...
import { readFileSync, writeFileSync } from 'node:fs';

const keep = process.argv.slice(2);
if (keep.length === 0) throw new Error('name the workspaces to keep');
/**
 * Drops a manifest's devDependencies (and the root's scripts, which need the repository's tools).
 * @param {string} file
 * @param {boolean} root
 */
function rewrite(file, root) {
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  delete manifest.devDependencies;
  if (root) {
    delete manifest.scripts;
    manifest.workspaces = keep;
  }
  writeFileSync(file, JSON.stringify(manifest, null, 2));
}

rewrite('package.json', true);
for (const workspace of keep) rewrite(`${workspace}/package.json`, false);
