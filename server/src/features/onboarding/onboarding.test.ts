import { describe, expect, it } from 'vitest';
import { MESSAGES, api, financialYears, translate } from '@pp/contract';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  freshIp,
  gstinFor,
  samplePdf,
  setupFeatureTest,
  signIn,
  uploadFile,
} from '@pp/testing';

const { db, app } = await setupFeatureTest();

async function partnerSession(overrides: Parameters<typeof createPartnerUser>[1] = {}) {
  const { username, partner } = await createPartnerUser(db, overrides);
  const { auth, token } = await signIn(app, username);
  return { auth: { ...auth, ...freshIp() }, partner, token };
}
const pdf = async (auth: Record<string, string>, name = 'doc.pdf') =>
  (await uploadFile(app, { name, content: samplePdf() }, { headers: auth })).json().response.UniqueID;
const profileOf = (partnerId: number) =>
  db.onboardingProfile.findUniqueOrThrow({
    where: { partnerId_companyCode_categoryCode: { partnerId, companyCode: 1, categoryCode: 'SUP' } },
  });

describe('general details and contacts (POST /api/general-module)', () => {
  it('saves a draft, answers it back, and keeps it for the next login', async () => {
    const { auth, partner } = await partnerSession();
    const res = await callApi(app, api.onboarding.saveGeneral, {
      headers: auth,
      body: {
        general: { ownershipType: 'PVT', businessTypes: ['SUP-MFR', 'SUP-DLR'], employees: '120', website: '' },
        contacts: [{ departmentCode: 'ACCTS', name: 'Asha Rao', mobile: '9876500001', email: 'Asha@Example.com' }],
      },
    });
    expect(res.statusCode).toBe(200);
    const { general, contacts } = res.json().response;
    expect(general).toMatchObject({ ownershipType: 'PVT', businessTypes: ['SUP-MFR', 'SUP-DLR'], employees: 120, website: null });
    expect(contacts).toEqual([expect.objectContaining({ id: expect.any(Number), name: 'Asha Rao', email: 'asha@example.com' })]);

    const username = (await db.userAccount.findFirstOrThrow({ where: { partnerId: partner.id } })).username;
    const again = await signIn(app, username);
    const read = await callApi(app, api.onboarding.generalModule, {
      params: { categoryCode: 'SUP', companyCode: 1 },
      headers: again.auth,
    });
    expect(read.json().response.general).toEqual(general);
    expect(read.json().response.contacts).toEqual(contacts);
  });

  it('names each field that is wrong: a format, a code not in its list, a business type of another business', async () => {
    const { auth } = await partnerSession();
    const format = await callApi(app, api.onboarding.saveGeneral, {
      headers: auth,
      body: { general: { website: 'not a site', yearOfIncorporation: 1850 }, contacts: [{ mobile: '0123' }] },
    });
    expect(format.statusCode).toBe(400);
    expect(
      format
        .error()
        .fieldErrors?.map((e) => e.field)
        .sort(),
    ).toEqual(['contacts.0.mobile', 'general.website', 'general.yearOfIncorporation']);

    const codes = await callApi(app, api.onboarding.saveGeneral, {
      headers: auth,
      body: { general: { ownershipType: 'NOPE', businessTypes: ['INF-CON-EPC'] }, contacts: [{ departmentCode: 'XX' }] },
    });
    expect(codes.statusCode).toBe(400);
    expect(codes.error().fieldErrors).toEqual([
      { field: 'general.ownershipType', message: MESSAGES.notInList('ownership type') },
      { field: 'general.businessTypes.0', message: MESSAGES.notInList('business type of this business') },
      { field: 'contacts.0.departmentCode', message: MESSAGES.notInList('department') },
    ]);
    expect(
      await db.onboardingPart.count({
        where: {
          partName: 'general',
          profile: { partner: { email: { contains: 'partner_' } } },
          data: { path: ['ownershipType'], equals: 'NOPE' },
        },
      }),
    ).toBe(0);
  });

  it('changes and deletes a contact by id; another partner cannot touch it', async () => {
    const owner = await partnerSession();
    const other = await partnerSession();
    const saved = await callApi(app, api.onboarding.saveGeneral, {
      headers: owner.auth,
      body: { contacts: [{ name: 'First Person' }, { name: 'Second Person' }] },
    });
    const [first, second] = saved.json().response.contacts;
    const changed = await callApi(app, api.onboarding.saveGeneral, {
      headers: owner.auth,
      body: { contacts: [{ id: first!.id, name: 'First Changed' }] },
    });
    expect(changed.json().response.contacts.map((c) => c.name)).toEqual(['First Changed', 'Second Person']);

    const foreignEdit = await callApi(app, api.onboarding.saveGeneral, {
      headers: other.auth,
      body: { contacts: [{ id: first!.id, name: 'Hijack' }] },
    });
    expect(foreignEdit.statusCode).toBe(400);
    expect(foreignEdit.error().fieldErrors).toEqual([{ field: 'contacts.0.id', message: MESSAGES.rowNotFound }]);
    const foreignDelete = await callApi(app, api.onboarding.deleteContact, { headers: other.auth, body: { id: second!.id } });
    expect(foreignDelete.statusCode).toBe(400);

    const deleted = await callApi(app, api.onboarding.deleteContact, { headers: owner.auth, body: { id: second!.id } });
    expect(deleted.json().response.map((c) => c.name)).toEqual(['First Changed']);
  });
});

describe('registered address (GET/POST /api/on-boarding/address)', () => {
  it('checks the postal code by country and the state and city by their parents', async () => {
    const { auth } = await partnerSession();
    const pin = await callApi(app, api.onboarding.saveAddress, {
      headers: auth,
      body: { line1: '12 MIDC Road', countryCode: 100, postalCode: '012345' },
    });
    expect(pin.error().fieldErrors).toEqual([{ field: 'postalCode', message: translate('rule.indianPinCode') }]);
    const abroad = await callApi(app, api.onboarding.saveAddress, {
      headers: auth,
      body: { line1: '12 Sheikh Zayed Road', countryCode: 101, postalCode: 'DXB-12' },
    });
    expect(abroad.statusCode).toBe(200);
    const mismatch = await callApi(app, api.onboarding.saveAddress, {
      headers: auth,
      body: { countryCode: 101, stateId: 27, cityId: 1 },
    });
    expect(mismatch.error().fieldErrors).toEqual([
      { field: 'stateId', message: MESSAGES.notInList('state of this country') },
      { field: 'cityId', message: MESSAGES.notInList('city of this state') },
    ]);
    expect((await callApi(app, api.onboarding.address, { headers: auth })).json().response).toMatchObject({
      countryCode: 101,
      postalCode: 'DXB-12',
    });
  });
});

describe('statutory details and GSTINs', () => {
  it("checks the PAN against the ownership type and each GSTIN's check digit and PAN", async () => {
    const { auth } = await partnerSession();
    await callApi(app, api.onboarding.saveGeneral, { headers: auth, body: { general: { ownershipType: 'PVT' } } });
    const personal = await callApi(app, api.onboarding.saveOrgDetails, { headers: auth, body: { pan: 'aaapd1234e' } });
    expect(personal.statusCode).toBe(400);
    expect(personal.error().fieldErrors?.[0]?.field).toBe('pan');
    expect(personal.error().failureMessage).toContain('4th letter');
    const ok = await callApi(app, api.onboarding.saveOrgDetails, {
      headers: auth,
      body: { pan: 'AAACD1234E', aadhaarNumber: '234567890123' },
    });
    expect(ok.error().fieldErrors).toEqual([{ field: 'aadhaarNumber', message: translate('identifier.aadhaarCheckDigit') }]);
    expect((await callApi(app, api.onboarding.saveOrgDetails, { headers: auth, body: { pan: 'AAACD1234E' } })).statusCode).toBe(
      200,
    );

    const good = gstinFor('AAACD1234E');
    const typo = `${good.slice(0, 14)}${good[14] === 'A' ? 'B' : 'A'}`;
    const wrong = await callApi(app, api.onboarding.saveGstins, {
      headers: auth,
      body: { gstins: [{ gstin: typo }, { gstin: gstinFor('AABCE9876F') }, { gstin: '99AAACD1234E1Z5' }] },
    });
    expect(wrong.error().fieldErrors).toEqual([
      { field: 'gstins.0.gstin', message: translate('identifier.gstinCheckDigit') },
      { field: 'gstins.1.gstin', message: MESSAGES.gstinPanMismatch('AAACD1234E') },
      { field: 'gstins.2.gstin', message: translate('identifier.gstinCheckDigit') },
    ]);
    const saved = await callApi(app, api.onboarding.saveGstins, {
      headers: auth,
      body: { gstins: [{ gstin: good, registrationType: 'REGULAR' }] },
    });
    expect(saved.json().response).toEqual([expect.objectContaining({ gstin: good, registrationType: 'REGULAR' })]);
    // The list is saved whole: leaving a GSTIN out removes it.
    expect((await callApi(app, api.onboarding.saveGstins, { headers: auth, body: { gstins: [] } })).json().response).toEqual([]);
  });

  it("refuses a document that is not the partner's own upload", async () => {
    const owner = await partnerSession();
    const other = await partnerSession();
    const theirs = await pdf(other.auth);
    const res = await callApi(app, api.onboarding.saveOrgDetails, { headers: owner.auth, body: { panFileId: theirs } });
    expect(res.error().fieldErrors).toEqual([{ field: 'panFileId', message: MESSAGES.fileNotYours }]);
  });
});

describe('bank accounts (POST /api/general-module/save/bank-details)', () => {
  it('fills bank and branch from the IFSC master and refuses an unknown IFSC, a second primary and a mistyped confirmation', async () => {
    const { auth, partner } = await partnerSession();
    const account = { accountHolderName: 'Test Org', accountNumber: '1234567890', accountType: 'P', bankName: 'Typed Bank' };
    const saved = await callApi(app, api.onboarding.saveBankDetails, {
      headers: auth,
      body: { bankAccounts: [{ ...account, ifsc: 'sbin0000018' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().response.bankAccounts[0]).toMatchObject({
      ifsc: 'SBIN0000018',
      bankName: 'State Bank of India',
      branchName: 'Fort',
    });
    const profile = await profileOf(partner.id);
    expect(
      await db.partnerIdentifier.findMany({ where: { profileId: profile.id }, select: { kind: true, value: true } }),
    ).toEqual([{ kind: 'BANK', value: 'SBIN0000018:1234567890' }]);

    const unknown = await callApi(app, api.onboarding.saveBankDetails, {
      headers: auth,
      body: { bankAccounts: [{ ...account, accountType: 'S', ifsc: 'SBIN0999999' }] },
    });
    expect(unknown.error().fieldErrors).toEqual([{ field: 'bankAccounts.0.ifsc', message: MESSAGES.ifscUnknown('SBIN0999999') }]);
    const second = await callApi(app, api.onboarding.saveBankDetails, {
      headers: auth,
      body: { bankAccounts: [{ ...account, ifsc: 'HDFC0000149' }] },
    });
    expect(second.error().fieldErrors).toEqual([{ field: 'bankAccounts.0.accountType', message: MESSAGES.onePrimaryOnly }]);
    const confirm = await callApi(app, api.onboarding.saveBankDetails, {
      headers: auth,
      body: { bankAccounts: [{ ...account, confirmAccountNumber: '1234567809' }] },
    });
    expect(confirm.error().fieldErrors).toEqual([
      { field: 'bankAccounts.0.confirmAccountNumber', message: translate('validation.accountNumberMismatch') },
    ]);
    const id = saved.json().response.bankAccounts[0]!.id;
    expect((await callApi(app, api.onboarding.deleteBankAccount, { headers: auth, body: { id } })).json().response).toEqual([]);
    expect(await db.partnerIdentifier.count({ where: { profileId: profile.id } })).toBe(0);
  });
});

describe('financial details', () => {
  it('keeps each year asked, merges saves year by year, and refuses other years', async () => {
    const { auth } = await partnerSession();
    const [latest, previous] = financialYears();
    await callApi(app, api.onboarding.saveFinancialPerformance, {
      headers: auth,
      body: { years: [{ financialYear: latest, turnover: '100.50' }] },
    });
    const merged = await callApi(app, api.onboarding.saveFinancialPerformance, {
      headers: auth,
      body: { years: [{ financialYear: previous, turnover: '90', profitAfterTax: '-4.5' }] },
    });
    expect(merged.json().response.performance.map((r) => [r.financialYear, r.turnover])).toEqual([
      [latest, '100.50'],
      [previous, '90'],
    ]);
    const old = await callApi(app, api.onboarding.saveFinancialStrength, {
      headers: auth,
      body: { years: [{ financialYear: '2001-02', netWorth: '1' }] },
    });
    expect(old.error().fieldErrors).toEqual([
      { field: 'years.0.financialYear', message: MESSAGES.financialYearNotAsked(financialYears()) },
    ]);
    const ratio = await callApi(app, api.onboarding.saveFinancialStrength, {
      headers: auth,
      body: { years: [{ financialYear: latest, currentRatio: '0:0' }] },
    });
    expect(ratio.error().fieldErrors).toEqual([{ field: 'years.0.currentRatio', message: translate('rule.ratio') }]);
    const read = await callApi(app, api.onboarding.financialRetrieval, {
      params: { categoryCode: 'SUP', companyCode: 1 },
      headers: auth,
    });
    expect(read.json().response.years).toEqual(financialYears());
  });
});

describe('credentials, partnership avenues and branches', () => {
  it('keeps branch name and street unique (ignoring case and spaces) and deletes a branch by its DELETE call', async () => {
    const { auth } = await partnerSession();
    const branch = { branchName: 'Pune Depot', street: 'Nagar Road', stateId: 27, cityId: 57, postalCode: '411014' };
    const first = await callApi(app, api.onboarding.saveBranch, { headers: auth, body: { branches: [branch] } });
    expect(first.statusCode).toBe(200);
    const dup = await callApi(app, api.onboarding.saveBranch, {
      headers: auth,
      body: { branches: [{ ...branch, branchName: ' pune  depot ', street: 'NAGAR ROAD' }] },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.error().fieldErrors).toEqual([{ field: 'branches.0.branchName', message: MESSAGES.branchNotUnique }]);
    const city = await callApi(app, api.onboarding.saveBranch, {
      headers: auth,
      body: { branches: [{ ...branch, street: 'Other Road', cityId: 1 }] },
    });
    expect(city.error().fieldErrors).toEqual([{ field: 'branches.0.cityId', message: MESSAGES.notInList('city of this state') }]);

    const id = first.json().response.branches[0]!.id;
    const gone = await callApi(app, api.onboarding.deleteBranch, {
      params: { branchId: id, categoryCode: 'SUP', companyCode: 1 },
      headers: auth,
    });
    expect(gone.json().response).toEqual([]);
  });

  it('takes a cluster under its own vertical only, once', async () => {
    const { auth } = await partnerSession();
    const wrong = await callApi(app, api.onboarding.savePartnershipAvenue, {
      headers: auth,
      body: { avenues: [{ verticalCode: 'V-BF', clusterCode: 'C-PT-SUB' }] },
    });
    expect(wrong.error().fieldErrors).toEqual([
      { field: 'avenues.0.clusterCode', message: MESSAGES.notInList('cluster of this vertical') },
    ]);
    const avenue = { verticalCode: 'V-PT', clusterCode: 'C-PT-SUB', interest: 'HIGH' };
    expect(
      (await callApi(app, api.onboarding.savePartnershipAvenue, { headers: auth, body: { avenues: [avenue] } })).statusCode,
    ).toBe(200);
    const again = await callApi(app, api.onboarding.savePartnershipAvenue, { headers: auth, body: { avenues: [avenue] } });
    expect(again.error().fieldErrors).toEqual([{ field: 'avenues.0.clusterCode', message: MESSAGES.avenueNotUnique }]);
  });

  it('saves the credential lists given and leaves the others', async () => {
    const { auth } = await partnerSession();
    await callApi(app, api.onboarding.saveCredential, {
      headers: auth,
      body: { projects: [{ clientName: 'NHAI', projectName: 'NH-48 widening', value: '2500' }] },
    });
    const res = await callApi(app, api.onboarding.saveCredential, {
      headers: auth,
      body: { ratings: [{ agencyCode: 'CRISIL', rating: 'bbb+' }] },
    });
    expect(res.json().response.projects).toHaveLength(1);
    expect(res.json().response.ratings).toEqual([expect.objectContaining({ agencyCode: 'CRISIL', rating: 'BBB+' })]);
    const bad = await callApi(app, api.onboarding.saveCredential, {
      headers: auth,
      body: { customers: [{ sector: 'MOON', shareOfTurnover: 140 }] },
    });
    expect(bad.error().fieldErrors?.map((e) => e.field)).toEqual(['customers.0.shareOfTurnover']);
  });
});

describe('the delete call of each list (section 7)', () => {
  /** Each list: a row that saves, how it is saved, and its delete call. */
  const cases = [
    [
      'contacts',
      api.onboarding.deleteContact,
      (row: object) => ({ endpoint: api.onboarding.saveGeneral, body: { contacts: [row] } }),
      {
        departmentCode: 'SALES',
        name: 'Vinod Iyer',
        designation: 'Sales Head',
        mobile: '9876500002',
        email: 'sales@example.com',
      },
    ],
    [
      'avenues',
      api.onboarding.deleteAvenue,
      (row: object) => ({ endpoint: api.onboarding.savePartnershipAvenue, body: { avenues: [row] } }),
      { verticalCode: 'V-PT', clusterCode: 'C-PT-SUB', interest: 'HIGH' },
    ],
    [
      'customers',
      api.onboarding.deleteCustomer,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { customers: [row] } }),
      { customerName: 'Metro Rail Corporation', sector: 'PSU', shareOfTurnover: 35 },
    ],
    [
      'bankAccounts',
      api.onboarding.deleteBankAccount,
      (row: object) => ({ endpoint: api.onboarding.saveBankDetails, body: { bankAccounts: [row] } }),
      {
        accountHolderName: 'Test Org Pvt Ltd',
        accountNumber: '000123456789',
        confirmAccountNumber: '000123456789',
        accountCategory: 'CA',
        accountType: 'P',
        ifsc: 'SBIN0000018',
        paymentMode: 'NEFT',
      },
    ],
    [
      'factories',
      api.onboarding.deleteFactory,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { factories: [row] } }),
      { name: 'Taloja works', address: 'Plot 7, MIDC Taloja' },
    ],
    [
      'warehouses',
      api.onboarding.deleteWarehouse,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { warehouses: [row] } }),
      { name: 'Bhiwandi store', address: 'Gala 12, Bhiwandi' },
    ],
    [
      'memberships',
      api.onboarding.deleteMembership,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { memberships: [row] } }),
      { bodyCode: 'CII', membershipNumber: 'CII-12345' },
    ],
    [
      'projects',
      api.onboarding.deleteProject,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { projects: [row] } }),
      { clientName: 'NHAI', projectName: 'NH-48 widening', value: '2500' },
    ],
    [
      'bankers',
      api.onboarding.deleteBanker,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { bankers: [row] } }),
      { bankName: 'State Bank of India', branchName: 'Fort, Mumbai' },
    ],
    [
      'ratings',
      api.onboarding.deleteRating,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { ratings: [row] } }),
      { agencyCode: 'CRISIL', rating: 'BBB+' },
    ],
    [
      'erpSystems',
      api.onboarding.deleteErp,
      (row: object) => ({ endpoint: api.onboarding.saveCredential, body: { erpSystems: [row] } }),
      { erpCode: 'SAP' },
    ],
  ] as const;

  it.each(cases)(
    '%s: refuses a bad id naming it and another partner, then deletes for its owner',
    async (list, remove, save, row) => {
      const { auth, partner } = await partnerSession();
      const { endpoint, body } = save(row);
      const saved = await callApi(app, endpoint as typeof api.onboarding.saveCredential, { headers: auth, body });
      expect(saved.statusCode, JSON.stringify(saved.error())).toBe(200);
      const { id } = await db.onboardingRow.findFirstOrThrow({ where: { listName: list, profile: { partnerId: partner.id } } });

      const bad = await callApi(app, remove, { headers: auth, body: { id: 'x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.error().fieldErrors?.map((e) => e.field)).toEqual(['id']);

      const other = await partnerSession();
      const refused = await callApi(app, remove, { headers: other.auth, body: { id } });
      expect(refused.statusCode).toBe(400);
      expect(refused.error().fieldErrors).toEqual([{ field: 'id', message: MESSAGES.rowNotFound }]);
      expect(await db.onboardingRow.count({ where: { id } })).toBe(1);

      const gone = await callApi(app, remove, { headers: auth, body: { id } });
      expect(gone.statusCode).toBe(200);
      expect(await db.onboardingRow.count({ where: { id } })).toBe(0);
    },
  );
});

describe('questions (GET /api/onboard-questions/…, POST /api/onboard-answer-heads/draft)', () => {
  const sup = { categoryCode: 'SUP', companyCode: 1 };

  it("reads a choice question's options in the reader's language and keeps the option itself as the answer", async () => {
    const { auth } = await partnerSession();
    const params = { ...sup, moduleCode: 'CRD', isInternational: 'false' };
    const choice = async (language: string) =>
      (await callApi(app, api.onboarding.moduleQuestions, { params, headers: { ...auth, 'accept-language': language } }))
        .json()
        .response.find((q) => q.questionId === 503)!;
    const hindi = await choice('hi');
    expect(hindi.options).toEqual(['Up to 10', '11 to 50', '51 to 200', 'More than 200']);
    expect(hindi.optionLabels).toEqual(['10 तक', '11 से 50', '51 से 200', '200 से अधिक']);
    expect((await choice('en')).optionLabels).toEqual(hindi.options);

    const saved = await callApi(app, api.onboarding.saveAnswers, {
      headers: { ...auth, 'accept-language': 'hi' },
      body: { ...sup, answers: [{ questionId: 503, value: '11 to 50' }] },
    });
    expect(saved.json().response.map((q) => [q.questionId, q.answer?.value])).toEqual([[503, '11 to 50']]);
    const label = await callApi(app, api.onboarding.saveAnswers, {
      headers: auth,
      body: { ...sup, answers: [{ questionId: 503, value: '11 से 50' }] },
    });
    expect(label.statusCode).toBe(400);
  });

  it("asks a domestic supplier its module's questions and keeps its answers", async () => {
    const { auth } = await partnerSession();
    const params = { ...sup, moduleCode: 'QHS', isInternational: 'false' };
    const questions = (await callApi(app, api.onboarding.moduleQuestions, { params, headers: auth })).json().response;
    expect(questions.map((q) => q.questionId)).toEqual([701, 703, 706, 707, 708, 709]);
    const wrongKind = await callApi(app, api.onboarding.moduleQuestions, {
      params: { ...params, isInternational: 'true' },
      headers: auth,
    });
    expect(wrongKind.error().fieldErrors).toEqual([{ field: 'isInternational', message: MESSAGES.internationalMismatch }]);

    const saved = await callApi(app, api.onboarding.saveAnswers, {
      headers: auth,
      body: {
        ...sup,
        answers: [
          { questionId: 706, value: 'Y' },
          { questionId: 707, value: '2' },
        ],
      },
    });
    expect(saved.json().response.map((q) => [q.questionId, q.answer?.value])).toEqual([
      [706, 'Y'],
      [707, '2'],
    ]);
    // A question named twice in one save keeps its last answer; the others stay as saved.
    const twice = await callApi(app, api.onboarding.saveAnswers, {
      headers: auth,
      body: {
        ...sup,
        answers: [
          { questionId: 706, value: 'N' },
          { questionId: 706, value: 'Y' },
        ],
      },
    });
    expect(twice.statusCode, JSON.stringify(twice.json())).toBe(200);
    const after = (await callApi(app, api.onboarding.moduleQuestions, { params, headers: auth })).json().response;
    expect(after.filter((q) => q.answer).map((q) => [q.questionId, q.answer?.value])).toEqual([
      [706, 'Y'],
      [707, '2'],
    ]);
  });

  it('checks answers by kind; a Static question takes one file, the partner’s own', async () => {
    const { auth } = await partnerSession();
    const other = await partnerSession();
    const [a, b] = [await pdf(auth), await pdf(auth)];
    const res = await callApi(app, api.onboarding.saveAnswers, {
      headers: auth,
      body: {
        ...sup,
        answers: [
          { questionId: 706, value: 'maybe' },
          { questionId: 701, fileIds: [a, b] },
          { questionId: 709, fileIds: [await pdf(other.auth)] },
          { questionId: 501, value: '10' },
        ],
      },
    });
    expect(res.error().fieldErrors?.sort((x, y) => x.field.localeCompare(y.field))).toEqual([
      { field: 'answers.0.value', message: MESSAGES.answerYesNo },
      { field: 'answers.1.fileIds', message: MESSAGES.onlyOneFile },
      { field: 'answers.2.fileIds.0', message: MESSAGES.fileNotYours },
      { field: 'answers.3.questionId', message: MESSAGES.noSuchQuestion(501) },
    ]);
    await callApi(app, api.onboarding.saveAnswers, {
      headers: auth,
      body: { ...sup, answers: [{ questionId: 709, fileIds: [a, b] }] },
    });
    const left = await callApi(app, api.onboarding.deleteFileAnswer, { headers: auth, body: { questionId: 709, fileId: a } });
    expect(left.json().response.answer?.files.map((f) => f.uniqueId)).toEqual([b]);
  });
});

describe('declarations', () => {
  it('answers the company text, records the acceptance, and lets only a technical admin change the text', async () => {
    const { auth } = await partnerSession();
    const text = await callApi(app, api.onboarding.declaration, { query: { companyCode: 8 }, headers: auth });
    expect(text.json().response.declarationHtml).toContain('Meridian Infrastructure Projects');
    const query = { categoryCode: 'SUP', companyCode: 1 };
    expect((await callApi(app, api.onboarding.acceptance, { query, headers: auth })).json().response).toBeNull();
    const refused = await callApi(app, api.onboarding.accept, {
      query,
      headers: auth,
      body: { accepted: false, signatoryName: 'A B', signatoryDesignation: 'Director', place: 'Pune' },
    });
    expect(refused.error().fieldErrors).toEqual([{ field: 'accepted', message: translate('rule.declarationAccepted') }]);
    await callApi(app, api.onboarding.accept, {
      query,
      headers: auth,
      body: { accepted: true, signatoryName: 'Asha Rao', signatoryDesignation: 'Director', place: 'Pune' },
    });
    expect((await callApi(app, api.onboarding.acceptance, { query, headers: auth })).json().response).toMatchObject({
      signatoryName: 'Asha Rao',
    });

    const newText = {
      companyCode: 8,
      declarationHtml: '<p>Revised declaration text for the second company.</p>',
      tdsDeclarationHtml: '<p>Revised TDS declaration text.</p>',
    };
    const buyer = await signIn(app, (await createStaffUser(db, 'BUYER')).username);
    expect(
      (await callApi(app, api.onboarding.saveDeclarationText, { headers: { ...buyer.auth, ...freshIp() }, body: newText }))
        .statusCode,
    ).toBe(403);
    const admin = await signIn(app, (await createStaffUser(db, 'ADMIN')).username);
    // Partners' pages show the text as HTML: a script or an attribute is refused, and nothing is changed.
    const scripted = await callApi(app, api.onboarding.saveDeclarationText, {
      headers: { ...admin.auth, ...freshIp() },
      body: { ...newText, declarationHtml: '<p onmouseover="alert(1)">Revised declaration text.</p>' },
    });
    expect(scripted.statusCode).toBe(400);
    expect(scripted.error().fieldErrors).toEqual([{ field: 'declarationHtml', message: translate('rule.declarationHtml') }]);
    expect(
      (await callApi(app, api.onboarding.declaration, { query: { companyCode: 8 }, headers: auth })).json().response
        .declarationHtml,
    ).toContain('Meridian Infrastructure Projects');
    expect(
      (await callApi(app, api.onboarding.saveDeclarationText, { headers: { ...admin.auth, ...freshIp() }, body: newText })).json()
        .response,
    ).toEqual(newText);
  });

  it('answers the texts in Hindi to a reader who asks for Hindi, and never an old translation of changed English', async () => {
    const { auth } = await partnerSession();
    const read = async (language: string) =>
      (
        await callApi(app, api.onboarding.declaration, {
          query: { companyCode: 1 },
          headers: { ...auth, 'accept-language': language },
        })
      ).json().response;
    const hindi = await read('hi-IN,hi;q=0.9,en;q=0.5');
    expect(hindi.declarationHtml).toContain('मैं/हम घोषणा करते हैं');
    expect(hindi.tdsDeclarationHtml).toContain('धारा 206AB / 206CCA');
    expect((await read('en')).declarationHtml).toContain('I/We declare');

    const admin = { ...(await signIn(app, (await createStaffUser(db, 'ADMIN')).username)).auth, ...freshIp() };
    const english = {
      companyCode: 1,
      declarationHtml: '<p>I/We declare the revised text.</p>',
      tdsDeclarationHtml: '<p>Revised TDS declaration text.</p>',
    };
    await callApi(app, api.onboarding.saveDeclarationText, {
      headers: admin,
      body: { ...english, tdsDeclarationHtmlHi: '<p>संशोधित टीडीएस घोषणा।</p>' },
    });
    // The English declaration changed without its Hindi: a Hindi reader reads the English now.
    expect(await read('hi')).toEqual({
      companyCode: 1,
      declarationHtml: english.declarationHtml,
      tdsDeclarationHtml: '<p>संशोधित टीडीएस घोषणा।</p>',
    });
    const stored = await db.declarationText.findUniqueOrThrow({ where: { companyCode: 1 } });
    expect(stored.declarationHtmlHi).toBeNull();
  });
});

describe('company profiles are separate, and another partner sees only its own', () => {
  it('keeps what a partner saved for company 1 out of its company 8 profile and out of other partners', async () => {
    const { auth } = await partnerSession();
    await callApi(app, api.onboarding.saveGeneral, { headers: auth, body: { general: { profile: 'Steel for company one' } } });
    const switched = await callApi(app, api.access.infoCategory, {
      headers: auth,
      body: { categoryCode: 'INF-SUP', companyCode: 8 },
    });
    expect(switched.statusCode).toBe(200);
    const eight = await callApi(app, api.onboarding.generalModule, {
      params: { categoryCode: 'INF-SUP', companyCode: 8 },
      headers: auth,
    });
    expect(eight.json().response.general).toBeNull();
    const one = await callApi(app, api.onboarding.generalModule, {
      params: { categoryCode: 'SUP', companyCode: 1 },
      headers: auth,
    });
    expect(one.json().response.general?.profile).toBe('Steel for company one');

    const other = await partnerSession();
    const theirs = await callApi(app, api.onboarding.generalModule, {
      params: { categoryCode: 'SUP', companyCode: 1 },
      headers: other.auth,
    });
    expect(theirs.json().response.general).toBeNull();
    const notMine = await callApi(app, api.onboarding.generalModule, {
      params: { categoryCode: 'INF-CON', companyCode: 8 },
      headers: other.auth,
    });
    expect(notMine.statusCode).toBe(404);
  });
});
