import { expect, test, pageUrl, type Page } from '../support/fixtures.ts';
import { IDLE_TIMEOUT_MS, webUrl } from '@pp/contract';
import { EXTERNAL_LOGIN_PATH } from '../playwright.config.ts';
import { newApplicant } from '@pp/testing/factories';
import { fillRegistrationSteps, login, message, readMailbox } from '../support/identity.ts';

test('a new partner registers in four steps, verifies mobile and e-mail from the mailbox, and logs in', async ({
  page,
  browser,
}, testInfo) => {
  // Four registration steps, two OTPs from the mailbox and a sign-in: 35 s on CI's machine, over a
  // minute on a loaded one.
  test.setTimeout(150_000);
  const a = newApplicant();
  await fillRegistrationSteps(page, a);

  // Going back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Username')).toHaveValue(a.username);
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText(/OTP has been sent to \*+\d{4}/)).toBeVisible();
  const otp = await readMailbox(browser, a.mobileNumber, /(\d{6}) is your Partner Portal registration OTP/);
  await page.getByLabel('Mobile OTP').fill(otp);
  await page.getByRole('button', { name: 'VERIFY' }).click();
  await expect(page.getByRole('button', { name: 'VERIFIED' })).toBeDisabled();
  await expect(page.getByLabel('Terms and conditions', { exact: true })).toContainText('Supplier Code of Conduct');
  await page.getByLabel('I have read and accept the terms and conditions').check();
  await page.screenshot({ path: testInfo.outputPath('registration-verify.png'), fullPage: true });
  await page.getByRole('button', { name: 'Submit registration' }).click();

  await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible();
  await expect(page.getByTestId('partner-number')).toHaveText(/^P\d{7}$/);

  // Not verified yet: login says so.
  await login(page, a.username, a.password);
  await expect(page.getByRole('alert')).toContainText('Please verify your e-mail address first');

  const link = await readMailbox(browser, a.email, /(http\S+email-verification\?code=[\w-]+)/);
  await page.goto(link.replace(/^http:\/\/localhost:\d+/, ''));
  await expect(message(page)).toHaveText('Your e-mail address is verified. You can now log in.');
  await page.getByRole('link', { name: 'Go to login' }).click();

  await login(page, a.username, a.password);
  await expect(page).toHaveURL(pageUrl('dashboard'));
  await expect(page.getByText(a.organizationName).first()).toBeVisible();
});

test('a wrong OTP shows the error and keeps VERIFY', async ({ page, browser }) => {
  const a = newApplicant();
  await fillRegistrationSteps(page, a);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  const otp = await readMailbox(browser, a.mobileNumber, /(\d{6}) is your/);
  const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
  await page.getByLabel('Mobile OTP').fill(wrong);
  await page.getByRole('button', { name: 'VERIFY' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid OTP. 4 attempts left.');
  await expect(page.getByRole('button', { name: 'VERIFY' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Submit registration' })).toBeDisabled();
});

test('the registration form refuses bad input with the rule, field by field', async ({ page }) => {
  await page.goto(webUrl('registration'));
  await page.getByLabel('Permanent Account Number (PAN)').fill('12345');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Enter a valid Permanent Account Number (PAN), for example ABCDE1234F')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'KYP details' })).toBeVisible();
});

// The page's clock is Playwright's: twenty idle minutes pass at once, and the stack keeps the real time-out.
const IDLE_AND_A_CHECK_MS = IDLE_TIMEOUT_MS + 10_000;

/**
 * The page a sign-in lands on is shown, by its own heading. Any heading would do no good: the
 * address changes at once, but the login page (with its own h1) stays on screen until the next
 * page's code is here, and a page still loading its code when twenty minutes pass reports a load
 * time-out (spec section 8) instead of idling out.
 */
const landingPageShown = (page: Page, title: string) =>
  expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();

/** The page's idle clock is running (its watcher loads after sign-in): only then may a journey move time. */
const idleClockRuns = (page: Page) => expect(page.locator('html[data-idle-watch="on"]')).toBeAttached();

test('after 20 minutes idle the user is back on the login page with the idle message', async ({ page }) => {
  await page.clock.install();
  await login(page, 'demo.partner', 'Demo@1234');
  await expect(page).toHaveURL(/\/dashboard$/);
  await landingPageShown(page, 'Onboarding Dashboard');
  await idleClockRuns(page);
  await page.clock.runFor(IDLE_TIMEOUT_MS - 60_000);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.clock.runFor(IDLE_AND_A_CHECK_MS - (IDLE_TIMEOUT_MS - 60_000));
  await expect(page).toHaveURL(/\/login\?sourceFrom=ShowValidationMessage$/);
  await expect(page.getByTestId('idle-message')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('idle on the Summary page goes to the external login page instead, without the idle hint', async ({ page }) => {
  await page.clock.install();
  // The Summary page's code arrives late, as on a busy machine: the login page stays on screen
  // meanwhile, and twenty minutes may pass only once the Summary page itself is shown.
  await page.route('**/assets/SummaryPage-*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await route.continue();
  });
  await login(page, 'demo.admin', 'Demo@1234');
  // Admins land on the Summary page (GET /api/dashboard/redirection).
  await expect(page).toHaveURL(pageUrl('summaryPage'));
  await landingPageShown(page, 'Summary');
  await idleClockRuns(page);
  await page.clock.runFor(IDLE_AND_A_CHECK_MS);
  await expect(page).toHaveURL(new RegExp(`${EXTERNAL_LOGIN_PATH}$`));
  await expect(page.getByTestId('idle-message')).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
});

test('a partner changes the password and logs in with the new one', async ({ page, browser }) => {
  // A whole registration, then four sign-ins (each a deliberate password hash on the server): 50 s
  // on CI's machine, so the default minute left no room for a slower one.
  test.setTimeout(150_000);
  const a = newApplicant();
  await fillRegistrationSteps(page, a);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByLabel('Mobile OTP').fill(await readMailbox(browser, a.mobileNumber, /(\d{6}) is your/));
  await page.getByRole('button', { name: 'VERIFY' }).click();
  await page.getByLabel('I have read and accept the terms and conditions').check();
  await page.getByRole('button', { name: 'Submit registration' }).click();
  await expect(page.getByRole('heading', { name: 'Registration successful' })).toBeVisible();
  const link = await readMailbox(browser, a.email, /(http\S+email-verification\?code=[\w-]+)/);
  await page.goto(link.replace(/^http:\/\/localhost:\d+/, ''));
  await expect(message(page)).toContainText('verified');

  await login(page, a.username, a.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL(/\/changepassword\?origin=onboardDashboard$/);
  await page.getByLabel('Current password').fill(a.password);
  await page.getByLabel('New password', { exact: true }).fill('Renewed#2026');
  await page.getByLabel('Re-enter new password').fill('Renewed#2026');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(message(page)).toHaveText('Password changed successfully');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(pageUrl('login'));
  await login(page, a.username, a.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password.');
  await login(page, a.username, 'Renewed#2026');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a forgotten password is reset with an OTP sent by e-mail', async ({ page, browser, partner }) => {
  await page.goto(webUrl('login'));
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/resetpassword$/);
  // The login page (with its own Username field) stays until the reset page has loaded.
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Username').fill(partner.username);
  await page.getByLabel('E-mail address').check();
  const sentAt = new Date();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  // The same answer whether or not the name has an account, so the page tells no one who exists.
  await expect(message(page)).toContainText('If this user name belongs to an active account, we have sent an OTP');
  const otp = await readMailbox(browser, partner.user.email, /(\d{6}) is your Partner Portal password reset OTP/, sentAt);
  await page.getByLabel('OTP', { exact: true }).fill(otp);
  await page.getByLabel('New password', { exact: true }).fill('Renewed#2026x');
  await page.getByLabel('Re-enter new password').fill('Renewed#2026x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(message(page)).toHaveText('Your password has been reset. Please log in with the new password.');
  await login(page, partner.username, 'Renewed#2026x');
  await expect(page).toHaveURL(/\/dashboard$/);
});
