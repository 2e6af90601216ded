import type { Browser, Page } from '@playwright/test';
import { EXTERNAL_LOGIN_PATH } from '../playwright.config.ts';
import { clientAddress, expect, watchContext } from './fixtures.ts';

/** A staff member in a browser of its own, signed in through the group's sign-in stand-in for a job. */
export async function staffSignIn(
  browser: Browser,
  username: string,
  job: string,
  landing: RegExp,
  headers: Record<string, string> = {},
): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { ...clientAddress(), ...headers } });
  await watchContext(context);
  const page = await context.newPage();
  await page.goto(`${EXTERNAL_LOGIN_PATH}?job=${job}`);
  await page.getByLabel('Staff user name').fill(username);
  await page.getByLabel('Password').fill('Demo@1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Three documents, each with its own start: the stand-in, /getsession's exchange, the landing page.
  await expect(page).toHaveURL(landing, { timeout: 45_000 });
  return page;
}

/** Takes an action from the summary page's action card, with remarks when given, and waits for the new state. */
export async function act(page: Page, button: string, state: string, remarks?: string) {
  const card = page.getByRole('region', { name: 'Your action' });
  if (remarks) await card.getByLabel(/^Remarks/).fill(remarks);
  await card.getByRole('button', { name: button }).click();
  // Confirmed in a modal that names where the request goes.
  const confirm = page.getByRole('dialog', { name: `${button}?` });
  await expect(confirm).toContainText(`moves to “${state}”`);
  await confirm.getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'State:' })).toContainText(`State: ${state}`);
}
