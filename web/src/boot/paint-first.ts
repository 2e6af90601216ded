import { PAGE_CHUNKS_ELEMENT_ID } from '@pp/contract';
import { nextTask } from '../next-task.ts';

/**
 * The entry of every route's page (server/src/plugins/external/web-static.ts), main.tsx being the
 * entry of an address that is none. A prerendered page (the server sends one inside the root element
 * for some visitors' pages; web/src/boot/prerender.tsx): the app once the browser has painted the page.
 * Started at once, as main.tsx starts it, the app's code ran before that first paint whenever it
 * arrived before the browser's first frame, as it does on a fast network: the page then showed only
 * after all of it had run (decision 011). The page's stylesheet comes inside it (the
 * server puts it there). Any other page (signed in) is blank until the app draws it; its code is
 * evaluated in steps too. A hidden tab draws no frames, hence the time limit.
 */
const PAINT_WAIT_MS = 100;

const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, PAINT_WAIT_MS);
  });

/** The page's chunks as the server lists them, each after the chunks it imports. */
function pageChunks(): string[] {
  const text = document.getElementById(PAGE_CHUNKS_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as string[]) : [];
}

/**
 * Links put in per task. Each costs the browser some milliseconds as it goes in: several in one
 * task made one of Lighthouse's long tasks, one does not (decision 011 has the traces' figures;
 * `npm run bench:lighthouse` checks the pages' blocking time).
 */
const LINKS_PER_TASK = 1;

/**
 * Evaluates the page's code one chunk per task: an import runs all the code it brings in one task,
 * and the framework, the contract and the page together were one long task after the page had
 * painted (Lighthouse's blocking time). All are fetched first, so the steps wait for no round
 * trip: their links go in per task, as fragments (inserted one by one, they were a long task of
 * their own), and a chunk whose link the page already
 * has (a page without a first render names them all) is not asked for again. A chunk that fails to
 * load stops the steps: the app's start then meets the same failure and shows it.
 */
async function evaluateInSteps(chunks: string[]) {
  const linked = new Set(
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
  );
  const unlinked = chunks.filter((href) => !linked.has(href));
  for (let start = 0; start < unlinked.length; start += LINKS_PER_TASK) {
    const links = document.createDocumentFragment();
    for (const href of unlinked.slice(start, start + LINKS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      links.append(link);
    }
    document.head.append(links);
    await nextTask();
  }
  try {
    for (const href of chunks) {
      await import(/* @vite-ignore */ href);
      await nextTask();
    }
  } catch {
    // Left to the start, below.
  }
}

void afterNextPaint()
  .then(() => evaluateInSteps(pageChunks()))
  .then(() => import('./start.tsx'))
  .then(({ start }) => start());
