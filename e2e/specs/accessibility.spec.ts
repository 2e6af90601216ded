import type { Page } from '@playwright/test';
import { webUrl, type WebPathKey } from '@pp/contract';
import { seedPartnerBusiness } from '@pp/db/seed';
import { expect, test } from '../support/fixtures.ts';
import { accessibilityViolations, claimPageCheck, openSettled } from '../support/accessibility.ts';
import { PARTNER_AREA_PAGES, STAFF_PAGES } from '../support/pages.ts';
import { staffSignIn } from '../support/staff.ts';

// The signed-in fixture checks every page a journey visits, once per run in whatever state the
// first journey leaves it; these check each page in a known state, its lists and tables filled.

async function expectAccessiblePages(page: Page, keys: readonly WebPathKey[]) {
  const violations: string[] = [];
  for (const key of keys) {
    // Checked here: the fixture need not open it again.
    claimPageCheck(webUrl(key).toLowerCase());
    await openSettled(page, webUrl(key));
    violations.push(...(await accessibilityViolations(page)).map((v) => `${key}: ${v}`));
  }
  expect(violations, 'accessibility violations (axe, WCAG 2.1 AA)').toEqual([]);
}

test('the public pages meet WCAG 2.1 AA', async ({ page }) => {
  await expectAccessiblePages(page, ['home', 'login', 'registration', 'resetPassword', 'mailbox']);
});

// An axe check costs seconds of CPU per page, more on a loaded machine: these journeys check many.
test('every staff page meets WCAG 2.1 AA', async ({ browser }) => {
  test.setTimeout(360_000);
  const page = await staffSignIn(browser, 'demo.admin', 'SUMMARY', /\/summarypage$/);
  await expectAccessiblePages(page, STAFF_PAGES);
});

test("every partner page meets WCAG 2.1 AA with the partner's business in it", async ({ signedIn: page, partner, db }) => {
  test.setTimeout(360_000);
  await db.onboardingProfile.create({
    data: { partnerId: partner.partner.id, companyCode: 1, categoryCode: 'SUP', status: 'Approved', submittedAt: new Date() },
  });
  await seedPartnerBusiness(db, partner.partner.id);
  await expectAccessiblePages(page, [...PARTNER_AREA_PAGES, 'partnerStatus', 'changePassword']);
});
