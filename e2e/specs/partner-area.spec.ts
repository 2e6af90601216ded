import { expect, test } from '../support/fixtures.ts';

/** Today plus `days`, as the date the server's reminders compare with (UTC). */
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60_000).toISOString().slice(0, 10);

test('unread notifications on load lead to Alerts & Reminders; an expiring document is a reminder; reading one lowers the bell', async ({
  signedIn: page,
  partner,
  db,
}) => {
  const partnerId = partner.partner.id;
  await db.notification.create({ data: { partnerId, description: 'Your onboarding request is <b>approved</b>.' } });
  // A submitted profile whose shop and establishment certificate expires in ten days.
  const profile = await db.onboardingProfile.create({
    data: { partnerId, companyCode: 1, categoryCode: 'SUP', status: 'Approved', submittedAt: new Date() },
  });
  await db.onboardingPart.create({
    data: { profileId: profile.id, partName: 'statutory', data: { shopEstablishmentExpiry: inDays(10) } },
  });

  await page.goto('/PartnerMgmtApp/partnerdashboard');
  await expect(page).toHaveURL(/\/partnerreminder$/);
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  const items = page.getByTestId('notification');
  await expect(items).toHaveCount(2);
  const reminder = items.filter({ hasText: 'shop and establishment certificate' });
  await expect(reminder).toContainText('Please upload the renewed document.');
  await expect(reminder).toContainText(/1[01] days left/);

  await reminder.getByRole('button', { name: 'Mark as read' }).click();
  await expect(reminder.getByText('Read', { exact: true })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  const row = await db.notification.findFirstOrThrow({ where: { partnerId, kind: 'REMINDER' } });
  expect(row.notificationStatus).toBe('R');

  // Moving on is free now; the bell leads back.
  await page.getByRole('complementary', { name: 'Partner menu' }).getByRole('link', { name: 'Order Summary' }).click();
  await expect(page).toHaveURL(/\/partnersummary$/);
  await bell.click();
  await expect(page).toHaveURL(/\/partnerreminder$/);
  await page.getByRole('button', { name: 'Reminders' }).click();
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('shop and establishment certificate');
});
