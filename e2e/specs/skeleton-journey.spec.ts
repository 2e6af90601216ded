import { expect, test, pageUrl } from '../support/fixtures.ts';
import { SESSION_KEYS, WEB_BASE_PATH, WEB_PATHS, webUrl } from '@pp/contract';
import { EXTERNAL_LOGIN_PATH } from '../playwright.config.ts';
import { PARTNER_AREA_PAGES } from '../support/pages.ts';
import { staffSignIn } from '../support/staff.ts';

const DEMO = { username: 'demo.partner', password: 'Demo@1234' };

test('a visitor opens the portal, logs in as the demo partner, reaches the dashboard and logs out', async ({
  page,
}, testInfo) => {
  await page.goto(`${WEB_BASE_PATH}/`);
  await expect(page).toHaveURL(pageUrl('home'));
  await expect(page.getByRole('navigation', { name: 'Public' }).getByRole('img', { name: 'Partner Portal logo' })).toBeVisible();
  // The spec's claim (sections 1 and 9), whatever the database holds.
  await expect(page.getByTestId('partner-claim')).toHaveText('35,000+');
  await expect(page.getByText('More than 35,000 partners already work with the group')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('home.png'), fullPage: true });

  await page.getByRole('navigation', { name: 'Public' }).getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Welcome to the Partner Portal.')).toBeVisible();
  await page.getByLabel('Username').fill(DEMO.username);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(pageUrl('dashboard'));
  await expect(page.getByRole('heading', { name: 'Onboarding Dashboard' })).toBeVisible();
  await expect(page.getByText('Demo Steel Traders Pvt Ltd').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Notifications, 2 unread/ })).toBeVisible();
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token)).toBeTruthy();

  await page.getByRole('button', { name: 'Profile' }).click();
  const profile = page.getByRole('dialog', { name: 'Profile' });
  await expect(profile.getByLabel('Company')).toBeVisible();
  await expect(profile.getByText('Primary business')).toBeVisible();
  await expect(profile.getByRole('link', { name: 'Change Password' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('dashboard.png'), fullPage: true });
  await profile.getByRole('button', { name: 'Logout' }).click();

  await expect(page).toHaveURL(pageUrl('login'));
  expect(await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token)).toBeNull();
  // The session ended server-side too: the dashboard now sends an anonymous visitor home.
  await page.goto(webUrl('dashboard'));
  await expect(page).toHaveURL(pageUrl('home'));
});

test('a wrong password shows the server message and keeps the visitor on the login page', async ({ page, partner }) => {
  await page.goto(webUrl('login'));
  await page.getByLabel('Username').fill(partner.username);
  await page.getByLabel('Password').fill('Wrong@1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await expect(page).toHaveURL(/\/login$/);
});

test('the app refuses to be framed', async ({ request }) => {
  const res = await request.get(webUrl('home'));
  expect(res.headers()['x-frame-options']).toBe('DENY');
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
});

test('staff pages send a visitor without a token to the external login', async ({ page }) => {
  await page.goto(webUrl('workbench'));
  await expect(page).toHaveURL(new RegExp(`${EXTERNAL_LOGIN_PATH}$`));
});

// One test per page, so a slow machine meets each page's time-out, not twelve pages' in one.
for (const key of [...PARTNER_AREA_PAGES, 'partnerStatus'] as const) {
  test(`the partner page ${WEB_PATHS[key]} is built`, async ({ signedIn: page }) => {
    await page.goto(webUrl(key));
    await expect(page.locator('main h1, h1.page-title').first()).toBeVisible();
  });
}

test('a staff page opens in the staff layout, with its title and the language picker in its bar', async ({ browser }) => {
  const staff = await staffSignIn(browser, 'demo.admin', 'SUMMARY', /\/summarypage$/);
  await staff.goto(webUrl('customerRegistration'));
  await expect(staff.getByRole('heading', { name: 'Customer Registration' })).toBeVisible();
  await expect(staff.getByRole('navigation', { name: 'Dashboard' }).getByRole('combobox', { name: 'Language' })).toBeVisible();
  await expect(staff.getByRole('button', { name: 'Register a customer' })).toBeVisible();
  // The bar's menu goes to the other staff pages this member may open.
  const bar = staff.getByRole('navigation', { name: 'Dashboard' });
  await bar.getByRole('button', { name: 'Staff pages' }).click();
  const pages = bar.getByRole('navigation', { name: 'The staff pages you may open' });
  await expect(pages.getByRole('link')).toHaveCount(14);
  await pages.getByRole('link', { name: 'Vendor Details' }).click();
  await expect(staff).toHaveURL(/\/VendorDetails$/);
  await expect(staff.getByRole('heading', { name: 'Vendor Details', level: 1 })).toBeVisible();
});

test.describe('route guards for a signed-in partner', () => {
  test('home and login send a signed-in user to the dashboard', async ({ signedIn: page }) => {
    for (const path of [`${WEB_BASE_PATH}/`, webUrl('home'), webUrl('login')]) {
      await page.goto(path);
      await expect(page).toHaveURL(pageUrl('dashboard'));
    }
  });

  test('status Edit may open onboarding details but not the preview', async ({ signedIn: page }) => {
    await page.goto(webUrl('onboardingDetails'));
    await expect(page.getByRole('heading', { name: 'Onboarding Details' })).toBeVisible();
    await page.goto(webUrl('onboardingDetailPreview'));
    // Blocked users go to /home, which sends a signed-in user on to the dashboard.
    await expect(page).toHaveURL(pageUrl('dashboard'));
  });

  for (const staffPage of ['customerRegistration', 'workbench', 'forensicsDashboard'] as const)
    test(`a partner is refused ${staffPage} with the access-denied alert`, async ({ signedIn: page }) => {
      await page.goto(webUrl(staffPage));
      await expect(page.getByRole('alert')).toHaveText(
        'Access Denied!. You are not allowed to access the requested page. please contact support',
      );
      // Nothing of the staff page showed behind the alert.
      await expect(page.getByRole('table')).toHaveCount(0);
      await page.getByRole('button', { name: 'Ok' }).click();
      await expect(page).toHaveURL(new RegExp(`${EXTERNAL_LOGIN_PATH}$`));
    });

  test('the partner area uses the partner header and sidebar; /partnerDashboard reaches it too', async ({
    signedIn: page,
    partner,
  }) => {
    // Paths match case-insensitively (spec section 2): the spelling of the spec's menu reaches the page.
    await page.goto(`${WEB_BASE_PATH}/partnerDashboard`);
    await expect(page.getByRole('heading', { name: 'Partner Portal - PartnerDashboard' })).toBeVisible();
    await expect(
      page.getByRole('complementary', { name: 'Partner menu' }).getByText(partner.partner.organizationName),
    ).toBeVisible();
    await page.getByRole('complementary', { name: 'Partner menu' }).getByRole('link', { name: 'Order Summary' }).click();
    await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toContainText('Order Summary');
    // The partner header has the language picker too; the choice stays for the rest of the visit.
    const header = page.getByRole('banner');
    await header.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await expect(header.getByRole('heading', { name: 'पार्टनर पोर्टल - पार्टनर डैशबोर्ड' })).toBeVisible();
    await header.getByRole('combobox', { name: 'भाषा' }).selectOption('en');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(pageUrl('home'));
  });
});
