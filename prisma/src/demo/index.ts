export { loadDemo, type DemoProgress, type DemoLoadResult } from './load.ts';
export type { DemoTable } from './generate.ts';
