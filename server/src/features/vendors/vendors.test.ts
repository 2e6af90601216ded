import { describe, expect, it } from 'vitest';
import { ONBOARDING_LISTS, SEARCH_TOTAL_CAP, api, bankIdentifier } from '@pp/contract';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  okResponse as ok,
  setupFeatureTest,
  signIn,
  withReferenceData,
} from '@pp/testing';

const { db, app } = await setupFeatureTest({ referenceData: false });
await withReferenceData(db);
const admin = (await signIn(app, (await createStaffUser(db, 'ADMIN')).username)).auth;

/** A partner (numbered as the portal numbers them) whose profile registered a PAN, a GSTIN and a bank account. */
async function registered(name: string, partnerNumber: string, numbers: { pan: string; gstin: string; account: string }) {
  const made = await createPartnerUser(db, { onboardStatus: 'Approved' });
  made.partner = await db.partner.update({
    where: { id: made.partner.id },
    data: { organizationName: name, partnerNumber, mobileNumber: '9812345678' },
  });
  const profile = await db.onboardingProfile.findFirstOrThrow({ where: { partnerId: made.partner.id } });
  await db.partnerIdentifier.createMany({
    data: [
      { kind: 'PAN', value: numbers.pan, partnerId: made.partner.id, profileId: profile.id },
      { kind: 'GST', value: numbers.gstin, partnerId: made.partner.id, profileId: profile.id },
      { kind: 'BANK', value: bankIdentifier('HDFC0000123', numbers.account), partnerId: made.partner.id, profileId: profile.id },
    ],
  });
  // A bank account the partner saved as a draft, as the partner area stores it.
  const { confirmAccountNumber: _confirm, ...draft } = ONBOARDING_LISTS.bankAccounts.input.parse({
    accountHolderName: 'Zenith Forgings Pvt Ltd',
    accountNumber: '990011223344',
    ifsc: 'SBIN0000018',
  });
  await db.onboardingPart.create({
    data: { profileId: profile.id, partName: 'bankDraft', data: { ...draft, savedAt: new Date().toISOString() } },
  });
  return made;
}

const stamp = String(Date.now()).slice(-6);
const found = await registered(`Zenith Forgings ${stamp} Pvt Ltd`, `P9${stamp}`, {
  pan: 'ZENFG1234K',
  gstin: '27ZENFG1234K1Z5',
  account: `50100${stamp}`,
});

describe('the vendor master', () => {
  it('finds a partner by name, partner number, PAN, GSTIN, mobile and bank account number', async () => {
    const search = (searchTerm: string) => ok(callApi(app, api.vendors.search, { headers: admin, query: { searchTerm } }));
    for (const [term, as] of [
      [`zenith forgings ${stamp}`, 'name'],
      [found.partner.partnerNumber.toLowerCase(), 'partnerNumber'],
      ['zenfg1234k', 'pan'],
      ['27ZENFG1234K1Z5', 'gstin'],
      [`50100${stamp}`, 'bankAccount'],
    ] as const) {
      const page = await search(term);
      expect(page.matchedAs, term).toBe(as);
      expect(
        page.items.map((i) => i.partnerNumber),
        term,
      ).toEqual([found.partner.partnerNumber]);
    }
    const byMobile = await search('9812345678');
    expect(byMobile.matchedAs).toBe('mobile');
    expect(byMobile.items.map((i) => i.partnerNumber)).toContain(found.partner.partnerNumber);
    expect((await search('Nobody Of This Name At All')).total).toBe(0);
    // Every partner, newest first, and those of one company.
    const all = await ok(callApi(app, api.vendors.search, { headers: admin, query: { pageSize: 5 } }));
    expect(all.total).toBeGreaterThan(0);
    expect(all.matchedAs).toBeNull();
    const ofEight = await ok(
      callApi(app, api.vendors.search, { headers: admin, query: { searchTerm: found.partner.partnerNumber, companyCode: 8 } }),
    );
    expect(ofEight.items).toHaveLength(1);
  });

  it('shows a partner’s master data: companies, profiles and requests, numbers, drafts', async () => {
    const detail = await ok(
      callApi(app, api.vendors.detail, { headers: admin, params: { partnerNumber: found.partner.partnerNumber } }),
    );
    expect(detail).toMatchObject({
      organizationName: `Zenith Forgings ${stamp} Pvt Ltd`,
      accountStatus: 'ACTIVE',
      drafts: { bank: true, finance: false },
    });
    expect(detail.companies.map((c) => c.companyCode).sort()).toEqual([1, 1, 8]);
    expect(detail.profiles).toEqual([
      expect.objectContaining({ companyCode: 1, status: 'Approved', rekycAllowed: false, financeDraft: null }),
    ]);
    expect(detail.profiles[0]!.bankDraft).toMatchObject({ accountNumber: '990011223344', ifsc: 'SBIN0000018' });
    expect(detail.identifiers.map((i) => i.kind)).toEqual(['BANK', 'GST', 'PAN']);
  });

  it('totals every partner, or a company’s, before a search from counts kept as partners are mapped and removed', async () => {
    const totalsAgree = async () => {
      for (const companyCode of [undefined, 1, 8]) {
        const query = companyCode === undefined ? {} : { companyCode };
        const { total } = await ok(callApi(app, api.vendors.search, { headers: admin, query }));
        const counted = await db.partner.count({
          where: companyCode === undefined ? {} : { mappings: { some: { companyCode } } },
        });
        expect(total, JSON.stringify(query)).toBe(counted);
      }
    };
    const inCompany = async (companyCode: number) =>
      (await ok(callApi(app, api.vendors.search, { headers: admin, query: { companyCode } }))).total;
    await totalsAgree();
    const { partner } = await createPartnerUser(db);
    await totalsAgree();
    await db.companyMapping.deleteMany({ where: { partnerId: partner.id } });
    await totalsAgree();
    const [first, second] = await db.businessCategory.findMany({ where: { companyCode: 8, level: 1 }, take: 2 });
    const eight = await inCompany(8);
    // Two businesses in one company: the partner counts there once, until it has none left there.
    await db.companyMapping.createMany({
      data: [first!, second!].map((c) => ({ partnerId: partner.id, companyCode: 8, categoryCode: c.categoryCode })),
    });
    expect(await inCompany(8)).toBe(eight + 1);
    await db.companyMapping.deleteMany({ where: { partnerId: partner.id, categoryCode: first!.categoryCode } });
    expect(await inCompany(8)).toBe(eight + 1);
    await totalsAgree();
    await db.companyMapping.updateMany({ where: { partnerId: partner.id, companyCode: 8 }, data: { companyCode: 1 } });
    expect(await inCompany(8)).toBe(eight);
    await totalsAgree();
    await db.partner.delete({ where: { id: partner.id } });
    await totalsAgree();
  });

  it('counts a search up to the contract’s cap: past it the total is the cap, said so, and the pages go on', async () => {
    const word = `Quartzite${stamp}`;
    await db.partner.createMany({
      data: Array.from({ length: SEARCH_TOTAL_CAP + 5 }, (_, i) => ({
        partnerNumber: `Q${stamp}${String(i).padStart(5, '0')}`,
        organizationName: `${word} Works ${i}`,
        email: `quartzite${i}@example.com`,
        countryCode: found.partner.countryCode,
      })),
    });
    const search = (query: Record<string, string | number>) => ok(callApi(app, api.vendors.search, { headers: admin, query }));
    expect(await search({ searchTerm: word, pageSize: 100 })).toMatchObject({ total: SEARCH_TOTAL_CAP, totalCapped: true });
    // The matches past the cap are still listed: the eleventh page of a hundred holds the last five.
    const last = await search({ searchTerm: word, pageSize: 100, pageNo: 11 });
    expect(last.items.map((p) => p.organizationName)).toEqual([4, 3, 2, 1, 0].map((i) => `${word} Works ${i}`));
    // A closer search is counted exactly: "Works 100" is in 100 and 1000 to 1004.
    expect(await search({ searchTerm: `${word} Works 100` })).toMatchObject({ total: 6, totalCapped: false });
    // Before a search every partner counts, however many.
    const everyone = await search({});
    expect(everyone).toMatchObject({ total: await db.partner.count(), totalCapped: false });
    expect(everyone.total).toBeGreaterThan(SEARCH_TOTAL_CAP);
  });

  it('is for staff who may edit the vendor master; bad input is named', async () => {
    const buyer = (await signIn(app, (await createStaffUser(db, 'BUYER')).username)).auth;
    const partner = (await signIn(app, found.username)).auth;
    expect((await callApi(app, api.vendors.search, { headers: buyer })).statusCode).toBe(403);
    expect((await callApi(app, api.vendors.search, { headers: partner })).statusCode).toBe(403);
    expect((await callApi(app, api.vendors.search)).statusCode).toBe(401);
    expect((await callApi(app, api.vendors.detail, { headers: admin, params: { partnerNumber: 'P0000000' } })).statusCode).toBe(
      404,
    );
    for (const [query, field] of [
      [{ pageSize: 1000 }, 'pageSize'],
      [{ companyCode: 'x' }, 'companyCode'],
      [{ searchTerm: 'y'.repeat(101) }, 'searchTerm'],
      [{ after: 'abc' }, ''],
    ] as const) {
      const res = await callApi(app, api.vendors.search, { headers: admin, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field}`));
    }
  });
});
