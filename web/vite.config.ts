import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import purgeCss from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { leanContract } from './lean-contract.ts';
import { prerenderAll } from './prerender-build.ts';

/**
 * Each script and stylesheet also written brotli-compressed at the highest quality (x.js.br), which
 * the server sends as it is: compressing on each answer uses a quick, lighter setting (/home's
 * JavaScript was 10 % larger over the wire that way).
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!/\.(js|css|svg)$/.test(fileName)) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        if (source.length < 1024) continue;
        const compressed = brotliCompressSync(source, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
        });
        writeFileSync(path.join(options.dir!, `${fileName}.br`), compressed);
      }
    },
  };
}

/** The app's start (web/src/start.tsx): every page's entry imports it. */
const START_MODULE = path.resolve(import.meta.dirname, 'src/start.tsx');
/** The entry of every route's page (web/src/paint-first.ts), which imports the start after the first paint. */
const PAINT_FIRST_MODULE = path.resolve(import.meta.dirname, 'src/paint-first.ts');

/** The step between the start's tasks (web/src/next-task.ts), shared by the entry and the start. */
const NEXT_TASK_MODULE = path.resolve(import.meta.dirname, 'src/next-task.ts');

const ROUTER_FILE = path.resolve(import.meta.dirname, 'src/app/router.tsx');

/** Each route's page module, from the router's page table: `key: lazyPage(() => import('../features/…/Page.tsx'))`. */
const routePageModules = () =>
  [...readFileSync(ROUTER_FILE, 'utf8').matchAll(/^\s*(\w+): lazyPage\(\(\) => import\('([^']+)'\)\)/gm)].map(
    ([, key, file]) => ({
      key: key!,
      module: path.resolve(path.dirname(ROUTER_FILE), file!),
    }),
  );

/**
 * route-preloads.json: for each route of the router's page table, the page's chunk and the chunks it
 * imports that the entry does not already load. The server names them in the page as modulepreload
 * links, so a first visit fetches the page's code beside the framework's instead of after it has
 * run (one round trip less before the page shows; /login's LCP was 3.1 s on Lighthouse's phone).
 */
function routePreloads(): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const pages = routePageModules();
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (files: string[]) => {
        const seen = new Set<string>();
        const pending = [...files];
        while (pending.length > 0) {
          const file = pending.pop()!;
          if (seen.has(file)) continue;
          seen.add(file);
          pending.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const loadedByEntry = withImports(
        chunks.filter((c) => c.isEntry && c.facadeModuleId !== PAINT_FIRST_MODULE).map((c) => c.fileName),
      );
      const preloads: Record<string, string[]> = {};
      for (const page of pages) {
        const chunk = chunks.find((c) => c.facadeModuleId === page.module);
        if (!chunk) continue;
        preloads[page.key] = [...withImports([chunk.fileName])].filter((file) => !loadedByEntry.has(file));
      }
      // A router written another way would quietly lose every preload: the build says so instead.
      if (!preloads.home || !preloads.login) throw new Error(`route-preloads: no page chunks found in ${ROUTER_FILE}`);
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/**
 * prerendered.json: the first render of each visitor's page the route table marks `prerender`, in
 * English and Hindi (web/src/prerender.tsx). The server sends it inside the page's root element, so
 * the browser paints the page from its HTML and stylesheet while the code loads: /registration
 * painted only after all of the app's code (140 KB compressed) had arrived and run.
 */
function prerenderedPages(): Plugin {
  let outDir = '';
  let entry = '';
  let chunksOf: Record<string, string[]> = {};
  return {
    name: 'prerendered-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const entryChunk = chunks.find((c) => c.facadeModuleId === PAINT_FIRST_MODULE);
      const startChunk = chunks.find((c) => c.moduleIds.includes(START_MODULE));
      if (!entryChunk || !startChunk) throw new Error('prerendered-pages: no chunk for src/paint-first.ts or src/start.tsx');
      entry = entryChunk.fileName;
      // Each route's code for the entry to evaluate a chunk per task (web/src/paint-first.ts): the
      // start's chunks and the page's, each after the ones it imports; what the entry imports itself
      // has run already.
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      chunksOf = Object.fromEntries(
        routePageModules().flatMap(({ key, module }) => {
          const page = chunks.find((c) => c.facadeModuleId === module);
          if (!page) return [];
          const order: string[] = [];
          const seen = new Set([entryChunk.fileName, ...entryChunk.imports]);
          const visit = (file: string) => {
            if (seen.has(file)) return;
            seen.add(file);
            for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
            order.push(file);
          };
          visit(startChunk.fileName);
          visit(page.fileName);
          return [[key, order]];
        }),
      );
    },
    async closeBundle() {
      writeFileSync(
        path.join(outDir, 'prerendered.json'),
        JSON.stringify({ entry, chunks: chunksOf, ...(await prerenderAll()) }),
      );
    },
  };
}

/** The libraries every page needs, a chunk per group (see codeSplitting below). */
const FRAMEWORK_CHUNKS = [
  { name: 'react', packages: ['react', 'react-dom', 'scheduler'] },
  { name: 'router', packages: ['react-router', 'react-router-dom', 'cookie', 'set-cookie-parser'] },
  { name: 'query', packages: ['@tanstack'] },
  { name: 'i18n', packages: ['i18next', 'react-i18next', 'html-parse-stringify', 'void-elements'] },
];

// In `npm run dev` the API and gateway run on the stack's origin; Vite proxies to them so the
// browser still sees one origin, as in production.
const apiOrigin = process.env.API_ORIGIN ?? 'http://localhost:8080';

/**
 * React Router's package.json names only its development build (its issue #14102), so a production
 * bundle carried its warnings and checks: the build takes the production build it ships beside it.
 * Both entries, so react-router-dom's imports of either resolve to one copy.
 */
const reactRouterBuilds = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const reactRouterProduction = [
  { find: /^react-router$/, replacement: path.join(reactRouterBuilds, 'production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterBuilds, 'production/dom-export.mjs') },
];

/**
 * Bootstrap's stylesheet without the rules no page uses: the whole of it was 236 KB (24 KB sent),
 * render-blocking on every first visit, 94 % of it unused on /login, and its style recalculation
 * was main-thread work before the first paint. Kept: every class named in the app's source (whole
 * names: a class must be written out, not put together from parts) and the ones React Bootstrap
 * composes from its prefixes at run time (its modal and tooltip).
 */
const unusedCssRemoved = purgeCss({
  content: [path.resolve(import.meta.dirname, 'index.html'), path.resolve(import.meta.dirname, 'src/**/*.{ts,tsx}')],
  safelist: { standard: [/^modal/, /^tooltip/, /^bs-tooltip/, /^fade$/, /^show$/] },
});

export default defineConfig(({ command }) => ({
  base: '/PartnerMgmtApp/',
  plugins: [leanContract(), react(), precompress(), routePreloads(), prerenderedPages()],
  resolve: { alias: command === 'build' ? reactRouterProduction : [] },
  css: command === 'build' ? { postcss: { plugins: [unusedCssRemoved] } } : {},
  server: {
    proxy: {
      '/partner-api': apiOrigin,
      '/chatbot': { target: apiOrigin, ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // A second entry, for every route's page (prerenderedPages above, the server's web-static).
      input: { index: path.resolve(import.meta.dirname, 'index.html'), 'paint-first': PAINT_FIRST_MODULE },
      output: {
        // Every page needs React, the router, React Query and i18next: a file for each, not a dozen
        // small ones (each a request with its headers) nor one of 410 KB, whose evaluation was one
        // task of 60-120 ms (a fresh tab, this machine) after /login had painted: a route's page
        // evaluates a chunk per task (web/src/paint-first.ts).
        codeSplitting: {
          groups: [
            // What the route pages' entry shares with the start: Vite's helper that fetches a
            // lazy chunk's imports beside it, and the step between tasks. In the start's chunk, the
            // entry imported that chunk statically and all of the app ran before the first paint.
            { name: 'boot', test: (id) => id.startsWith('\0vite/preload-helper') || id === NEXT_TASK_MODULE, priority: 3 },
            ...FRAMEWORK_CHUNKS.map(({ name, packages }) => ({
              name,
              test: new RegExp(`node_modules[\\\\/](${packages.join('|')})[\\\\/]`),
              priority: 2,
            })),
            // The rest of what the app's start loads, its imports with it (tree-shaken: what it uses
            // of a module, not all of it). Rolldown gives each module shared by the start and a lazy
            // page a chunk of its own: /home loaded 15 scripts before its load event, a dozen under
            // 1 KB, each a request with its headers. Every page loads these anyway, so one file for
            // them costs no byte more.
            { name: 'shell', test: (id) => id === START_MODULE, includeDependenciesRecursively: true, priority: 1 },
          ],
        },
      },
    },
  },
}));
