import { describe, expect, it } from 'vitest';
import { MESSAGES, api, type CustomerInput } from '@pp/contract';
import {
  callApi,
  createPartnerUser,
  freshIp,
  gstinFor,
  samplePdf,
  setupFeatureTest,
  signIn,
  uploadFile,
  workflowFixtures,
} from '@pp/testing';

const { db, app } = await setupFeatureTest();
const { staff } = workflowFixtures(app, db);

let seed = 0;
function newCustomer(over: Partial<CustomerInput> = {}) {
  seed += 1;
  const pan = `AACC${String.fromCharCode(65 + (seed % 26))}${String(2000 + seed)}D`;
  return {
    companyCode: 1,
    name: `Metro Rail Corporation ${seed}`,
    pan,
    gstin: gstinFor(pan),
    email: `accounts${seed}@metro.example.com`,
    mobileNumber: '9876543210',
    address: { line1: '1 Rail Bhavan, Fort', line2: null, countryCode: 100, stateId: 27, cityId: 56, postalCode: '400001' },
    ...over,
  };
}

async function registered() {
  const res = await callApi(app, api.customers.register, { headers: await staff('BUYER'), body: newCustomer() });
  expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
  return res.json().response;
}

describe('customers: registration and master data', () => {
  it('registers a draft on the buyer desk, checking PAN and GSTIN as the look-ups do', async () => {
    const customer = await registered();
    expect(customer).toMatchObject({ state: 'DRAFT', desk: 'BUYER', companyCode: 1, branches: [], banks: [] });
    expect(customer.customerNumber).toMatch(/^CU\d{8}$/);
    expect(customer.requestNumber).toMatch(/^CUS-1-\d{4}-\d{6}$/);

    const headers = await staff('BUYER');
    const badPan = await callApi(app, api.customers.register, {
      headers,
      body: newCustomer({ pan: 'AAAPZ1234', gstin: undefined }),
    });
    expect(badPan.error().fieldErrors?.[0]?.field).toBe('pan');
    const otherPan = await callApi(app, api.customers.register, {
      headers,
      body: newCustomer({ gstin: gstinFor('AACCZ9999D') }),
    });
    expect(otherPan.error().fieldErrors?.[0]?.field).toBe('gstin');
    const noAddress = await callApi(app, api.customers.register, { headers, body: { ...newCustomer(), address: undefined } });
    expect(noAddress.error().fieldErrors?.[0]?.field).toMatch(/^address/);
  });

  it('is refused to a role without customer admin, to a partner and without a token', async () => {
    const body = newCustomer();
    expect((await callApi(app, api.customers.register, { headers: await staff('APPROVER'), body })).statusCode).toBe(403);
    const { username } = await createPartnerUser(db);
    const partner = { ...(await signIn(app, username)).auth, ...freshIp() };
    const asPartner = await callApi(app, api.customers.register, { headers: partner, body });
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.error().failureMessage).toBe(MESSAGES.accessDenied);
    expect((await callApi(app, api.customers.register, { body })).statusCode).toBe(401);
    expect((await callApi(app, api.customers.list, { headers: await staff('SEGREGATOR') })).statusCode).toBe(403);
  });

  it('adds branches (names unique), a bank account from the IFSC master and its bank book', async () => {
    const { customerNumber } = await registered();
    const headers = await staff('BUYER');
    const branch = { name: 'Pune depot', stateId: 27, city: 'Pune', address: '4 Station Road, Pune' };
    const added = await callApi(app, api.customers.newBranches, { headers, body: { customerNumber, branches: [branch] } });
    expect(added.statusCode, JSON.stringify(added.error())).toBe(200);
    expect(added.json().response.branches).toMatchObject([{ name: 'Pune depot', gstin: null }]);
    const twice = await callApi(app, api.customers.branch, {
      headers,
      body: { customerNumber, branch: { ...branch, name: 'PUNE DEPOT' } },
    });
    expect(twice.error().fieldErrors).toEqual([
      { field: 'branches.0.name', message: MESSAGES.customerBranchTaken('PUNE DEPOT') },
    ]);

    const unknownIfsc = await callApi(app, api.customers.newBank, {
      headers,
      body: { customerNumber, bank: { accountHolderName: 'Metro Rail', accountNumber: '5550001111', ifsc: 'ZZZZ0000001' } },
    });
    expect(unknownIfsc.error().fieldErrors?.[0]?.field).toBe('bank.ifsc');
    const bank = await callApi(app, api.customers.newBank, {
      headers,
      body: { customerNumber, bank: { accountHolderName: 'Metro Rail', accountNumber: '5550001111', ifsc: 'SBIN0000018' } },
    });
    const [account] = bank.json().response.banks;
    expect(account).toMatchObject({ bank: 'State Bank of India', bookFileId: null });

    const upload = await uploadFile(app, { name: 'cheque.pdf', content: samplePdf('cheque') }, { headers });
    const fileId = upload.json().response.UniqueID;
    const othersFile = await callApi(app, api.customers.bankBook, {
      headers: await staff('ADMIN'),
      body: { customerNumber, bankId: account!.id, fileId },
    });
    expect(othersFile.error().fieldErrors?.[0]?.field).toBe('fileId');
    const book = await callApi(app, api.customers.bankBook, { headers, body: { customerNumber, bankId: account!.id, fileId } });
    expect(book.json().response.banks[0]!.bookFileId).toBe(fileId);
  });
});

describe('customers: the CUSTOMER flow', () => {
  it('goes draft → approval → finance → sent back to the buyer → corrected and resubmitted → approved', async () => {
    const { customerNumber, requestNumber, name } = await registered();
    const buyer = await staff('BUYER');
    const submitted = await callApi(app, api.customers.submit, { headers: buyer, body: { customerNumber } });
    expect(submitted.json().response).toMatchObject({ state: 'APPROVAL', desk: 'APPROVER', flow: 'CUSTOMER' });
    // Not a draft any more: the master data is the approvers' to read, not the buyer's to change.
    const locked = await callApi(app, api.customers.masterData, {
      headers: buyer,
      body: { customerNumber, mobileNumber: '9876500000' },
    });
    expect(locked.statusCode).toBe(409);

    const take = async (
      path: 'customerApprove' | 'customerSendBack',
      role: 'APPROVER' | 'FINANCE',
      state: string,
      remarks?: string,
    ) =>
      callApi(app, api.workflow[path], { headers: await staff(role), body: { requestNumber, state: state as never, remarks } });
    // The re-KYC endpoints do not take a customer's request.
    const wrongFlow = await callApi(app, api.workflow.rekycApprove, {
      headers: await staff('APPROVER'),
      body: { requestNumber, state: 'APPROVAL' },
    });
    expect(wrongFlow.statusCode).toBe(404);
    expect((await take('customerApprove', 'APPROVER', 'APPROVAL')).json().response.state).toBe('FINANCE_APPROVAL');
    const back = await take('customerSendBack', 'FINANCE', 'FINANCE_APPROVAL', 'The bank book is not attached.');
    expect(back.json().response).toMatchObject({
      state: 'SENT_BACK',
      desk: 'BUYER',
      lastRemarks: 'The bank book is not attached.',
    });

    const corrected = await callApi(app, api.customers.masterData, {
      headers: buyer,
      body: { customerNumber, mobileNumber: '9876500000' },
    });
    expect(corrected.json().response.mobileNumber).toBe('9876500000');
    const again = await callApi(app, api.customers.submit, { headers: buyer, body: { customerNumber } });
    expect(again.json().response.state).toBe('FINANCE_APPROVAL');
    expect((await take('customerApprove', 'FINANCE', 'FINANCE_APPROVAL')).json().response.state).toBe('APPROVED');

    const record = await callApi(app, api.customers.workflowMasterData, {
      headers: await staff('APPROVER'),
      body: { requestNumber },
    });
    const { customer, status, history } = record.json().response;
    expect(customer.customerNumber).toBe(customerNumber);
    expect(status).toMatchObject({ state: 'APPROVED', desk: null });
    expect(history.map((h) => h.action)).toEqual(['SUBMIT', 'APPROVE', 'SEND_BACK', 'RESUBMIT', 'APPROVE']);

    const listed = await callApi(app, api.customers.list, {
      headers: await staff('APPROVER'),
      query: { searchTerm: name.slice(0, 12) },
    });
    expect(listed.json().response.items.find((i) => i.customerNumber === customerNumber)).toMatchObject({ state: 'APPROVED' });
    const byNumber = await callApi(app, api.customers.list, {
      headers: await staff('APPROVER'),
      query: { searchTerm: customerNumber },
    });
    expect(byNumber.json().response.items.map((i) => i.customerNumber)).toEqual([customerNumber]);
  });
});

describe('customers: the statutory look-ups and the one-call onboarding', () => {
  it('checks a number as the partner look-ups do, and names a PAN or GSTIN another customer holds', async () => {
    const headers = await staff('BUYER');
    const { customerNumber, pan, gstin } = await registered();
    const look = (kind: string, value: string, query: { customerNumber?: string } = {}) =>
      callApi(app, api.customers.statutory, { headers, params: { kind: kind as never, value }, query });

    const held = await look('pan', pan!.toLowerCase());
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      response: { kind: 'pan', value: pan, valid: true, duplicate: true },
      failureMessage: MESSAGES.customerStatutoryDuplicate,
    });
    // The customer being corrected holds its own numbers rightly.
    const own = await look('gst', gstin!, { customerNumber });
    expect(own.json()).toMatchObject({ response: { valid: true, duplicate: false }, failureMessage: null });
    expect((await look('gst', gstin!)).json().response.duplicate).toBe(true);

    const badDigit = await look('gst', `${gstin!.slice(0, 14)}${gstin!.endsWith('A') ? 'B' : 'A'}`);
    expect(badDigit.json().response).toMatchObject({ valid: false, duplicate: false });
    expect(badDigit.json().failureMessage).toBeTruthy();
    const free = await look('pan', 'AACCQ7777D');
    expect(free.json()).toMatchObject({ response: { valid: true, duplicate: false }, failureMessage: null });

    expect((await look('passport', 'X')).statusCode).toBe(400);
    const badQuery = await callApi(app, api.customers.statutory, {
      headers,
      params: { kind: 'pan', value: pan! },
      query: { customerNumber: 'C42' },
    });
    expect(badQuery.error().fieldErrors?.[0]?.field).toBe('customerNumber');
    const approver = await callApi(app, api.customers.statutory, {
      headers: await staff('APPROVER'),
      params: { kind: 'pan', value: pan! },
    });
    expect(approver.statusCode).toBe(403);
    expect((await callApi(app, api.customers.statutory, { params: { kind: 'pan', value: pan! } })).statusCode).toBe(401);
  });

  it('registers a whole customer in one call, submitted when asked, and keeps nothing of a refused one', async () => {
    const headers = await staff('BUYER');
    const body = {
      ...newCustomer(),
      branches: [{ name: 'Nagpur depot', stateId: 27, city: 'Nagpur', address: '9 Depot Road, Nagpur' }],
      banks: [{ accountHolderName: 'Metro Rail', accountNumber: '5550002222', ifsc: 'SBIN0000018' }],
      submit: true,
    };
    const whole = await callApi(app, api.customers.onboarding, { headers, body });
    expect(whole.statusCode, JSON.stringify(whole.error())).toBe(200);
    expect(whole.json().response).toMatchObject({
      state: 'APPROVAL',
      desk: 'APPROVER',
      branches: [{ name: 'Nagpur depot' }],
      banks: [{ bank: 'State Bank of India', accountNumber: '5550002222' }],
    });

    const before = await db.customer.count();
    const badBank = await callApi(app, api.customers.onboarding, {
      headers,
      body: { ...newCustomer(), banks: [body.banks[0]!, { ...body.banks[0]!, ifsc: 'ZZZZ0000001' }] },
    });
    expect(badBank.statusCode).toBe(400);
    expect(badBank.error().fieldErrors?.[0]?.field).toBe('banks.1.ifsc');
    const badCity = await callApi(app, api.customers.onboarding, {
      headers,
      body: { ...newCustomer(), address: { ...body.address, cityId: 999_999 } },
    });
    expect(badCity.error().fieldErrors?.[0]?.field).toBe('address.cityId');
    expect(await db.customer.count()).toBe(before);
    expect((await callApi(app, api.customers.onboarding, { headers: await staff('FINANCE'), body })).statusCode).toBe(403);
  });
});
