import { bankIdentifier } from '@pp/contract';
import { createPartnerUser } from '@pp/testing/factories';
import { expect, test } from '../support/fixtures.ts';
import { staffSignIn } from '../support/staff.ts';

test('forensics staff find two partners sharing a bank account and mark the pair a duplicate', async ({ browser, db }) => {
  // Two partners whose submitted profiles registered one account (what a profile's save records).
  const account = bankIdentifier('HDFC0000001', String(Date.now()).padStart(14, '9'));
  const partners = [];
  for (let i = 0; i < 2; i++) {
    const made = await createPartnerUser(db, { onboardStatus: 'View' });
    const profile = await db.onboardingProfile.findFirstOrThrow({ where: { partnerId: made.partner.id } });
    await db.partnerIdentifier.create({
      data: { kind: 'BANK', value: account, partnerId: made.partner.id, profileId: profile.id },
    });
    partners.push(made.partner);
  }
  const [first, second] = partners as [(typeof partners)[0], (typeof partners)[0]];

  const page = await staffSignIn(browser, 'demo.forensics', '', /\/ForensicsDashboard$/);
  await expect(page.getByRole('heading', { name: 'Forensics Dashboard' })).toBeVisible();
  const bankCard = page.getByTestId('kind-bank');
  await expect(bankCard).toContainText(/numbers? held by more than one partner/);
  await expect(page.getByRole('img', { name: 'Numbers that became shared, by month' })).toBeVisible();
  await bankCard.getByRole('link', { name: 'See the pairs sharing a Bank account' }).click();

  await expect(page.getByRole('heading', { name: 'Partner Forensics' })).toBeVisible();
  await page.getByRole('searchbox', { name: /Search by number/ }).fill(account);
  const table = page.getByRole('table', { name: 'Partners sharing a Bank account' });
  const row = table.getByRole('row').filter({ hasText: account });
  await expect(row).toContainText(first.organizationName);
  await expect(row).toContainText(second.organizationName);
  await expect(row.getByText('Not reviewed')).toBeVisible();

  await row.getByRole('button', { name: `Review ${first.partnerNumber} and ${second.partnerNumber}` }).click();
  const form = page.getByRole('form', { name: `Review ${first.partnerNumber} and ${second.partnerNumber}` });
  await form.getByLabel('Verdict').selectOption('DUPLICATE');
  await form.getByLabel(/^Remarks/).fill('Same directors and registered address: one business registered twice.');
  await form.getByRole('button', { name: 'Save review' }).click();
  // The page's spinner is a status too while a call runs: the answer is the one that names the review.
  await expect(page.getByRole('status').filter({ hasText: 'The review of' })).toHaveText(
    `The review of ${first.partnerNumber} and ${second.partnerNumber} is saved.`,
  );

  // Reviewed pairs leave the default "not reviewed" list and show under their verdict.
  await expect(table.getByRole('row').filter({ hasText: account })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Review' }).selectOption('DUPLICATE');
  await expect(row.getByText('Duplicate registration')).toBeVisible();
  await expect(row).toContainText('Same directors and registered address');
  expect(await db.forensicReview.count({ where: { kind: 'BANK', value: account, verdict: 'DUPLICATE' } })).toBe(1);
  await page.context().close();
});
