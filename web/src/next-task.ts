/**
 * Ends the task: the browser may paint, handle input or run other work before the next step. The
 * start's steps each end with it, so none is one of the long tasks of Lighthouse's blocking time
 * (a task over 50 ms on its phone, a fraction of that on a developer's machine). Its own module, in the boot chunk
 * (vite.config.ts), for the route pages' entry (paint-first.ts), the start, i18next's start and
 * the start of each API call (api/client.ts).
 */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve));
