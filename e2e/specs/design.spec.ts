import { webUrl } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { staffSignIn } from '../support/staff.ts';

/**
 * The design page is the shared components' gallery: a change to a component that changes how it
 * looks fails this comparison until the new pictures are approved (npx playwright test -c
 * e2e/playwright.config.ts specs/design.spec.ts --update-snapshots, then look at them).
 */
test('the design page draws the shared components as approved, in English and in Hindi', async ({ browser }) => {
  // A staff page: a visitor is sent to the group's sign-in.
  const visitor = await browser.newPage();
  await visitor.goto(webUrl('designPage'));
  await expect(visitor.getByRole('heading', { name: 'Group staff sign-in' })).toBeVisible();
  await visitor.close();

  const page = await staffSignIn(browser, 'demo.admin', 'SUMMARY', /\/summarypage$/);
  await page.goto(webUrl('designPage'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Design page');
  // Every field of the checked form says what is wrong, and the form's own alert what the server said.
  const checked = page.getByRole('form', { name: /^Empty, then checked/ });
  await expect(checked.getByRole('alert')).toHaveCount(7);
  await expect(page.getByRole('form', { name: 'Filled in and valid' }).getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Numbers that became shared, by month' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Support' })).toBeVisible();
  await expect(page).toHaveScreenshot('design-en.png', { fullPage: true, maxDiffPixelRatio: 0.002 });

  await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('डिज़ाइन पृष्ठ');
  const checkedHi = page.getByRole('form', { name: /^खाली, फिर जाँचा गया/ });
  await expect(checkedHi.getByRole('alert').first()).toContainText(/[\u0900-\u097F]/);
  await expect(page).toHaveScreenshot('design-hi.png', { fullPage: true, maxDiffPixelRatio: 0.002 });

  await page.getByRole('button', { name: 'मोडल खोलें' }).click();
  const dialog = page.getByRole('dialog', { name: 'पार्टनर पोर्टल' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveScreenshot('design-modal-hi.png');
  await dialog.getByRole('button', { name: 'रद्द करें' }).click();
  await expect(dialog).toHaveCount(0);
});
