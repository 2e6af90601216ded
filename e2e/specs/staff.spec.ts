import { expect, test, pageUrl } from '../support/fixtures.ts';
import { EXTERNAL_LOGIN_PATH } from '../playwright.config.ts';

test("staff sign in through the group's sign-in stand-in and land on the job's page; the ticket works once", async ({ page }) => {
  await page.goto(`${EXTERNAL_LOGIN_PATH}?job=WORKBENCH`);
  await expect(page.getByRole('heading', { name: 'Group staff sign-in' })).toBeVisible();
  await page.getByLabel('Staff user name').fill('demo.buyer');
  await page.getByLabel('Password').fill('Demo@1234');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(pageUrl('workbench'));
  await expect(page.getByRole('heading', { name: 'Workbench' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: /Search by organisation/ })).toBeVisible();

  // The address /getsession was opened with, replayed in another tab: no session.
  const getsession = await page.evaluate(() => performance.getEntriesByType('navigation').map((e) => e.name));
  const replayUrl = getsession.find((u) => u.includes('/getsession?')) ?? '';
  expect(replayUrl).toContain('AuditNo=');
  const other = await page.context().newPage();
  await other.goto(replayUrl.replace(/^http:\/\/localhost:\d+/, ''));
  await expect(other.getByRole('alert')).toHaveText('This sign-in link is not valid any more. Please sign in again.');
  await expect(other.getByRole('link', { name: 'Sign in again' })).toBeVisible();
});

test('a partner cannot use the staff sign-in', async ({ page, partner }) => {
  await page.goto(EXTERNAL_LOGIN_PATH);
  await page.getByLabel('Staff user name').fill(partner.username);
  await page.getByLabel('Password').fill(partner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('This sign-in is for group staff. Partners log in on the portal.');
});
