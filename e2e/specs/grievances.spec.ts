import { api, webUrl } from '@pp/contract';
import { callApi, httpInjector } from '@pp/testing/call-api';
import { BASE_URL } from '../playwright.config.ts';
import { clientAddress, expect, test } from '../support/fixtures.ts';
import { pickFile } from '../support/onboarding.ts';
import { staffSignIn } from '../support/staff.ts';

test('staff find a grievance on the dashboard, forward it to a department and resolve it with a document', async ({
  browser,
  partner,
  db,
}) => {
  // The partner raises one through the API (its own journey is in partner-area.spec.ts).
  const http = httpInjector(BASE_URL);
  const signin = await callApi(http, api.auth.signin, {
    body: { username: partner.username, password: partner.password },
    headers: clientAddress(),
  });
  const headers = { authorization: `Bearer ${signin.json().response.accessToken}`, ...clientAddress() };
  const draft = await callApi(http, api.grievances.saveDraft, {
    headers,
    body: {
      reasonCode: 'PAYMENT_SHORT',
      subject: 'Short payment on our last invoice',
      description: 'The payment of 12 November was 40,000 rupees less than the accepted invoice.',
    },
  });
  const number: string = draft.json().response.grievanceNumber;
  expect((await callApi(http, api.grievances.submit, { headers, body: { grievanceNumber: number } })).statusCode).toBe(200);

  const page = await staffSignIn(browser, 'demo.buyer', '', /\/Workbench$/);
  await page.goto(webUrl('grievanceDashboard'));
  await expect(page.getByRole('heading', { name: 'Grievance Dashboard', level: 1 })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Grievances at a glance' });
  await expect(figures.getByTestId('figure-open')).toContainText(/\d+/);
  await expect(page.getByRole('img', { name: 'Submitted and settled per month' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Open grievances by age' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Reason' })).toContainText('Payment short');

  const list = page.getByRole('region', { name: 'Grievances', exact: true });
  await list.getByRole('searchbox', { name: /Search by number/ }).fill(number);
  const row = list.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(partner.partner.organizationName);
  await expect(row).toContainText('Submitted');
  await expect(row).toContainText('Due by');
  await row.getByRole('button', { name: number }).click();

  await expect(page).toHaveURL(new RegExp(`grievance=${number}`));
  const forward = page.getByRole('region', { name: 'Forward to a department' });
  await forward.getByLabel(/^Which department/).fill('Accounts payable: check the deduction.');
  await forward.getByRole('button', { name: 'Forward to a department' }).click();
  const confirmForward = page.getByRole('dialog', { name: 'Forward to a department?' });
  await expect(confirmForward).toContainText(`Grievance ${number} then moves to “In review”`);
  await confirmForward.getByRole('button', { name: 'Ok' }).click();
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history).toContainText('Accounts payable: check the deduction.');

  const resolve = page.getByRole('region', { name: 'Resolve' });
  await resolve.getByLabel(/^How it was settled/).fill('The balance was paid on 25 November.');
  await pickFile(page, 'step-RESOLVE-files', 'balance-advice.pdf');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await page.getByRole('dialog', { name: 'Resolve?' }).getByRole('button', { name: 'Ok' }).click();
  await expect(history.getByRole('row')).toHaveCount(5);
  await expect(history).toContainText('balance-advice.pdf');
  await expect(page.getByRole('region', { name: 'Resolve' })).toHaveCount(0);
  await expect(page.getByText(/answered on/)).toBeVisible();

  const saved = await db.grievance.findUniqueOrThrow({ where: { grievanceNumber: number } });
  expect(saved.state).toBe('RESOLVED');
  expect(saved.answeredAt).not.toBeNull();
  const notices = await db.notification.findMany({ where: { partnerId: partner.partner.id } });
  expect(notices.map((n) => n.description).join('\n')).toContain(`Your grievance ${number} is resolved`);

  // Back on the list, resolved: it no longer counts against a deadline.
  await page.getByRole('button', { name: /All grievances/ }).click();
  await list.getByRole('searchbox', { name: /Search by number/ }).fill(number);
  await expect(list.getByRole('row').filter({ hasText: number })).toContainText('Resolved');
  await page.context().close();
});

test('the international dashboard lists only partners abroad', async ({ browser, partner, db }) => {
  const abroad = await db.country.findFirstOrThrow({ where: { countryCode: { not: 100 } } });
  await db.partner.update({ where: { id: partner.partner.id }, data: { countryCode: abroad.countryCode } });
  const http = httpInjector(BASE_URL);
  const signin = await callApi(http, api.auth.signin, {
    body: { username: partner.username, password: partner.password },
    headers: clientAddress(),
  });
  const headers = { authorization: `Bearer ${signin.json().response.accessToken}`, ...clientAddress() };
  const draft = await callApi(http, api.grievances.saveDraft, {
    headers,
    body: {
      reasonCode: 'PORTAL_ISSUE',
      subject: 'Cannot upload our VAT certificate',
      description: 'The upload stops at ninety per cent every time, from two different browsers.',
    },
  });
  const number: string = draft.json().response.grievanceNumber;
  await callApi(http, api.grievances.submit, { headers, body: { grievanceNumber: number } });

  const page = await staffSignIn(browser, 'demo.buyer', '', /\/Workbench$/);
  await page.goto(webUrl('grievanceInternational'));
  await expect(page.getByRole('heading', { name: 'International Grievances', level: 1 })).toBeVisible();
  const list = page.getByRole('region', { name: 'Grievances', exact: true });
  await list.getByRole('searchbox', { name: /Search by number/ }).fill(number);
  await expect(list.getByRole('row').filter({ hasText: number })).toContainText('The portal');
  await page.goto(webUrl('grievanceDashboard'));
  await page
    .getByRole('region', { name: 'Grievances', exact: true })
    .getByRole('searchbox', { name: /Search by number/ })
    .fill(number);
  await expect(page.getByRole('region', { name: 'Grievances', exact: true })).toContainText('No grievances match.');
  await page.context().close();
});
