export { loadDemo, DEMO_MARKER_KEY, type DemoProgress, type DemoLoadResult } from './load.ts';
export {
  generateDemo,
  DEMO_TABLES,
  DEMO_TABLE_NAMES,
  DEMO_ID_BASE,
  DUPLICATE_BANK_EVERY,
  DUPLICATE_GSTIN_EVERY,
  type DemoTable,
  type DemoSummary,
} from './generate.ts';
