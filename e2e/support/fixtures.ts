import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { SESSION_KEYS, api, endpointUrl, escapeRegExp, webUrl, type SigninResponse, type WebPathKey } from '@pp/contract';
import { createDb, type Db } from '@pp/db';
import { createPartnerUser } from '@pp/testing/factories';
import { E2E_DATABASE_URL } from '../playwright.config.ts';
import { accessibilityViolations, claimPageCheck, openSettled } from './accessibility.ts';
import { STAFF_PAGES } from './pages.ts';

type Partner = Awaited<ReturnType<typeof createPartnerUser>>;

interface Fixtures {
  /** A partner of this test alone (status Edit, companies 1 and 8), so no test sees another's changes. */
  partner: Partner;
  /**
   * The page with that partner signed in through the API; the UI sign-in keeps journeys of its own.
   * Every page it visits is then held to WCAG 2.1 AA by axe (once per run and page).
   */
  signedIn: Page;
  /** Fails the test on any page error, console error or Content-Security-Policy violation, in every browser it opens. */
  pageErrors: void;
}

export const test = base.extend<Fixtures, { db: Db }>({
  db: [
    // Playwright reads a fixture's dependencies from this pattern; the database depends on none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const db = createDb(E2E_DATABASE_URL);
      await use(db);
      await db.$disconnect();
    },
    { scope: 'worker' },
  ],
  partner: async ({ db }, use) => {
    await use(await createPartnerUser(db));
  },
  signedIn: [
    async ({ page, partner }, use, testInfo) => {
      await signInTab(page, partner.username, partner.password);
      const visited = new Set<string>();
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) visited.add(new URL(frame.url()).pathname);
      });
      await use(page);
      // A journey that failed has said what is wrong; the pages are checked when it passes.
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      const violations: string[] = [];
      for (const path of visited) {
        // Paths match case-insensitively (spec section 2): /partnerDashboard is /partnerdashboard.
        // A partner on a staff page was denied it: there is no page to check (staff journeys check those).
        if (STAFF_PAGES.some((key) => webUrl(key).toLowerCase() === path.toLowerCase())) continue;
        if (!claimPageCheck(path.toLowerCase())) continue;
        // Opened again, settled: the journey may have left it mid-change.
        await openSettled(page, path);
        violations.push(...(await accessibilityViolations(page)).map((v) => `${path}: ${v}`));
      }
      expect(violations, 'accessibility violations (axe, WCAG 2.1 AA)').toEqual([]);
    },
    // Opening each page again takes its own time, not the journey's.
    { timeout: 240_000 },
  ],
  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = [];
      testErrors = errors;
      await watchContext(context);
      await use();
      testErrors = null;
      expect(errors, 'errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * Signs a partner in through the API and leaves in the tab's session storage what the app's own
 * sign-in leaves there (spec section 3); the UI sign-in keeps journeys of its own.
 */
export async function signInTab(page: Page, username: string, password: string): Promise<void> {
  const res = await page.request.post(endpointUrl(api.auth.signin), { data: { username, password } });
  expect(res.status(), await res.text()).toBe(200);
  const { response } = (await res.json()) as { response: SigninResponse };
  const stored: Record<string, string | number | null> = {
    [SESSION_KEYS.token]: response.accessToken,
    [SESSION_KEYS.auditNumber]: response.auditNumber,
    [SESSION_KEYS.currentCompanyCode]: response.currentCompanyCode,
    [SESSION_KEYS.currentCompanyName]: response.currentCompanyName,
    [SESSION_KEYS.currentCategoryCode]: response.currentCategoryCode,
  };
  // Session storage belongs to the portal's origin, so the tab opens a portal page first: the
  // mailbox, which any visitor may open and which has no guard to redirect a signed-out one.
  await page.goto(webUrl('mailbox'));
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) if (value !== null) sessionStorage.setItem(key, String(value));
  }, stored);
}

/** What the running test's browsers reported (a worker runs one test at a time). */
let testErrors: string[] | null = null;

/**
 * Collects the errors of a browser context into the running test's (pageErrors fails on them):
 * page errors, console errors and Content-Security-Policy violations — a violation the page's code
 * caught (zod's probe for `new Function`, say) logs nothing by itself, so a listener reports it.
 * A journey that opens a browser of its own watches it too.
 */
export async function watchContext(context: BrowserContext): Promise<void> {
  const errors = testErrors;
  if (!errors) return;
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `CSP violation: ${e.violatedDirective} refused ${e.blockedURI || 'inline code'} (${e.sourceFile}:${e.lineNumber})`,
      ),
    );
  });
  context.on('weberror', (error) => errors.push(`page error: ${error.error().message}`));
  context.on('console', (message) => {
    // A refused request is logged by the browser as a console error; the journeys that cause one check what the page shows.
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(`console: ${message.text()}`);
  });
}

export { expect, type Page };

/** A page's address as a toHaveURL pattern: its whole path (under the base path) at the end of the URL. */
export const pageUrl = (key: WebPathKey) => new RegExp(`${escapeRegExp(webUrl(key))}$`);

let addresses = 0;
/**
 * A client address for a browser context of its own (X-Forwarded-For, which the test stack trusts
 * one hop of): distinct per worker and per call, so sign-in limits count each person apart.
 */
export function clientAddress(): Record<string, string> {
  const n = ++addresses;
  return { 'x-forwarded-for': `10.${100 + test.info().workerIndex}.${(n >> 8) & 255}.${n & 255}` };
}
