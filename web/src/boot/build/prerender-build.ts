import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { JSDOM } from 'jsdom';
import { createServer } from 'vite';
import type * as PrerenderModule from '../prerender.tsx';
import type { PrerenderedPage } from '../prerender.tsx';
import type { RouteKey } from '../../routing/routes.ts';

/** The web workspace, whose index.html and sources Vite loads. */
const WEB_ROOT = path.resolve(import.meta.dirname, '../../..');

export type PrerenderedPages = Record<'en' | 'hi', Partial<Record<RouteKey, PrerenderedPage>>>;

/**
 * Runs `fn` with a browser's globals (window, document, storage…) from a jsdom document at `url`,
 * put back as they were afterwards: the app's modules read them as they load.
 */
async function inBrowserGlobals<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const { window } = new JSDOM('<!doctype html><html><head></head><body><div id="root"></div></body></html>', { url });
  const saved = new Map<string, PropertyDescriptor | undefined>();
  const names = [...Object.getOwnPropertyNames(window).filter((name) => !(name in globalThis)), 'window', 'self', 'navigator'];
  for (const name of names) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    const value: unknown = name === 'window' || name === 'self' ? window : (window as unknown as Record<string, unknown>)[name];
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  }
  try {
    return await fn();
  } finally {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
    window.close();
  }
}

/**
 * The prerendered pages in both languages (web/src/boot/prerender.tsx), rendered from the sources as the
 * build does: Vite loads the app's modules for Node, in a document of jsdom's.
 */
export async function prerenderAll(): Promise<PrerenderedPages> {
  const server = await createServer({
    configFile: false,
    root: WEB_ROOT,
    base: '/PartnerMgmtApp/',
    logLevel: 'error',
    plugins: [react()],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    return await inBrowserGlobals('http://localhost/PartnerMgmtApp/home', async () => {
      const { prerenderPages } = (await server.ssrLoadModule('/src/boot/prerender.tsx')) as typeof PrerenderModule;
      return { en: await prerenderPages('en'), hi: await prerenderPages('hi') };
    });
  } finally {
    await server.close();
  }
}

// Run on its own (`node --import tsx web/src/boot/build/prerender-build.ts`), it prints them: the hydration test
// renders them in a process apart, as the build does (React's server renderer leaves its last
// page's context values set in the process it ran in).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(JSON.stringify(await prerenderAll()));
}
