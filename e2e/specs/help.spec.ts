import { webUrl } from '@pp/contract';
import { expect, test } from '../support/fixtures.ts';
import { readMailbox } from '../support/identity.ts';
import { pickFile } from '../support/onboarding.ts';

const ISSUE = 'Our registration stops at the business profile step with an error, every time we try it.';

test('a visitor asks support: e-mail OTP from the mailbox, verify, submit; the same address is then pointed to its open query', async ({
  page,
  browser,
}) => {
  // Three trips to the mailbox, each a page of its own, beside the support form's.
  test.setTimeout(120_000);
  const email = `visitor.${Date.now()}@example.org`;
  await page.goto(webUrl('home'));
  await page.getByRole('button', { name: 'Support' }).click();
  const modal = page.getByRole('dialog', { name: 'Ask Partner Portal support' });
  await modal.getByLabel('Name').fill('Kiran & Sons');
  await modal.getByLabel('E-mail').fill('kiran@meridianec.com');
  await modal.getByRole('button', { name: 'Send OTP' }).click();
  // A field's error (marked 'Error:') or the form's: the spec's words either way.
  await expect(
    modal.getByRole('alert').filter({ hasText: 'Email id of this domain are not allowed. Kindly use helpdesk.' }),
  ).toBeVisible();

  await modal.getByLabel('E-mail').fill(email);
  await modal.getByLabel('Describe your issue').fill(ISSUE);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByRole('alert').filter({ hasText: 'Kindly verify Email OTP and try again' })).toBeVisible();

  const since = new Date();
  await modal.getByRole('button', { name: 'Send OTP' }).click();
  await expect(modal.getByRole('status')).toHaveText(`OTP has been sent to ${email}. Kindly enter OTP and verify.`);
  const code = await readMailbox(browser, email, /\b(\d{5}) is your OTP to send a query/, since);
  await modal.getByLabel('E-mail OTP').fill(code);
  await modal.getByRole('button', { name: 'Verify' }).click();
  await expect(modal.getByText('E-mail verified')).toBeVisible();
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    'Your query has been submitted please check email for updates on your query',
  );
  await readMailbox(browser, email, /We have received your query (PQ\d{7})/);

  // Closing forgets the form; asking again from the same address finds the open query.
  await modal.getByRole('button', { name: 'Close' }).last().click();
  await page.getByRole('button', { name: 'Support' }).click();
  await expect(modal.getByLabel('Describe your issue')).toHaveValue('');
  await modal.getByLabel('Name').fill('Kiran & Sons');
  await modal.getByLabel('E-mail').fill(email);
  await modal.getByRole('button', { name: 'Send OTP' }).click();
  const second = await readMailbox(browser, email, /\b(\d{5}) is your OTP to send a query/, new Date(Date.now() - 2_000));
  await modal.getByLabel('E-mail OTP').fill(second);
  await modal.getByRole('button', { name: 'Verify' }).click();
  // Verified before it is sent: a Submit pressed while the check is on its way is told to verify first.
  await expect(modal.getByText('E-mail verified')).toBeVisible();
  await modal.getByLabel('Describe your issue').fill(ISSUE);
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(
    modal.getByRole('alert').filter({
      hasText: 'Open chat with this email already exists kindly check existing email notifications to find link to the chat',
    }),
  ).toBeVisible();
});

test('a signed-in partner asks support without an OTP, its name and e-mail locked, with an attachment', async ({
  signedIn: page,
  partner,
  db,
}) => {
  await page.goto(webUrl('partnerSummary'));
  await page.getByRole('button', { name: 'Support' }).click();
  const modal = page.getByRole('dialog', { name: 'Ask Partner Portal support' });
  await expect(modal.getByLabel('E-mail')).toHaveValue(partner.partner.email);
  await expect(modal.getByLabel('E-mail')).toHaveAttribute('readonly', '');
  await expect(modal.getByRole('button', { name: 'Send OTP' })).toHaveCount(0);
  await modal.getByLabel('Describe your issue').fill(ISSUE);
  await pickFile(page, 'support-attachment', 'error-screen.pdf');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await expect(modal.getByRole('status')).toHaveText(
    'Your query has been submitted please check email for updates on your query',
  );
  const query = await db.partnerQuery.findFirstOrThrow({ where: { partnerId: partner.partner.id } });
  expect(query).toMatchObject({
    source: 'SUPPORT_FORM',
    partnerEmailId: partner.partner.email.toLowerCase(),
    siteUrl: webUrl('partnerSummary'),
  });
  expect(query.attachmentDocId).not.toBeNull();
});

test('the help-guides flap lists the page’s videos and plays one; a page without guides says so; staff pages have no flaps', async ({
  page,
}) => {
  await page.goto(webUrl('home'));
  await page.getByRole('button', { name: 'Help guides' }).click();
  const panel = page.getByRole('complementary', { name: 'Video guides for this page' });
  await panel.getByRole('button', { name: /Registering as a partner/ }).click();
  const video = panel.getByLabel('Registering as a partner');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(3);

  await page.goto(webUrl('mailbox'));
  await expect(page.getByRole('button', { name: 'Help guides' })).toHaveCount(0);
  await page.goto(webUrl('emailVerification'));
  await page.getByRole('button', { name: 'Help guides' }).click();
  await expect(page.getByText('No guides available for this page!')).toBeVisible();
  await page.goto(webUrl('groupSso'));
  await expect(page.getByRole('button', { name: 'Support' })).toHaveCount(0);
});
