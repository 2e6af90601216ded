import { MESSAGES, webUrl } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { login } from '../support/identity.ts';

// Puts the whole database back as seeded, so it runs in its own project after every other journey (playwright.config.ts).
test('the control page puts the whole stack back as seeded: a partner made since is gone, the seeded ones stay', async ({
  page,
}) => {
  await page.goto(webUrl('devtools'));
  const scenarios = page.getByRole('region', { name: 'Scenarios' });
  await scenarios.getByRole('combobox', { name: 'Scenario' }).selectOption('registered');
  await scenarios.getByRole('button', { name: 'Make a partner' }).click();
  const row = scenarios.getByRole('row').filter({ hasText: 'registered' }).first();
  await expect(row).toBeVisible({ timeout: 30_000 });
  const username = (await row.locator('code').nth(1).textContent())!;

  const saved = page.getByRole('region', { name: 'Saved states of the whole stack' });
  await saved.getByRole('button', { name: 'Put back "default"' }).click();
  await saved.getByRole('alert').getByRole('button', { name: 'Yes, put back "default"' }).click();
  await expect(saved.getByRole('status')).toContainText(/Put back "default" in [\d.]+ s: \d+ of \d+ tables had changed/, {
    timeout: 60_000,
  });
  await expect(scenarios.getByText('No scenario partners yet.')).toBeVisible();

  await login(page, username, 'Demo@1234');
  await expect(page.getByRole('alert')).toHaveText(MESSAGES.invalidCredentials);
  await login(page, 'demo.partner', 'Demo@1234');
  await expect(page).not.toHaveURL(/\/login/);
});
