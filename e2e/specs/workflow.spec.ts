import { api, SESSION_KEYS, webUrl } from '@pp/contract';
import { callApi, httpInjector } from '@pp/testing/call-api';
import { completeDomesticProfile } from '@pp/testing/complete-profile';
import { expect, test } from '../support/fixtures.ts';
import { act, staffSignIn } from '../support/staff.ts';
import { login } from '../support/identity.ts';
import { gstinOf, submitForApproval, uniquePan } from '../support/onboarding.ts';
import { BASE_URL } from '../playwright.config.ts';

test('a submitted profile goes through every desk: sent back by the buyer, fixed and resubmitted by the partner, forwarded, approved by the approver and by finance; the partner then lands on its dashboard', async ({
  signedIn: partnerPage,
  partner,
  browser,
}) => {
  // Five desks in three browsers: 1.8 min on CI's machine, 3.2 min on a loaded one.
  test.setTimeout(360_000);
  const { partnerNumber } = partner.partner;
  // The profile is filled through the API with the partner's own session (the onboarding journey fills it through the forms).
  const token = await partnerPage.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token);
  await completeDomesticProfile(httpInjector(BASE_URL), { authorization: `Bearer ${token}` }, { pan: uniquePan() });

  // The partner submits in its browser.
  await partnerPage.goto(webUrl('onboardingDetails'));
  await submitForApproval(partnerPage);
  await expect(partnerPage).toHaveURL(/\/onboardingDetailPreview$/);
  const status = await partnerPage.getByRole('status').filter({ hasText: 'Request number' }).textContent();
  const requestNumber = /ONB-1-\d{4}-\d{6}/.exec(status ?? '')?.[0] ?? '';
  expect(requestNumber).not.toBe('');
  const summary = webUrl('summaryPage', { requestNumber });

  // The segregator finds it on its desk, reviews the profile, its documents and statutory look-ups, and passes it on.
  const segregator = await staffSignIn(browser, 'demo.segregator', 'SEGREGATION', /\/segregator$/);
  await expect(segregator.getByRole('heading', { level: 1 })).toHaveText('Segregator');
  await segregator.getByRole('searchbox').fill(partnerNumber);
  await segregator.getByRole('link', { name: `Review ${requestNumber}` }).click();
  await expect(segregator.getByRole('heading', { level: 1 })).toHaveText(`Request ${requestNumber}`);
  const checks = segregator.getByRole('table', { name: 'Statutory look-ups' });
  await expect(checks.getByRole('row', { name: /^PAN/ })).toContainText('Valid');
  // Each document under what it is, not only its file's name; the desk's page under its own name.
  const documents = segregator.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('term').filter({ hasText: /^PAN card$/ })).toBeVisible();
  await expect(documents).toContainText('pan.pdf');
  // Codes read as the forms name them.
  const generalCard = segregator.getByRole('region', { name: 'General details' });
  await expect(generalCard).toContainText('Private limited company');
  await expect(generalCard).toContainText('Maharashtra');
  const download = segregator.waitForEvent('download');
  await segregator.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'pan.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('pan.pdf');
  await act(segregator, 'Segregate and pass on', 'Categorisation');
  await expect(segregator.getByRole('region', { name: 'Your action' })).toContainText('Your role has no action');

  const categorizer = await staffSignIn(browser, 'demo.categorizer', 'CATEGORISATION', /\/Categorizer$/);
  await categorizer.goto(summary);
  await act(categorizer, 'Categorise and pass on', 'Buyer review');

  // The buyer sends it back: remarks are required, and go to the partner.
  const buyer = await staffSignIn(browser, 'demo.buyer', 'WORKBENCH', /\/Workbench$/);
  await buyer.getByRole('searchbox').fill(partnerNumber);
  await buyer.getByRole('link', { name: `Review ${requestNumber}` }).click();
  await expect(
    buyer.getByRole('region', { name: 'Your action' }).getByRole('button', { name: 'Send back to the partner' }),
  ).toBeDisabled();
  await act(buyer, 'Send back to the partner', 'Sent back', 'Please give the number of employees as on 31 March.');

  // The partner reads the remarks on the dashboard, fixes general details and resubmits.
  await partnerPage.goto(webUrl('dashboard'));
  const notice = partnerPage.getByTestId('request-notice');
  await expect(notice).toContainText('Please give the number of employees as on 31 March.');
  await notice.getByRole('link', { name: 'Fix and resubmit' }).click();
  await expect(partnerPage).toHaveURL(/\/onboardingDetails$/);
  await partnerPage.locator('#general-employees').fill('57');
  const general = partnerPage.locator('form', { has: partnerPage.locator('#general-employees') });
  await general.getByRole('button', { name: 'Save draft' }).click();
  await expect(general.getByRole('status')).toHaveText('Saved');
  await submitForApproval(partnerPage);
  await expect(partnerPage).toHaveURL(/\/onboardingDetailPreview$/);

  // Back at the buyer's desk (the one that sent it back), with the fix and the whole history.
  await buyer.reload();
  await expect(buyer.getByRole('status').filter({ hasText: 'State:' })).toContainText('State: Buyer review');
  await expect(buyer.getByRole('region', { name: 'General details' })).toContainText('57');
  const history = buyer.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(6);
  await expect(history).toContainText('Please give the number of employees as on 31 March.');
  // Each step names its actor and role once.
  await expect(history).toContainText('Anita Sharma (Buyer)');
  await expect(history).not.toContainText('(Buyer) (Buyer)');
  await act(buyer, 'Forward for approval', 'Approval');

  const approver = await staffSignIn(browser, 'demo.approver', 'APPROVAL', /\/partnerApprovalPage$/);
  await expect(approver.getByRole('heading', { level: 1 })).toHaveText('Partner Approval');
  await approver.getByRole('searchbox').fill(partnerNumber);
  await approver.getByRole('link', { name: `Review ${requestNumber}` }).click();
  await expect(approver).toHaveURL(new RegExp(`/partnerApprovalPage\\?requestNumber=${requestNumber}$`));
  await act(approver, 'Approve', 'Finance approval');

  const finance = await staffSignIn(browser, 'demo.finance', 'WORKBENCH', /\/Workbench$/);
  await finance.goto(summary);
  await act(finance, 'Approve', 'Approved');

  // Approved: the partner's next login lands on the partner dashboard, and the unread notices of
  // the way there send it on to Alerts & Reminders, where the approval is the newest.
  await partnerPage.evaluate(() => sessionStorage.clear());
  await login(partnerPage, partner.username, partner.password);
  await expect(partnerPage).toHaveURL(/\/partnerreminder$/);
  await expect(partnerPage.getByTestId('notification').first()).toContainText('approved');
});

test('an admin corrects a submitted profile from the summary page, and the audit shows it', async ({
  signedIn: partnerPage,
  browser,
}) => {
  const token = await partnerPage.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token);
  const pan = uniquePan();
  const http = httpInjector(BASE_URL);
  const headers = { authorization: `Bearer ${token}` };
  await completeDomesticProfile(http, headers, { pan });
  const submitted = await callApi(http, api.onboarding.submit, { params: { companyCode: 1, categoryCode: 'SUP' }, headers });
  const { requestNumber } = submitted.json().response;

  const admin = await staffSignIn(browser, 'demo.admin', 'SUMMARY', /\/summarypage$/);
  await admin.goto(webUrl('summaryPage', { requestNumber }));
  const card = admin.getByRole('region', { name: 'Admin actions' });
  await card.getByLabel('Action', { exact: true }).selectOption({ label: 'Activate GST' });
  await card.getByLabel('GSTIN').selectOption(gstinOf(pan));
  await card.getByLabel(/^Remarks/).fill('Checked on the GST portal');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByRole('status')).toHaveText('Done. The change is recorded in the admin audit.');
  await expect(card.getByRole('list', { name: 'Admin actions taken' })).toContainText('Activate GST');
  await expect(card.getByRole('list', { name: 'Admin actions taken' })).toContainText('Checked on the GST portal');
  await expect(admin.getByRole('region', { name: 'GST registrations' })).toContainText(/\d{4}-\d{2}-\d{2}T/);

  // A value the action's schema refuses is marked on its field before anything is sent.
  await card.getByLabel('Action', { exact: true }).selectOption({ label: 'Update grace period' });
  await card.getByLabel(/^Grace period/).fill('400');
  await card.getByRole('button', { name: 'Apply' }).click();
  await expect(card.getByRole('alert')).toContainText('Must be at most 180');
  await expect(card.getByLabel(/^Grace period/)).toHaveAttribute('aria-invalid', 'true');
});
