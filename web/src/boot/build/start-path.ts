import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { prerenderAll } from './prerender-build.ts';

/**
 * The build's half of the start path (web/src/boot/README.md): which modules start a page, the
 * chunks each route's page needs (route-preloads.json) and the prerendered pages with the order
 * their chunks are evaluated in (prerendered.json).
 */

/** The web workspace, whose sources these name. */
const WEB_ROOT = path.resolve(import.meta.dirname, '../../..');

/** The app's start (web/src/boot/start.tsx): every page's entry imports it. */
export const START_MODULE = path.resolve(WEB_ROOT, 'src/boot/start.tsx');
/** The entry of every route's page (web/src/boot/paint-first.ts), which imports the start after the first paint. */
export const PAINT_FIRST_MODULE = path.resolve(WEB_ROOT, 'src/boot/paint-first.ts');

/** The step between the start's tasks (web/src/next-task.ts), shared by the entry and the start. */
export const NEXT_TASK_MODULE = path.resolve(WEB_ROOT, 'src/next-task.ts');

const ROUTER_FILE = path.resolve(WEB_ROOT, 'src/app/router.tsx');

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
 * run (one round trip less before the page shows: decision 011).
 */
export function routePreloads(): Plugin {
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
 * English and Hindi (web/src/boot/prerender.tsx). The server sends it inside the page's root element, so
 * the browser paints the page from its HTML and stylesheet while the code loads: /registration
 * painted only after all of the app's code had arrived and run (decision 011).
 */
export function prerenderedPages(): Plugin {
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
      if (!entryChunk || !startChunk)
        throw new Error('prerendered-pages: no chunk for src/boot/paint-first.ts or src/boot/start.tsx');
      entry = entryChunk.fileName;
      // Each route's code for the entry to evaluate a chunk per task (web/src/boot/paint-first.ts): the
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
