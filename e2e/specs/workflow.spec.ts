import { expect, test } from '../support/fixtures.ts';
import { EXTERNAL_LOGIN_PATH } from '../playwright.config.ts';

test('a segregator finds a submitted request on its desk and sends it back with remarks; the partner reads them on its dashboard', async ({
  signedIn: partnerPage,
  partner,
  db,
  browser,
}) => {
  // The partner's profile as a submit leaves it: status View, its request waiting for segregation.
  // (The onboarding journey submits through the forms; here the request is the starting point.)
  const requestNumber = `ONB-1-2026-${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const profile = await db.onboardingProfile.create({
    data: {
      partnerId: partner.partner.id,
      companyCode: 1,
      categoryCode: 'SUP',
      status: 'View',
      requestNumber,
      submittedAt: new Date(),
    },
  });
  await db.workflowRequest.create({
    data: {
      requestNumber,
      flow: 'ONBOARDING',
      state: 'SEGREGATION',
      desk: 'SEGREGATOR',
      companyCode: 1,
      profileId: profile.id,
      partnerId: partner.partner.id,
      title: `${partner.partner.organizationName} ${partner.partner.partnerNumber}`,
      submittedAt: new Date(),
    },
  });

  // The segregator, in a browser of its own, signs in through the group's sign-in.
  const staff = await (await browser.newContext()).newPage();
  await staff.goto(`${EXTERNAL_LOGIN_PATH}?job=SEGREGATION`);
  await staff.getByLabel('Staff user name').fill('demo.segregator');
  await staff.getByLabel('Password').fill('Demo@1234');
  await staff.getByRole('button', { name: 'Sign in' }).click();
  await expect(staff).toHaveURL(/\/PartnerMgmtApp\/segregator$/);
  await staff.getByRole('searchbox').fill(partner.partner.partnerNumber);
  const row = staff.getByRole('row', { name: new RegExp(requestNumber) });
  await expect(row).toContainText('Segregation');
  await row.getByRole('button', { name: `Act ${requestNumber}` }).click();

  const sendBack = staff.getByRole('button', { name: 'Send back to the partner' });
  await expect(sendBack).toBeDisabled();
  await expect(staff.getByRole('button', { name: 'Segregate and pass on' })).toBeEnabled();
  await staff.getByLabel(/^Remarks/).fill('Please upload a readable PAN card.');
  await sendBack.click();
  await expect(staff.getByRole('row', { name: new RegExp(requestNumber) })).toHaveCount(0);

  // The partner, in its own browser, sees the remarks on the dashboard and can fix the profile.
  await partnerPage.goto('/PartnerMgmtApp/dashboard');
  const notice = partnerPage.getByTestId('request-notice');
  await expect(notice).toContainText(`Your request ${requestNumber} was sent back for changes:`);
  await expect(notice).toContainText('Please upload a readable PAN card.');
  await notice.getByRole('link', { name: 'Fix and resubmit' }).click();
  await expect(partnerPage).toHaveURL(/\/onboardingDetails$/);
});
