import { MESSAGES } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { staffSignIn } from '../support/staff.ts';

test('staff open the group’s procurement system signed in, once per ticket', async ({ browser }) => {
  const page = await staffSignIn(browser, 'demo.buyer', '', /\/Workbench$/);
  const opened = page.context().waitForEvent('page');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'Procurement system' }).click();
  const procurement = await opened;
  await expect(procurement).toHaveURL(/\/procurement\?ticket=/);
  await expect(procurement.getByRole('heading', { name: 'Procurement system' })).toBeVisible();
  // The page's spinner is a status too while a call runs: the answer is the one that says who signed in.
  await expect(procurement.getByRole('status').filter({ hasText: 'Signed in as' })).toContainText(
    /^Signed in as .+ for Meridian/,
  );
  // The ticket is spent: the same address again signs nobody in.
  await procurement.reload();
  await expect(procurement.getByRole('alert')).toHaveText(MESSAGES.ssoTicketInvalid);
  await page.context().close();
});
