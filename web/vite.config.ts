import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import purgeCss from '@fullhuman/postcss-purgecss';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { leanContract } from './src/boot/build/lean-contract.ts';
import {
  NEXT_TASK_MODULE,
  PAINT_FIRST_MODULE,
  START_MODULE,
  prerenderedPages,
  routePreloads,
} from './src/boot/build/start-path.ts';

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
        // evaluates a chunk per task (web/src/boot/paint-first.ts).
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
