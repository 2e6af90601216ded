import { mkdirSync, openSync, closeSync, rmSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The rules a page is held to: WCAG 2.1 levels A and AA (axe's tags). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * What axe finds wrong on the page as it is now, one line per rule and element, to read in a
 * failure. Run inside the page (legacy mode: our pages have no frames, so axe needs no second page
 * to put frames' results together), reporting violations only: a check costs seconds of CPU.
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(WCAG_TAGS)
    .setLegacyMode(true)
    .analyze();
  return violations.flatMap((v) =>
    v.nodes.map(
      (n) =>
        `${v.id} (${v.impact ?? 'n/a'}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? v.help}`,
    ),
  );
}

/** Where the run notes which pages some journey has had checked already (emptied by the global setup). */
const CLAIMS_DIR = path.join(import.meta.dirname, '../../test-results/e2e-accessibility-claims');

export function forgetCheckedPages() {
  rmSync(CLAIMS_DIR, { recursive: true, force: true });
  mkdirSync(CLAIMS_DIR, { recursive: true });
}

/**
 * Whether this worker is the first of the run to check a page: each page is checked once per run,
 * by whichever journey visits it first. Creating the file fails for every later claimant, in any worker.
 */
export function claimPageCheck(key: string): boolean {
  try {
    closeSync(openSync(path.join(CLAIMS_DIR, encodeURIComponent(key)), 'wx'));
    return true;
  } catch {
    return false;
  }
}

/** Opens a page and waits until it has settled: its main region drawn and nothing left loading. */
export async function openSettled(page: Page, pagePath: string) {
  await page.goto(pagePath);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}
