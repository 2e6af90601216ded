import { api, financialYears, SESSION_KEYS, webUrl } from '@pp/contract';
import { callApi, httpInjector } from '@pp/testing/call-api';
import { expect, test } from '../support/fixtures.ts';
import { BASE_URL } from '../playwright.config.ts';
import {
  addRow,
  dropFile,
  formOf,
  gstinOf,
  openModule,
  overallPercentage,
  pickFile,
  saveForm,
  submitForApproval,
  uniquePan,
} from '../support/onboarding.ts';

test('a partner fills every module with documents, is told what is missing, submits, and sees the read-only profile', async ({
  signedIn: page,
}, testInfo) => {
  // Every module through its forms, with uploads: 2 min on CI's machine, 3.2 min on a loaded one.
  test.setTimeout(360_000);
  const pan = uniquePan();
  const [latest, previous] = financialYears();

  await page.goto(webUrl('dashboard'));
  await page
    .getByRole('link', { name: /onboarding/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/onboardingDetails$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Onboarding details' })).toBeVisible();
  const start = await overallPercentage(page);

  // Submit too early: the page says it cannot yet, and lists what is missing (no confirmation is asked).
  await expect(page.getByText('The profile can be submitted when every mandatory item is filled in.')).toBeVisible();
  await page.getByRole('button', { name: 'Submit for approval' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('The profile cannot be submitted yet')).toBeVisible();
  const missing = page.getByRole('list', { name: 'What is still missing' });
  await expect(missing).toContainText('Statutory details: PAN is missing');
  await expect(missing).toContainText('Bank details');
  await expect(page).toHaveURL(/\/onboardingDetails$/);

  // General details: the organisation, its registered address and two contacts.
  await page.locator('#general-ownershipType').selectOption('PVT');
  await page.locator('#general-businessTypes-SUP-MFR').check();
  await page.locator('#general-enterpriseSector').selectOption('SMALL');
  await page.locator('#general-employees').fill('50');
  await page.locator('#general-website').fill('https://steel.example.com');
  await saveForm(page, 'general');
  await expect.poll(() => overallPercentage(page)).toBeGreaterThan(start);
  const afterGeneral = await overallPercentage(page);

  await page.locator('#address-line1').fill('12 Industrial Estate, Andheri East');
  await page.locator('#address-countryCode').selectOption('100');
  await page.locator('#address-stateId').selectOption('27');
  await page.locator('#address-cityId').selectOption('56');
  await page.locator('#address-postalCode').fill('400093');
  await saveForm(page, 'address');
  for (const [department, name, mobile] of [
    ['ACCTS', 'Asha Rao', '9876500001'],
    ['SALES', 'Vinod Iyer', '9876500002'],
  ] as const) {
    await addRow(
      page,
      'contacts',
      async () => {
        await page.locator('#contacts-add-departmentCode').selectOption(department);
        await page.locator('#contacts-add-name').fill(name);
        await page.locator('#contacts-add-designation').fill('Manager');
        await page.locator('#contacts-add-mobile').fill(mobile);
        await page.locator('#contacts-add-email').fill(`${department.toLowerCase()}@steel.example.com`);
      },
      name,
    );
  }

  // Statutory details: numbers checked as they are left, documents by the picker and by drag and drop.
  await openModule(page, 'Statutory details');
  await page.locator('#statutory-pan').fill(pan);
  await page.locator('#statutory-pan').blur();
  await expect(formOf(page, 'statutory')).toContainText('Valid');
  await pickFile(page, 'statutory-panFileId', 'pan-card.pdf');
  await page.locator('#statutory-cin').fill('U27100MH2010PTC123456');
  await dropFile(page, 'statutory-incorporationFileId', 'incorporation.pdf');
  await page.locator('#statutory-udyamNumber').fill('UDYAM-MH-18-0012345');
  await pickFile(page, 'statutory-udyamFileId', 'udyam.pdf');
  await page.locator('#statutory-pfNumber').fill('MHBAN00123450000000123');
  await page.locator('#statutory-esiNumber').fill('31000123450001001');
  await saveForm(page, 'statutory');
  await addRow(
    page,
    'gstins',
    async () => {
      await page.locator('#gstins-add-gstin').fill(gstinOf(pan));
      await page.locator('#gstins-add-registrationType').selectOption('REGULAR');
      await pickFile(page, 'gstins-add-certificateFileId', 'gst-certificate.pdf');
    },
    gstinOf(pan),
  );
  await page.locator('#questions-STA-q201').selectOption('Y');
  await page.locator('#questions-STA-q202').selectOption('Y');
  await page.locator('#questions-STA-q203').selectOption('N');
  await saveForm(page, 'questions-STA', 'Save answers');

  // Bank details: the IFSC fills bank and branch from the master.
  await openModule(page, 'Bank details');
  await addRow(
    page,
    'bankAccounts',
    async () => {
      await page.locator('#bankAccounts-add-accountHolderName').fill('Steel Traders Pvt Ltd');
      await page.locator('#bankAccounts-add-accountNumber').fill(`0${pan.slice(5, 9)}56789`);
      await page.locator('#bankAccounts-add-confirmAccountNumber').fill(`0${pan.slice(5, 9)}56789`);
      await page.locator('#bankAccounts-add-accountCategory').selectOption('CA');
      await page.locator('#bankAccounts-add-accountType').selectOption('P');
      await page.locator('#bankAccounts-add-ifsc').fill('SBIN0000018');
      await page.locator('#bankAccounts-add-ifsc').blur();
      await expect(page.locator('#bankAccounts-add-bankName')).toHaveValue(/State Bank of India/i);
      await page.locator('#bankAccounts-add-paymentMode').selectOption('NEFT');
      await pickFile(page, 'bankAccounts-add-chequeFileId', 'cancelled-cheque.pdf');
    },
    'SBIN0000018',
  );
  await page.locator('#questions-BNK-q301').selectOption('Y');
  await saveForm(page, 'questions-BNK', 'Save answers');

  // Financial details, year by year, with each year's audited statements.
  await openModule(page, 'Financial details');
  for (const year of [latest!, previous!]) {
    await page.locator(`#performance-${year}-turnover`).fill(year === latest ? '1250.50' : '1100');
    await page.locator(`#performance-${year}-profitBeforeTax`).fill('120');
    await page.locator(`#performance-${year}-profitAfterTax`).fill('90');
    await saveForm(page, `performance-${year}`);
    await pickFile(page, `statement-${year}`, `audited-${year}.pdf`);
  }
  await page.locator(`#strength-${latest}-netWorth`).fill('640');
  await page.locator(`#strength-${latest}-paidUpCapital`).fill('100');
  await saveForm(page, `strength-${latest}`);
  await page.locator('#questions-FIN-q401').selectOption('N');
  await page.locator('#questions-FIN-q402').selectOption('N');
  await saveForm(page, 'questions-FIN', 'Save answers');

  // Credentials: a customer; then a factory added and deleted again.
  await openModule(page, 'Credentials and capacity');
  await addRow(
    page,
    'customers',
    async () => {
      await page.locator('#customers-add-customerName').fill('Metro Rail Corporation');
      await page.locator('#customers-add-sector').selectOption('PSU');
      await page.locator('#customers-add-shareOfTurnover').fill('35');
    },
    'Metro Rail Corporation',
  );
  await addRow(
    page,
    'factories',
    async () => {
      await page.locator('#factories-add-name').fill('Taloja works');
      await page.locator('#factories-add-address').fill('Plot 7, MIDC Taloja');
    },
    'Taloja works',
  );
  await page.getByRole('button', { name: /Delete row 1 of Factories/i }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.locator('section[aria-labelledby="factories-title"]')).not.toContainText('Taloja works');

  // Quality, health and safety: the ISO certificate (one file: the question is Static) with its expiry.
  await openModule(page, 'Quality, health and safety');
  await pickFile(page, 'questions-QHS-q701', 'iso-9001.pdf');
  await expect(page.getByTestId('questions-QHS-q701-drop').getByRole('button', { name: 'Add File(s)' })).toBeDisabled();
  await page.locator('#questions-QHS-q701-expiry').fill('2028-03-31');
  await page.locator('#questions-QHS-q706').selectOption('Y');
  await page.locator('#questions-QHS-q707').fill('0');
  await saveForm(page, 'questions-QHS', 'Save answers');

  // Declarations.
  await openModule(page, 'Declarations');
  await page.locator('#accept-declaration').check();
  await page.locator('#accept-name').fill('Asha Rao');
  await page.locator('#accept-designation').fill('Director');
  await page.locator('#accept-place').fill('Mumbai');
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByText(/Accepted by Asha Rao/)).toBeVisible();
  await page.locator('#tds-name').fill('Asha Rao');
  await page.getByRole('button', { name: 'Make the declaration' }).click();
  await expect(page.getByText(/Declared on/)).toBeVisible();

  // Everything saved is there after a reload; the percentage has risen to complete.
  await page.reload();
  await openModule(page, 'Statutory details');
  await expect(page.locator('#statutory-pan')).toHaveValue(pan);
  await expect(page.getByTestId('statutory-incorporationFileId-drop')).toContainText('incorporation.pdf');
  await expect.poll(() => overallPercentage(page)).toBe(100);
  expect(afterGeneral).toBeLessThan(100);
  await page.screenshot({ path: testInfo.outputPath('onboarding-complete.png'), fullPage: true });

  await submitForApproval(page);
  await expect(page).toHaveURL(/\/onboardingDetailPreview$/);
  await expect(page.getByRole('status').filter({ hasText: 'Request number' })).toContainText(/Request number ONB-1-\d{4}-\d+/);
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText('iso-9001.pdf');
  await expect(page.locator('#statutory-pan')).toHaveValue(pan);
  await expect(page.locator('#statutory-pan')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save draft' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('onboarding-preview.png'), fullPage: true });

  // The submitted profile (status View) cannot be edited: the onboarding page is blocked (section 2).
  await page.goto(webUrl('onboardingDetails'));
  await expect(page).toHaveURL(/\/dashboard$/);
  // The dashboard says where the request stands.
  await expect(page.getByTestId('request-notice')).toContainText(/Your request ONB-1-\d{4}-\d+ is under review by the group\./);
});

// Apart from the long journey above, so each meets its own time-out on a slow machine.
test('another company has a profile of its own, and an OnProgress entry opens the business it names', async ({
  signedIn: page,
}) => {
  // Company 1's general details are filled (through the API, with the partner's own session).
  const token = await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEYS.token);
  const saved = await callApi(httpInjector(BASE_URL), api.onboarding.saveGeneral, {
    headers: { authorization: `Bearer ${token}` },
    body: { general: { ownershipType: 'PVT' } },
  });
  expect(saved.statusCode).toBe(200);
  await page.goto(webUrl('onboardingDetails'));
  await expect(page.locator('#general-ownershipType')).toHaveValue('PVT');

  // Company 8's profile is empty and editable. The switch is made from the profile menu, and lands on the dashboard.
  await page.getByRole('button', { name: 'Profile' }).click();
  await page.locator('#company-switcher').selectOption('8');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(webUrl('onboardingDetails'));
  await expect(page.getByText(/· Infrastructure Supplier$/)).toBeVisible();
  await expect(page.getByTestId('progress-STA')).toHaveText('0%');
  await expect(page.locator('#general-ownershipType')).toHaveValue('');
  await openModule(page, 'Statutory details');
  await expect(page.locator('#statutory-pan')).toHaveValue('');

  // An entry with onboardStatus=OnProgress (section 2) opens the company and business it names.
  await page.goto(webUrl('onboardingDetails', { onboardStatus: 'OnProgress', companyCode: '1', categoryCode: 'SVC' }));
  await expect(page.getByText(/· Service Provider$/)).toBeVisible();
  await expect(page).toHaveURL(/\/onboardingDetails$/);
  await expect(page.locator('#general-ownershipType')).toHaveValue('');
});
