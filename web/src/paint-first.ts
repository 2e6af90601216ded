/**
 * The entry of a prerendered page (the server sends one inside the root element for some visitors'
 * pages; web/src/prerender.tsx): the app once the browser has painted the page. Started at once, as
 * main.tsx starts it, the app's 140 KB (compressed) of code ran before that first paint whenever it
 * arrived before the browser's first frame, as it does on a fast network: the page then showed only
 * after all of it had run. The page's stylesheet comes inside it (the server puts it there).
 * A hidden tab draws no frames, hence the time limit.
 */
const PAINT_WAIT_MS = 100;

const afterNextPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve));
    setTimeout(resolve, PAINT_WAIT_MS);
  });

void afterNextPaint().then(() => import('./start.tsx'));
