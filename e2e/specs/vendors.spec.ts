import { requestNumberOf, webUrl } from '@pp/contract';
import { createPartnerUser } from '@pp/testing/factories';
import { expect, test } from '../support/fixtures.ts';
import { staffSignIn } from '../support/staff.ts';

test('an admin finds a partner in the vendor master by its PAN, reads its master data and starts a re-KYC', async ({
  browser,
  db,
}) => {
  // An approved partner whose profile registered a PAN.
  const made = await createPartnerUser(db, { onboardStatus: 'Approved' });
  const pan = `VNDRX${String(Date.now()).slice(-4)}Z`;
  const profile = await db.onboardingProfile.findFirstOrThrow({ where: { partnerId: made.partner.id } });
  await db.partnerIdentifier.create({
    data: { kind: 'PAN', value: pan, partnerId: made.partner.id, profileId: profile.id },
  });
  const approved = requestNumberOf('ONBOARDING', 1, new Date(), 900_000 + (Date.now() % 90_000));
  await db.workflowRequest.create({
    data: {
      requestNumber: approved,
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
  await expect(page.getByRole('status')).toContainText(/^Re-KYC RKY-1-\d{4}-\d+ started/);
  // The profile's newest request is the re-KYC now, waiting for the partner, who is told.
  await expect(profiles.getByRole('button', { name: 'Start a re-KYC' })).toHaveCount(0);
  const rekyc = await db.workflowRequest.findFirstOrThrow({ where: { partnerId: made.partner.id, flow: 'REKYC' } });
  expect(rekyc.state).toBe('REKYC_DUE');
  const notices = await db.notification.findMany({ where: { partnerId: made.partner.id } });
  expect(notices.map((n) => n.description).join('\n')).toContain(rekyc.requestNumber);
  await page.context().close();
});
