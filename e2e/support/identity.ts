import { webUrl } from '@pp/contract';
import { expect, type Browser, type Page } from '@playwright/test';
import { watchContext } from './fixtures.ts';
import type { RegisterBody } from '@pp/contract';

/**
 * Reads the newest message to a recipient on the dev mailbox page, in a tab of its own; with
 * `since`, only a message sent after that moment counts (an older one may still be listed).
 */
export async function readMailbox(browser: Browser, recipient: string, pattern: RegExp, since?: Date): Promise<string> {
  const context = await browser.newContext();
  await watchContext(context);
  const page = await context.newPage();
  try {
    await page.goto(webUrl('mailbox'));
    await page.getByLabel('Recipient').fill(recipient);
    let found = '';
    await expect(async () => {
      const messages = page.getByRole('article').filter({ hasText: recipient }).filter({ hasText: pattern });
      const texts = await messages.evaluateAll(
        (nodes, after) =>
          nodes
            .filter((n) => !after || new Date(n.querySelector('time')!.getAttribute('datetime')!).getTime() >= after)
            .map((n) => n.textContent ?? ''),
        since ? since.getTime() - 1000 : 0,
      );
      expect(texts.length).toBeGreaterThan(0);
      found = texts[0]!.match(pattern)![1]!;
    }).toPass({ timeout: 15_000 });
    return found;
  } finally {
    await context.close();
  }
}

/** Fills the four steps of /registration and stops on the verify screen. */
export async function fillRegistrationSteps(page: Page, a: RegisterBody) {
  await page.goto(webUrl('registration'));
  await expect(page.getByRole('heading', { name: 'KYP details' })).toBeVisible();
  await page.getByLabel('Country').selectOption({ label: 'India' });
  await page.getByLabel('Permanent Account Number (PAN)').fill(a.nationalId);
  await page.getByLabel('DUNS number').fill(a.dunsNumber!);
  await page.getByLabel('DUNS number').blur();
  await expect(page.getByText('PAN is valid.')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Contact details' })).toBeVisible();
  await page.getByLabel('Coordination person name').fill(a.coordinationPerson);
  await page.getByLabel('Mobile number').fill(a.mobileNumber);
  await page.getByLabel('E-mail').fill(a.email);
  await page.getByLabel('Organisation name').fill(a.organizationName);
  await page.getByLabel('Designation').fill(a.designation);
  await page.getByLabel('Website').fill(a.website!);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Business profile' })).toBeVisible();
  await page.getByLabel('Partner for').selectOption({ label: 'Meridian Engineering & Construction' });
  await page.getByLabel('Primary business').selectOption({ label: 'Supplier' });
  await page.getByLabel('Primary category').selectOption({ label: 'Structural Steel' });
  await page.getByLabel('Primary sub-category').selectOption({ label: 'TMT Bars' });
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { name: 'Credentials' })).toBeVisible();
  await page.getByLabel('Username').fill(a.username);
  await expect(page.getByText('Username Available')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(a.password);
  await page.getByLabel('Re-enter password').fill(a.password);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your mobile number and accept the terms' })).toBeVisible();
}

export async function login(page: Page, username: string, password: string) {
  await page.goto(webUrl('login'));
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The page's status message; the global spinner (also role=status) is left out, as it may be up meanwhile. */
export function message(page: Page) {
  return page.getByRole('status').filter({ hasNotText: 'Loading…' });
}
