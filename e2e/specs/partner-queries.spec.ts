import { webUrl } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { readMailbox } from '../support/identity.ts';
import { pickFile } from '../support/onboarding.ts';
import { staffSignIn } from '../support/staff.ts';

const ISSUE = 'The invoice upload stops at ninety per cent every time we attach the signed PDF copy.';
const ANSWER = 'Please save the PDF without a password and upload it again; it then goes through.';

test('staff answer a partner’s query: the answer lands in the mailbox, the partner reads it and the query is resolved', async ({
  signedIn: page,
  partner,
  browser,
  db,
}) => {
  // Two people, the mailbox and a reload: longer than one page's journey on a loaded machine.
  test.setTimeout(180_000);
  // The partner asks through the support form, with a screenshot attached.
  await page.goto(webUrl('partnerSummary'));
  await page.getByRole('button', { name: 'Support' }).click();
  const modal = page.getByRole('dialog', { name: 'Ask Partner Portal support' });
  await modal.getByLabel('Describe your issue').fill(ISSUE);
  await pickFile(page, 'support-attachment', 'upload-error.pdf');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByRole('status')).toContainText('Your query has been submitted');
  const { referenceNumber } = await db.partnerQuery.findFirstOrThrow({ where: { partnerId: partner.partner.id } });
  await modal.getByRole('button', { name: 'Close' }).last().click();

  // A buyer finds it among the open queries and answers it.
  const staff = await staffSignIn(browser, 'demo.buyer', '', /\/Workbench$/);
  await staff.goto(webUrl('partnerQueries'));
  await expect(staff.getByRole('heading', { name: 'Partner Queries', level: 1 })).toBeVisible();
  const list = staff.getByRole('region', { name: 'Queries', exact: true });
  await list.getByRole('searchbox', { name: /Search by reference/ }).fill(referenceNumber);
  const row = list.getByRole('row').filter({ hasText: referenceNumber });
  await expect(row).toContainText('Support form');
  await expect(row).toContainText('Open');
  await row.getByRole('button', { name: referenceNumber }).click();
  await expect(staff.getByText(ISSUE)).toBeVisible();
  await expect(staff.getByRole('button', { name: 'upload-error.pdf' })).toBeVisible();
  const reply = staff.getByRole('form', { name: 'Reply' });
  await reply.getByLabel(/^Your reply/).fill(ANSWER);
  await reply.getByRole('button', { name: 'Send' }).click();
  const conversation = staff.getByRole('list', { name: 'Conversation' });
  await expect(conversation).toContainText(ANSWER);
  await expect(staff.getByText('Answered', { exact: true })).toBeVisible();

  // The answer is e-mailed to the partner's address.
  const mailed = await readMailbox(browser, partner.partner.email, new RegExp(`Re: your query (${referenceNumber})`));
  expect(mailed).toBe(referenceNumber);

  // The partner sees it answered in the support form, reads the answer and writes again.
  await page.reload();
  await page.getByRole('button', { name: 'Support' }).click();
  const mine = modal.getByRole('region', { name: 'Your queries' });
  const entry = mine.getByRole('listitem').filter({ hasText: referenceNumber }).first();
  await expect(entry).toContainText('Answered');
  await entry.getByRole('button', { name: referenceNumber }).click();
  await expect(entry.getByRole('list', { name: 'Conversation' })).toContainText(ANSWER);
  await entry.getByLabel('Write to the group').fill('Done that, it works now. Thank you.');
  await entry.getByRole('button', { name: 'Send' }).click();
  await expect(entry.getByText('Open', { exact: true })).toBeVisible();

  // Staff resolve it, after a confirmation.
  await staff.reload();
  await staff.getByRole('button', { name: 'Resolve' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Resolve?' });
  await expect(confirm).toContainText(`Query ${referenceNumber} is then resolved`);
  await confirm.getByRole('button', { name: 'Ok' }).click();
  await expect(staff.getByText('Resolved', { exact: true })).toBeVisible();
  const saved = await db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber } });
  expect(saved.status).toBe('RESOLVED');
  await staff.context().close();
});
