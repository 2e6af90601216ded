/**
 * The stack as plain JavaScript: npm start's own program (scripts/stack.ts), the API server, the
 * gateway and the SMTP sink, bundled by esbuild into dist/node/ with the workspace's TypeScript
 * sources inside and the packages of node_modules left outside. tsx compiled the 16,000 lines of
 * them on every start (15 s to serve /home); the bundles take about a second to make and are made
 * again only when one of the files they were made from (esbuild lists them) is newer, as the web
 * build is.
 */
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const NODE_BUILD_DIR = path.join(root, 'dist/node');
/** The files the bundles were made from, relative to the root; written when they are made. */
const INPUTS = path.join(NODE_BUILD_DIR, 'inputs.json');

/** The programs and their entry points. */
export const NODE_SERVICES = {
  stack: 'scripts/stack.ts',
  server: 'server/src/main.ts',
  gateway: 'gateway/src/main.ts',
  'smtp-sink': 'scripts/smtp-sink.ts',
} as const;
export type NodeService = keyof typeof NODE_SERVICES;

/**
 * The API server's heap: V8 lets a busy server's old generation grow to some 300 MB of mostly
 * garbage before it collects; its live set (with the memory caches, each bounded) is under 110 MB.
 * These keep the process under 300 MB RSS at no measured cost in throughput (npm run bench). The
 * server's container image sets the same (the Dockerfile's server target).
 */
export const SERVER_NODE_OPTIONS = '--max-old-space-size=160 --max-semi-space-size=4';
/**
 * glibc, for the 19 MiB argon2 buffers of sign-in: always mapped and handed back when freed (its
 * dynamic threshold otherwise keeps them in per-thread arenas, 50 MB more after a crowd of sign-ins).
 */
export const SERVER_MALLOC_ENV = { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '2' };

export const nodeBundleOf = (service: NodeService) => path.join(NODE_BUILD_DIR, `${service}.mjs`);

/** A bundle is stale when any file it was made from (or the packages installed) changed after it was made. */
export function nodeBuildIsStale(): boolean {
  if (!existsSync(INPUTS)) return true;
  const builtAt = statSync(INPUTS).mtimeMs;
  const inputs = JSON.parse(readFileSync(INPUTS, 'utf8')) as string[];
  return inputs.some((input) => {
    const file = path.join(root, input);
    return !existsSync(file) || statSync(file).mtimeMs > builtAt;
  });
}

/**
 * Each module keeps its own import.meta.url: the sources find files next to them (the fixtures'
 * data, the migrations, the repository's root, a child process's script), which a bundle would
 * otherwise move to dist/node/. The URL is written relative to the bundle, so the clone may move.
 */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return { contents: source, loader: 'ts' };
      const relative = path.relative(NODE_BUILD_DIR, args.path).split(path.sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
};

/** The workspace's packages are TypeScript sources to bundle; every other package stays in node_modules. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@pp/') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildNode(): Promise<void> {
  mkdirSync(NODE_BUILD_DIR, { recursive: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(NODE_SERVICES).map(([name, entry]) => [name, path.join(root, entry)])),
    outdir: NODE_BUILD_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    // Chunks beside the entries: every file's import.meta.url is then the directory the URLs are written from.
    chunkNames: '[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [externalPackages, ownUrls],
    metafile: true,
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.relative(root, path.resolve(root, input)));
  writeFileSync(INPUTS, JSON.stringify([...inputs, 'package-lock.json', 'scripts/lib/node-build.ts'], null, 1));
}

/** Builds the bundles when a source changed since; says whether it did. */
export async function ensureNodeBuild(): Promise<boolean> {
  if (!nodeBuildIsStale()) return false;
  await buildNode();
  return true;
}
