import { webUrl } from '@pp/contract';
import { samplePdf } from '@pp/testing/sample-files';
import { expect, test } from '../support/fixtures.ts';
import { act, staffSignIn } from '../support/staff.ts';

test('a buyer registers a customer with a branch and a bank account; the approver and finance approve it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const run = String(Date.now() % 100_000).padStart(5, '0');
  const name = `Metro Rail Corporation ${run}`;
  // A company's PAN (fourth letter C) of this run.
  const pan = `AACC${String.fromCharCode(65 + (Number(run) % 26))}${run.slice(-4)}D`;

  const buyer = await staffSignIn(browser, 'demo.buyer', 'WORKBENCH', /\/Workbench$/);
  await buyer.goto(webUrl('customerRegistration'));
  await buyer.getByRole('button', { name: 'Register a customer' }).click();
  const master = buyer.getByRole('form', { name: "Customer's master data" });
  await master.getByLabel('Group company', { exact: true }).selectOption({ index: 1 });
  await master.getByLabel('Name', { exact: true }).fill(name);
  await master.getByLabel('PAN', { exact: true }).fill(pan);
  await master.getByLabel('E-mail', { exact: true }).fill(`accounts.${run}@metro.example.com`);
  await master.getByLabel('Mobile', { exact: true }).fill('9876543210');
  await master.getByLabel('Address line 1', { exact: true }).fill('1 Rail Bhavan, Fort');
  await master.getByLabel('State', { exact: true }).selectOption({ label: 'Maharashtra' });
  await master.getByLabel('City', { exact: true }).selectOption({ label: 'Mumbai' });
  // A PIN that does not follow India's rule is refused beside its field before anything is sent.
  await master.getByLabel('PIN or postal code', { exact: true }).fill('40001');
  await master.getByRole('button', { name: 'Register' }).click();
  await expect(master.getByLabel('PIN or postal code', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await master.getByLabel('PIN or postal code', { exact: true }).fill('400001');
  await master.getByRole('button', { name: 'Register' }).click();

  await expect(buyer.getByRole('heading', { name })).toBeVisible();
  await expect(buyer).toHaveURL(/\/CustomerRegistration\?RefId=CUS-/);
  const requestNumber = new URL(buyer.url()).searchParams.get('RefId')!;
  await expect(buyer.getByRole('status').filter({ hasText: 'State:' })).toContainText('State: Draft');

  const branches = buyer.getByRole('region', { name: 'Branches' });
  const branch = branches.getByRole('form', { name: 'Customer branch' });
  await branch.getByLabel('Branch', { exact: true }).fill('Pune depot');
  await branch.getByLabel('State', { exact: true }).selectOption({ label: 'Maharashtra' });
  await branch.getByLabel('City', { exact: true }).fill('Pune');
  await branch.getByLabel('Address', { exact: true }).fill('4 Station Road, Pune');
  await branch.getByRole('button', { name: 'Add the branch' }).click();
  await expect(branches.getByRole('table')).toContainText('Pune depot');
  await expect(branches.getByRole('table')).toContainText('Maharashtra');

  const banks = buyer.getByRole('region', { name: 'Bank accounts' });
  const bank = banks.getByRole('form', { name: 'Customer bank account' });
  await bank.getByLabel('Account holder', { exact: true }).fill(name);
  await bank.getByLabel('Account number', { exact: true }).fill('5550001111');
  await bank.getByLabel('IFSC', { exact: true }).fill('ZZZZ0000001');
  await bank.getByRole('button', { name: 'Add the bank account' }).click();
  await expect(bank.getByLabel('IFSC', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await bank.getByLabel('IFSC', { exact: true }).fill('SBIN0000018');
  await bank.getByRole('button', { name: 'Add the bank account' }).click();
  const accounts = banks.getByRole('table', { name: 'Bank accounts' });
  await expect(accounts).toContainText('State Bank of India');
  await accounts
    .locator('input[type=file]')
    .setInputFiles({ name: 'cheque.pdf', mimeType: 'application/pdf', buffer: samplePdf('cheque') });
  await expect(accounts).toContainText('Attached');

  const actions = buyer.getByRole('region', { name: 'Your action' });
  await actions.getByRole('button', { name: 'Submit for approval' }).click();
  await buyer.getByRole('dialog', { name: 'Submit for approval' }).getByRole('button', { name: 'Ok' }).click();
  await expect(buyer.getByRole('status').filter({ hasText: 'State:' })).toContainText('State: Approval');
  // Submitted: the master data is the approvers' to read now.
  await expect(buyer.getByRole('form', { name: "Customer's master data" })).toHaveCount(0);

  const approver = await staffSignIn(browser, 'demo.approver', 'APPROVAL', /\/partnerApprovalPage$/);
  await approver.getByRole('searchbox').fill(requestNumber);
  await approver.getByRole('link', { name: `Review ${requestNumber}` }).click();
  await expect(approver.getByRole('region', { name: 'Branches' })).toContainText('Pune depot');
  await act(approver, 'Approve', 'Finance approval');

  const finance = await staffSignIn(browser, 'demo.finance', 'WORKBENCH', /\/Workbench$/);
  await finance.goto(webUrl('summaryPage', { requestNumber }));
  await act(finance, 'Approve', 'Approved');

  await buyer.reload();
  await expect(buyer.getByRole('status').filter({ hasText: 'State:' })).toContainText('State: Approved');
  await buyer.getByRole('button', { name: 'Back to the customers' }).click();
  await buyer.getByRole('searchbox').fill(pan);
  await expect(buyer.getByRole('table', { name: 'Customers' }).getByRole('row')).toHaveCount(2);
  await expect(buyer.getByRole('table', { name: 'Customers' })).toContainText('Approved');
});
