import { SESSION_KEYS, api, requestNumberOf, webUrl } from '@pp/contract';
import { callApi, httpInjector } from '@pp/testing/call-api';
import { completeDomesticProfile } from '@pp/testing/complete-profile';
import type { Db } from '@pp/db';
import { TEST_PASSWORD, createPartnerUser } from '@pp/testing/factories';
import { clientAddress, expect, pageUrl, test, watchContext } from '../support/fixtures.ts';
import { login } from '../support/identity.ts';
import { staffSignIn } from '../support/staff.ts';
import { submitForApproval, uniquePan } from '../support/onboarding.ts';
import { BASE_URL } from '../playwright.config.ts';

/** A partner whose SUP profile of company 1 is approved: its newest request is an approved onboarding. */
async function approvedPartner(db: Db) {
  const made = await createPartnerUser(db, { onboardStatus: 'Approved' });
  const profile = await db.onboardingProfile.findFirstOrThrow({ where: { partnerId: made.partner.id } });
  const requestNumber = requestNumberOf('ONBOARDING', 1, new Date(), 900_000 + (Date.now() % 90_000));
  await db.workflowRequest.create({
    data: {
      requestNumber,
      flow: 'ONBOARDING',
      state: 'APPROVED',
      desk: null,
      companyCode: 1,
      profileId: profile.id,
      partnerId: made.partner.id,
      title: `${made.partner.organizationName} ${made.partner.partnerNumber}`,
      submittedAt: new Date(),
    },
  });
  return { ...made, profile, requestNumber };
}

test('an admin finds a partner in the vendor master by its PAN, reads its master data and starts a re-KYC', async ({
  browser,
  db,
}) => {
  // An approved partner whose profile registered a PAN.
  const { requestNumber: approved, profile, ...made } = await approvedPartner(db);
  const pan = `VNDRX${String(Date.now()).slice(-4)}Z`;
  await db.partnerIdentifier.create({
    data: { kind: 'PAN', value: pan, partnerId: made.partner.id, profileId: profile.id },
  });

  const page = await staffSignIn(browser, 'demo.admin', '', /\/summarypage$/);
  await page.goto(webUrl('vendorDetails'));
  await expect(page.getByRole('heading', { name: 'Vendor Details', level: 1 })).toBeVisible();
  const search = page.getByRole('region', { name: 'Partners' });
  await search.getByRole('searchbox').fill(pan.toLowerCase());
  await expect(search.getByText('Searched as a PAN.')).toBeVisible();
  const row = search.getByRole('row').filter({ hasText: made.partner.partnerNumber });
  await expect(row).toContainText(made.partner.organizationName);
  await row.getByRole('button', { name: made.partner.partnerNumber }).click();

  await expect(page.getByRole('region', { name: 'Master data' })).toContainText(made.partner.email);
  await expect(page.getByRole('region', { name: 'Numbers registered' })).toContainText(pan);
  const profiles = page.getByRole('region', { name: 'Profiles and requests' });
  await expect(profiles).toContainText(approved);
  await profiles
    .getByLabel(/^Remarks for the partner/)
    .fill('Your GST registration changed: please confirm your statutory details.');
  await profiles.getByRole('button', { name: 'Start a re-KYC' }).click();
  await page.getByRole('dialog', { name: 'Start a re-KYC?' }).getByRole('button', { name: 'Ok' }).click();
  // The page's spinner is a status too while a call runs: the answer is the one that names the re-KYC.
  await expect(page.getByRole('status').filter({ hasText: 'Re-KYC' })).toContainText(/^Re-KYC RKY-1-\d{4}-\d+ started/);
  // The profile's newest request is the re-KYC now, waiting for the partner, who is told.
  await expect(profiles.getByRole('button', { name: 'Start a re-KYC' })).toHaveCount(0);
  const rekyc = await db.workflowRequest.findFirstOrThrow({ where: { partnerId: made.partner.id, flow: 'REKYC' } });
  expect(rekyc.state).toBe('REKYC_DUE');
  const notices = await db.notification.findMany({ where: { partnerId: made.partner.id } });
  expect(notices.map((n) => n.description).join('\n')).toContain(rekyc.requestNumber);
  await page.context().close();
});

test('a partner saves a bank account change as a draft; finance applies it from the vendor master and the partner is told', async ({
  browser,
  db,
}) => {
  test.setTimeout(120_000);
  const { username, partner, requestNumber, profile } = await approvedPartner(db);
  const accountNumber = `7${String(Date.now()).slice(-11)}`;

  const context = await browser.newContext({ extraHTTPHeaders: clientAddress() });
  await watchContext(context);
  const partnerPage = await context.newPage();
  await login(partnerPage, username, TEST_PASSWORD);
  await expect(partnerPage).toHaveURL(pageUrl('partnerDashboard'));
  await partnerPage.goto(webUrl('partnerProfile'));
  const draft = partnerPage.getByRole('region', { name: 'Bank account change (draft)' });
  await draft.getByLabel('Account holder name', { exact: true }).fill(partner.organizationName);
  await draft.getByLabel('Account number', { exact: true }).fill(accountNumber);
  await draft.getByLabel('Confirm account number', { exact: true }).fill(accountNumber);
  await draft.getByLabel('IFSC', { exact: true }).fill('SBIN0000018');
  // The look-up's note appears under the field when it blurs and moves the button down: let it
  // land before the click, or the press and the release fall on different places.
  await draft.getByLabel('IFSC', { exact: true }).blur();
  await expect(draft.getByLabel('Bank', { exact: true })).toHaveValue(/State Bank of India/i);
  await draft.getByRole('button', { name: 'Save draft' }).click();
  await expect(draft).toContainText('Draft saved');

  // The admin holds the vendor master and the bank permission.
  const admin = await staffSignIn(browser, 'demo.admin', '', /\/summarypage$/);
  await admin.goto(webUrl('vendorDetails', { partnerNumber: partner.partnerNumber }));
  const drafts = admin.getByRole('region', { name: 'Drafts saved by the partner' });
  await expect(drafts).toContainText(`Account ${accountNumber} · IFSC SBIN0000018`);
  await expect(admin.getByLabel('Profile the actions apply to')).toHaveValue(requestNumber);
  const actions = admin.getByRole('region', { name: 'Admin actions' });
  await actions.getByLabel('Action', { exact: true }).selectOption({ label: "Apply the partner's bank draft" });
  const form = actions.getByRole('form', { name: "Apply the partner's bank draft" });
  await form.getByLabel('Remarks').fill('Cancelled cheque verified with the bank.');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByRole('status')).toBeVisible();
  await expect(drafts).toHaveCount(0);
  await expect(actions.getByRole('list', { name: 'Admin actions taken' })).toContainText("Apply the partner's bank draft");

  const accounts = await db.onboardingRow.findMany({ where: { profileId: profile.id, listName: 'bankAccounts' } });
  expect(accounts.map((a) => (a.data as { accountNumber: string }).accountNumber)).toContain(accountNumber);
  await partnerPage.goto(webUrl('partnerReminder'));
  await expect(
    partnerPage.getByText(`Your bank account ${accountNumber} saved as a draft has been applied to your profile.`),
  ).toBeVisible();
  await context.close();
  await admin.context().close();
});

test('a re-KYC started from the vendor master is answered by the partner, whose Submit sends it to the buyer', async ({
  signedIn: partnerPage,
  partner,
  browser,
  db,
}) => {
  test.setTimeout(180_000);
  // A complete profile, submitted and approved (the desks' journey is workflow.spec's).
  const token = await partnerPage.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token);
  const http = httpInjector(BASE_URL);
  const headers = { authorization: `Bearer ${token}` };
  await completeDomesticProfile(http, headers, { pan: uniquePan() });
  const submitted = await callApi(http, api.onboarding.submit, { params: { companyCode: 1, categoryCode: 'SUP' }, headers });
  const { requestNumber } = submitted.json().response;
  const request = await db.workflowRequest.update({ where: { requestNumber }, data: { state: 'APPROVED', desk: null } });
  await db.onboardingProfile.update({ where: { id: request.profileId! }, data: { status: 'Approved' } });

  const admin = await staffSignIn(browser, 'demo.admin', '', /\/summarypage$/);
  await admin.goto(webUrl('vendorDetails', { partnerNumber: partner.partner.partnerNumber }));
  const profiles = admin.getByRole('region', { name: 'Profiles and requests' });
  await profiles.getByLabel(/^Remarks for the partner/).fill('Please confirm your bank details for this year.');
  await profiles.getByRole('button', { name: 'Start a re-KYC' }).click();
  await admin.getByRole('dialog', { name: 'Start a re-KYC?' }).getByRole('button', { name: 'Ok' }).click();
  // The page's spinner is a status too while a call runs: the answer is the one that names the re-KYC.
  await expect(admin.getByRole('status').filter({ hasText: 'Re-KYC' })).toContainText(/^Re-KYC RKY-1-\d{4}-\d+ started/);
  const rekyc = await db.workflowRequest.findFirstOrThrow({ where: { partnerId: partner.partner.id, flow: 'REKYC' } });

  // The partner's profile is its to confirm again: the same Submit answers the re-KYC.
  await partnerPage.goto(webUrl('onboardingDetails'));
  await submitForApproval(partnerPage);
  await expect(partnerPage).toHaveURL(/\/onboardingDetailPreview$/);
  await expect(partnerPage.getByRole('status').filter({ hasText: 'Request number' })).toContainText('Submitted, under review');
  await expect
    .poll(async () => (await db.workflowRequest.findUniqueOrThrow({ where: { id: rekyc.id } })).state)
    .toBe('BUYER_REVIEW');
  // Back on the vendor master, the profile's newest request is the re-KYC at the buyer's desk.
  await admin.reload();
  await expect(profiles).toContainText(rekyc.requestNumber);
  await expect(profiles).toContainText('Buyer review');
  await admin.context().close();
});
