import { api, webUrl } from '@pp/contract';
import { seedPartnerBusiness } from '@pp/db/seed';
import { callApi, httpInjector, uploadFile } from '@pp/testing/call-api';
import { samplePdf, samplePng } from '@pp/testing/sample-files';
import { BASE_URL } from '../playwright.config.ts';
import { clientAddress, expect, test } from '../support/fixtures.ts';
import { pickFile } from '../support/onboarding.ts';
import { act, staffSignIn } from '../support/staff.ts';

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

  await page.goto(webUrl('partnerDashboard'));
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

test('the partner dashboard draws its four charts from the partner’s business; orders page and search; the hidden invoice page works', async ({
  signedIn: page,
  partner,
  db,
}) => {
  await seedPartnerBusiness(db, partner.partner.id);
  await page.goto(webUrl('partnerDashboard'));
  for (const chart of ['Orders by month', 'Invoices by status', 'Received vs outstanding', 'Top categories']) {
    const drawing = page.getByRole('region', { name: chart }).getByRole('img', { name: chart });
    await expect(drawing).toBeVisible();
    // Drawn from the data: bars, points or slices, each saying its value in rupees or orders.
    await expect(drawing.locator(':is(rect, circle, path) > title').first()).toHaveText(/: (₹[\d,]+|\d+)$/);
  }
  await expect(page.getByTestId('tile-Order value')).toHaveText(/^₹[\d,]+$/);
  await expect(page.getByTestId('tile-Received')).not.toHaveText('₹0');

  const menu = page.getByRole('complementary', { name: 'Partner menu' });
  await expect(menu.getByRole('link', { name: 'Invoices' })).toHaveCount(0);
  await menu.getByRole('link', { name: 'Order Summary' }).click();
  const orders = page.getByRole('table', { name: 'Order Summary' });
  await expect(orders.getByRole('row')).toHaveCount(21);
  await expect(page.getByText('48 orders')).toBeVisible();
  const firstNumber = (await orders.getByRole('row').nth(1).locator('.font-monospace').textContent())!;
  await page.getByRole('searchbox').fill(firstNumber);
  await expect(orders.getByRole('row')).toHaveCount(2);
  await page.getByRole('searchbox').fill('');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();

  await page.goto(webUrl('partnerInvoice'));
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('Payment').selectOption('PAID');
  await expect(invoices.getByRole('row').nth(1)).toContainText('Paid');
});

test('a grievance goes from draft to resolved with documents on both sides, and the partner closes it', async ({
  signedIn: page,
  partner,
  db,
}) => {
  await seedPartnerBusiness(db, partner.partner.id);
  const order = await db.partnerOrder.findFirstOrThrow({ where: { partnerId: partner.partner.id, companyCode: 1 } });
  await page.goto(webUrl('claimRequest'));
  await expect(page.getByText('You have raised no grievances.')).toBeVisible();
  await page.getByRole('button', { name: 'Raise a grievance' }).click();

  const form = page.getByRole('form', { name: 'Grievance' });
  await form.getByLabel('Reason').selectOption({ label: 'Payment delayed' });
  await form.getByLabel('Order or invoice number').fill(order.orderNumber);
  await form.getByLabel('Subject').fill('Payment for our order is late');
  await pickFile(page, 'grievance-files', 'bank-statement.pdf');
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('button', { name: 'Continue the draft' })).toBeVisible();
  const number = (await page.locator('.font-monospace').first().textContent())!.trim();
  expect(number).toMatch(/^GRV-1-\d{4}-\d{6}$/);

  // Back to the draft: too short a description is refused by the server, named under its field.
  await page.getByRole('button', { name: 'Continue the draft' }).click();
  await form.getByLabel('Description').fill('Not paid.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form).toContainText('must be at least 30 characters to submit');
  await form.getByLabel('Description').fill('The order was delivered in full in October; the accepted invoice is still unpaid.');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Close the grievance' })).toBeVisible();

  // The group resolves it with a payment advice (staff's own call).
  const http = httpInjector(BASE_URL);
  const staff = await callApi(http, api.auth.signin, {
    body: { username: 'demo.buyer', password: 'Demo@1234' },
    headers: clientAddress(),
  });
  const headers = { authorization: `Bearer ${staff.json().response.accessToken}`, ...clientAddress() };
  const advice = await uploadFile(http, { name: 'payment-advice.pdf', content: samplePdf('advice') }, { headers });
  const resolved = await callApi(http, api.grievances.resolve, {
    headers,
    body: { grievanceNumber: number, remarks: 'Paid on 20 November, UTR 1234.', fileIds: [advice.json().response.UniqueID] },
  });
  expect(resolved.statusCode).toBe(200);

  // The partner hears of it: the unread notice sends the next page load to Alerts & Reminders.
  await page.reload();
  await expect(page).toHaveURL(/\/partnerreminder$/);
  const notice = page.getByTestId('notification').first();
  await expect(notice).toContainText(`Your grievance ${number} is resolved: Paid on 20 November, UTR 1234.`);
  await notice.getByRole('button', { name: 'Mark as read' }).click();
  // Read on the server before the next page load, which an unread notice would send back here.
  await expect(notice.getByText('Read', { exact: true })).toBeVisible();
  await page.goto(webUrl('claimRequest', { grievance: number }));
  const history = page.getByRole('table', { name: 'History' });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history).toContainText('Paid on 20 November, UTR 1234.');
  const download = page.waitForEvent('download');
  await history.getByRole('button', { name: 'payment-advice.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('payment-advice.pdf');
  await page.getByRole('region', { name: 'Close the grievance' }).getByLabel('Remarks').fill('Received, thank you.');
  await page.getByRole('region', { name: 'Close the grievance' }).getByRole('button', { name: 'Close the grievance' }).click();
  await expect(history.getByRole('row')).toHaveCount(5);
  await expect(page.getByRole('region', { name: 'Reopen the grievance' })).toBeVisible();
  await page.getByRole('button', { name: /All grievances/ }).click();
  await expect(page.getByRole('table', { name: 'Grievance Request' })).toContainText('Closed');
});

test('the sidebar takes a profile picture of the server’s PTM types, and hides Branch Details for classification 2', async ({
  signedIn: page,
  partner,
  db,
}) => {
  await page.goto(webUrl('partnerSummary'));
  const sidebar = page.getByRole('complementary', { name: 'Partner menu' });
  await expect(sidebar.getByRole('link', { name: 'Branch Details' })).toBeVisible();
  const picker = sidebar.getByLabel('Change the profile picture').and(page.locator('input[type=file]'));
  await picker.setInputFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: samplePdf('not a picture') });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Please upload valid file format (jpg, png)');
  await dialog.getByRole('button', { name: 'Ok' }).click();

  await picker.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: samplePng() });
  await expect(dialog).toContainText('Profile picture uploaded successfully');
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(sidebar.getByRole('img', { name: 'Profile picture' })).toBeVisible();
  expect((await db.partner.findUniqueOrThrow({ where: { id: partner.partner.id } })).profilePictureId).not.toBeNull();

  // A partner of classification code 2 has no Branch Details (spec section 6).
  await db.partner.update({ where: { id: partner.partner.id }, data: { classificationCode: 2 } });
  await page.reload();
  await expect(sidebar.getByRole('link', { name: 'Order Summary' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Branch Details' })).toHaveCount(0);
});

test('E-Bids & E-Auctions: an auction takes a bid below the lowest and ranks it; a sealed RFQ refuses a bid once it has closed', async ({
  signedIn: page,
  partner,
  db,
}) => {
  const hour = 3_600_000;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const common = {
    companyCode: 1,
    businessCode: 'SUP',
    categoryCode: 'SUP-STL',
    description: 'Supply to site stores with mill test certificates.',
    unit: 'MT',
    deliveryLocation: 'Pune Ring Road Package 4, Chakan',
    openingAt: new Date(Date.now() - hour),
  };
  const auction = await db.rfq.create({
    data: {
      ...common,
      rfqNumber: `RFQ-1-20991231-${stamp}`,
      kind: 'AUCTION',
      title: `Journey auction ${stamp}`,
      quantity: 100,
      startPrice: 1_000_000,
      minDecrement: 5_000,
      closingAt: new Date(Date.now() + 24 * hour),
    },
  });
  // Another partner of the same business has bid already.
  const rival = await db.partner.findFirstOrThrow({
    where: { id: { not: partner.partner.id }, mappings: { some: { categoryCode: 'SUP' } } },
  });
  await db.rfqBid.create({ data: { rfqId: auction.id, partnerId: rival.id, amount: 990_000 } });
  const sealed = await db.rfq.create({
    data: {
      ...common,
      rfqNumber: `RFQ-1-20991230-${stamp}`,
      kind: 'RFQ',
      title: `Journey sealed RFQ ${stamp}`,
      quantity: 40,
      closingAt: new Date(Date.now() + 2 * hour),
    },
  });

  await page.goto(webUrl('partnerAuctions'));
  await page.getByRole('searchbox').fill(stamp);
  const list = page.getByRole('table', { name: 'E-Bids & E-Auctions' });
  await expect(list.getByRole('row')).toHaveCount(3);
  await expect(list.getByRole('row', { name: /Journey auction/ })).toContainText('₹9,90,000');
  await expect(list.getByRole('row', { name: /Journey sealed RFQ/ })).toContainText('Sealed');

  await list.getByRole('button', { name: auction.rfqNumber }).click();
  await expect(page.getByTestId('lowest-bid')).toHaveText('₹9,90,000 · 1 bidder');
  await expect(page.getByText('Bid at most ₹9,85,000')).toBeVisible();
  const amount = page.getByLabel('Amount (INR, before GST)');
  await amount.fill('986000');
  await expect(page.getByRole('button', { name: 'Submit bid' })).toBeDisabled();
  await amount.fill('985000');
  await page.getByLabel('Remarks').fill('Ex-works Raipur');
  await page.getByRole('button', { name: 'Submit bid' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your bid is recorded.' })).toBeVisible();
  await expect(page.getByTestId('my-rank')).toHaveText('L1');
  await expect(page.getByTestId('lowest-bid')).toHaveText('₹9,85,000 · 2 bidders');
  await expect(page.getByRole('table', { name: 'Your bids' })).toContainText('Ex-works Raipur');

  await page.getByRole('button', { name: 'All RFQs and auctions' }).click();
  await list.getByRole('button', { name: sealed.rfqNumber }).click();
  await page.getByLabel('Amount (INR, before GST)').fill('250000');
  // The group closes it while the page is open: the server refuses, and the page says so.
  const closedAt = new Date(Date.now() - 1000);
  await db.rfq.update({ where: { id: sealed.id }, data: { closingAt: closedAt } });
  await page.getByRole('button', { name: 'Submit bid' }).click();
  await expect(page.getByText(`Bidding closed at ${closedAt.toISOString()}; bids are no longer taken.`)).toBeVisible();
  await expect(page.getByText('Bidding has closed; the group will contact the partner it chooses.')).toBeVisible();
  expect(await db.rfqBid.count({ where: { rfqId: sealed.id } })).toBe(0);
  expect(await db.rfqBid.count({ where: { rfqId: auction.id, partnerId: partner.partner.id } })).toBe(1);
});

test('feedback: a draft survives a reload; submit marks the unanswered mandatory questions, then closes the quarter', async ({
  signedIn: page,
  partner,
  db,
}) => {
  await page.goto(webUrl('partnerFeedback'));
  const scope = page.getByRole('group', {
    name: "How clear were the scope and specifications in the group's orders this quarter?",
  });
  await scope.getByLabel('5 – Excellent').check();
  await page
    .getByRole('group', { name: 'What one thing should the group change to work better with you?' })
    .getByRole('textbox')
    .fill('Earlier drawings.');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your draft is saved.' })).toBeVisible();

  await page.reload();
  await expect(scope.getByLabel('5 – Excellent')).toBeChecked();
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(page.getByText('5 mandatory questions are not answered yet.')).toBeVisible();
  await expect(page.getByText('Please answer this question.')).toHaveCount(5);

  // Answering a marked question unmarks it: the next one marked is always the first.
  const marked = page.locator('fieldset[aria-invalid="true"]');
  for (let left = 5; left > 0; left -= 1) {
    const group = marked.first();
    const rating = group.getByLabel('4 – Very good');
    if (await rating.count()) await rating.check();
    else await group.getByLabel('Yes').check();
    await expect(marked).toHaveCount(left - 1);
  }
  await expect(page.getByText('Please answer this question.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Submit feedback' }).click();
  await expect(page.getByText(/You submitted your feedback for FY\d{4}-\d{2} Q[1-4]/)).toBeVisible();
  const row = await db.feedback.findFirstOrThrow({ where: { partnerId: partner.partner.id } });
  expect(row.status).toBe('SUBMITTED');
  expect(row.answers).toMatchObject({ '1': 5, '10': 'Earlier drawings.' });
  expect(row.averageRating).toBeCloseTo(4.2);
});

test('testimonials: a too-short text is marked on its field; added with its letter, found by search, deleted after confirming', async ({
  signedIn: page,
  partner,
  db,
}) => {
  await page.goto(webUrl('testimonials'));
  await expect(page.getByText('No testimonials yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add a testimonial' }).click();
  const form = page.getByRole('form', { name: 'Add a testimonial' });
  await form.getByLabel('Customer').fill('Konkan Cement Works Ltd');
  await form.getByLabel('Project').fill('Ratnagiri Grinding Unit');
  await form.getByLabel('Given by').fill('S. Deshpande');
  await form.getByLabel('Designation').fill('Head of Projects');
  await form.getByLabel('What they said').fill('Too short.');
  await form.getByLabel('Date').fill('2026-08-14');
  await form.getByRole('button', { name: 'Save testimonial' }).click();
  await expect(form.getByLabel('What they said')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('What they said').fill('Erected 1,200 MT of structural steel ahead of schedule with no safety incident.');
  await pickFile(page, 'testimonial-letter', 'appreciation.pdf');
  await form.getByRole('button', { name: 'Save testimonial' }).click();

  const card = page.getByRole('article', { name: 'Konkan Cement Works Ltd' });
  await expect(card).toContainText('— S. Deshpande, Head of Projects, Konkan Cement Works Ltd');
  await expect(card.getByRole('button', { name: 'appreciation.pdf' })).toBeVisible();
  const row = await db.testimonial.findFirstOrThrow({ where: { partnerId: partner.partner.id } });
  expect(row.fileId).not.toBeNull();

  await page.getByRole('searchbox').fill('grinding');
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('searchbox').fill('nothing like it');
  await expect(page.getByText('No testimonial matches your search.')).toBeVisible();
  await page.getByRole('searchbox').fill('');
  await card.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Ok' }).click();
  await expect(page.getByText('No testimonials yet.')).toBeVisible();
  expect(await db.testimonial.count({ where: { partnerId: partner.partner.id } })).toBe(0);
});

test('Add New Company: the partner asks, the buyer sends back, the partner re-submits, the buyer approves; the partner then works with it, and Partner Status tells every step', async ({
  signedIn: page,
  partner,
  browser,
  db,
}) => {
  // Two browsers and a staff sign-in: the story's budget, as the workflow journey's, not one page's.
  test.setTimeout(180_000);
  await page.goto(webUrl('addCompany'));
  const form = page.getByRole('form', { name: 'Ask to work with another company' });
  await form.getByLabel('Group company').selectOption({ value: '1' });
  await form.getByLabel('Business').selectOption({ label: 'Subcontractor' });
  await form.getByLabel('What you offer this company').fill('Earthwork crews and two excavators.');
  await form.getByRole('button', { name: 'Send request' }).click();
  const sent = await form.getByRole('status').textContent();
  const requestNumber = /ACR-1-\d{4}-\d{6}/.exec(sent ?? '')?.[0] ?? '';
  expect(requestNumber).not.toBe('');
  const card = page.getByRole('article', { name: requestNumber });
  await expect(card).toContainText('With the buyer');

  const buyer = await staffSignIn(browser, 'demo.buyer', 'WORKBENCH', /\/Workbench$/);
  await buyer.getByRole('searchbox').fill(partner.partner.partnerNumber);
  await buyer.getByRole('link', { name: `Review ${requestNumber}` }).click();
  await expect(buyer.getByText('Earthwork crews and two excavators.')).toBeVisible();
  await act(buyer, 'Send back to the partner', 'Sent back', 'How many excavators, and where are they based?');

  // The send-back is an unread notification: the next page load goes to Alerts & Reminders first.
  const backToRequests = async () => {
    await page.reload();
    await expect(page).toHaveURL(/\/partnerreminder$/);
    await page.getByRole('complementary', { name: 'Partner menu' }).getByRole('link', { name: 'Add New Company' }).click();
  };
  await backToRequests();
  await expect(card).toContainText('Sent back to you');
  await expect(card).toContainText('How many excavators, and where are they based?');
  await card.getByLabel('Answer the remarks').fill('Six excavators and four dumpers, based at Nashik; crews of forty.');
  await card.getByRole('button', { name: 'Re-submit' }).click();
  await expect(card).toContainText('With the buyer');

  await buyer.reload();
  await expect(buyer.getByText('Six excavators and four dumpers, based at Nashik; crews of forty.')).toBeVisible();
  await act(buyer, 'Approve', 'Approved');
  await backToRequests();
  await expect(card).toContainText('Approved');

  // Partner Status tells every step of it.
  await page.getByRole('link', { name: 'All your requests (Partner Status)' }).click();
  const requests = page.getByRole('table', { name: 'Partner Status' });
  const row = requests.getByRole('row', { name: new RegExp(requestNumber) });
  await expect(row).toContainText('New company');
  await expect(row).toContainText('Approved');
  await row.getByRole('button', { name: 'Show steps' }).click();
  const steps = page.getByRole('table', { name: `Steps of ${requestNumber}` });
  await expect(steps.getByRole('row')).toHaveCount(5);
  await expect(steps).toContainText('How many excavators, and where are they based?');
  expect(await db.companyMapping.count({ where: { partnerId: partner.partner.id, companyCode: 1, categoryCode: 'SUB' } })).toBe(
    1,
  );
});

test('Branch Details: a branch added through the profile’s branch form is listed with its city and state; a second with the same name and street is refused on its field', async ({
  signedIn: page,
}) => {
  await page.goto(webUrl('branchDetails'));
  await expect(page.getByText('No branches yet.')).toBeVisible();
  const addOne = async (name: string, street: string) => {
    await page.getByRole('button', { name: 'Add a branch' }).click();
    const form = page.getByRole('region', { name: 'Add a branch' });
    await form.getByLabel('Branch name').fill(name);
    await form.getByLabel('Street').fill(street);
    await form.getByLabel('State').selectOption({ label: 'Maharashtra' });
    await form.getByLabel('City').selectOption({ label: 'Pune' });
    await form.getByLabel('PIN code').fill('411014');
    await form.getByRole('button', { name: 'Save branch' }).click();
    return form;
  };
  await addOne('Pune Depot', 'Nagar Road');
  const table = page.getByRole('table', { name: 'Branch Details' });
  await expect(table.getByRole('row', { name: /Pune Depot/ })).toContainText('Nagar Road, Pune, Maharashtra, 411014');

  const form = await addOne('pune depot', 'NAGAR ROAD');
  await expect(form.getByText('A branch with this name and street already exists.')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
});

test('Profile: the whole profile read-only below its quick links; the code of conduct accepted, this year’s GST notification submitted, a bank draft saved and deleted, a finance draft kept', async ({
  signedIn: page,
  partner,
  db,
}) => {
  await page.goto(webUrl('partnerProfile'));
  // Below the quick links, the whole profile read-only, module by module.
  await expect(page.getByRole('heading', { name: 'Your whole profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'General details', exact: true })).toBeVisible();
  const conduct = page.getByRole('region', { name: /Supplier code of conduct/ });
  await conduct.getByRole('button', { name: 'I accept the code of conduct' }).click();
  await expect(conduct.getByRole('status')).toContainText('Accepted on');

  const gst = page.getByRole('region', { name: /GST notification/ });
  await gst.getByLabel('E-invoicing applies to our invoices this year').check();
  await gst.getByRole('button', { name: 'Submit notification' }).click();
  await expect(gst.getByRole('status')).toContainText('Submitted');
  await expect(gst.getByLabel('E-invoicing applies to our invoices this year')).toBeChecked();

  const bank = page.getByRole('region', { name: 'Bank account change (draft)' });
  await bank.getByLabel('Account holder name').fill('Test Org Private Limited');
  await bank.getByLabel('Account number', { exact: true }).fill('123456789012');
  await bank.getByLabel('Confirm account number').fill('123456789012');
  await bank.getByRole('button', { name: 'Save draft' }).click();
  await expect(bank.getByText(/^Draft saved/)).toBeVisible();
  await bank.getByRole('button', { name: 'Delete draft' }).click();
  await expect(bank.getByText(/^No draft/)).toBeVisible();

  const finance = page.getByRole('region', { name: /Financial figures .* \(draft\)/ });
  await finance.getByLabel('Turnover').fill('125000000');
  await finance.getByRole('button', { name: 'Save draft' }).click();
  await expect(finance.getByText(/^Draft saved/)).toBeVisible();
  await page.reload();
  await expect(finance.getByLabel('Turnover')).toHaveValue('125000000');

  const profile = await db.onboardingProfile.findFirstOrThrow({ where: { partnerId: partner.partner.id, companyCode: 1 } });
  const parts = await db.onboardingPart.findMany({ where: { profileId: profile.id }, select: { partName: true } });
  expect(parts.map((p) => p.partName).sort()).toEqual(['codeOfConduct', 'financeDraft', 'gstNotification']);
});
