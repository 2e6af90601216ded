import { describe, expect, it } from 'vitest';
import { MESSAGES, api, encryptId } from '@pp/contract';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  samplePdf,
  samplePng,
  setupFeatureTest,
  signIn,
  uploadFile,
} from '@pp/testing';

const { db, app } = await setupFeatureTest();

describe('GET /api/partner/info', () => {
  it("answers the signed-in partner's details with primary and secondary business", async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const res = await callApi(app, api.partner.info, { headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      failureMessage: null,
      response: expect.objectContaining({
        partnerId: partner.id,
        organizationName: partner.organizationName,
        partnerNumber: partner.partnerNumber,
        primaryBusiness: [
          { categoryCode: 'SUP', categoryName: 'Supplier' },
          { categoryCode: 'INF-SUP', categoryName: 'Infrastructure Supplier' },
        ],
        secondaryBusiness: [{ categoryCode: 'SVC', categoryName: 'Service Provider' }],
        currentCompanyCode: 1,
        currentCategoryCode: 'SUP',
        countryDetail: { countryCode: 100, countryName: 'India' },
      }),
    });
  });

  it('names the businesses in the language the request asks for, each language kept apart', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const businessIn = async (language: string) =>
      (await callApi(app, api.partner.info, { headers: { ...auth, 'accept-language': language } })).json().response;
    expect((await businessIn('hi')).primaryBusiness).toEqual([
      { categoryCode: 'SUP', categoryName: 'आपूर्तिकर्ता' },
      { categoryCode: 'INF-SUP', categoryName: 'अवसंरचना आपूर्तिकर्ता' },
    ]);
    expect((await businessIn('en')).secondaryBusiness).toEqual([{ categoryCode: 'SVC', categoryName: 'Service Provider' }]);
    expect((await businessIn('hi')).secondaryBusiness).toEqual([{ categoryCode: 'SVC', categoryName: 'सेवा प्रदाता' }]);
    const companies = await callApi(app, api.partner.companyAndCategory, { headers: { ...auth, 'accept-language': 'hi' } });
    expect(companies.json().response.map((c) => c.categoryName)).toContain('आपूर्तिकर्ता');
    const own = await callApi(app, api.partner.partnerCompanies, { headers: { ...auth, 'accept-language': 'hi' } });
    expect(own.json().response.flatMap((c) => c.businesses.map((b) => b.categoryName))).toContain('सेवा प्रदाता');
  });

  it('answers 403 to a staff account, which has no partner details', async () => {
    const { username } = await createStaffUser(db, 'BUYER');
    const { auth } = await signIn(app, username);
    const res = await callApi(app, api.partner.info, { headers: auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ response: null, errorCode: 403 });
  });
});

describe('GET /api/companyMapping/companyAndCategory', () => {
  it('lists company mapping entries of spec section 3, only for the caller', async () => {
    const me = await createPartnerUser(db);
    await createPartnerUser(db);
    const { auth } = await signIn(app, me.username);
    const res = await callApi(app, api.partner.companyAndCategory, { headers: auth });
    expect(res.statusCode).toBe(200);
    const entries = res.json().response;
    expect(entries).toHaveLength(3);
    expect(entries[0]).toEqual({
      company: 'Meridian Engineering & Construction',
      companyCode: 1,
      isDefault: true,
      longDesc: expect.any(String),
      categoryCode: 'SUP',
      categoryName: 'Supplier',
      isPrimary: true,
    });
    expect(entries.map((e: { companyCode: number }) => e.companyCode)).toEqual([1, 1, 8]);
  });
});

describe('POST /api/user-category-audit/category-code/{c}/company-code/{cc}', () => {
  it("records the switch on the session and the partner's current codes", async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth, auditNumber } = await signIn(app, username);
    const res = await callApi(app, api.access.categoryAudit, {
      params: { categoryCode: 'INF-SUP', companyCode: 8 },
      headers: auth,
    });
    expect(res.json()).toEqual({
      response: MESSAGES.categoryAuditRecorded,
      failureMessage: null,
      accessToken: expect.any(String),
    });
    const session = await db.userSession.findFirstOrThrow({ where: { auditNumber: BigInt(auditNumber) } });
    expect([session.companyCode, session.categoryCode]).toEqual([8, 'INF-SUP']);
    const stored = await db.partner.findUniqueOrThrow({ where: { id: partner.id } });
    expect([stored.currentCompanyCode, stored.currentCategoryCode]).toEqual([8, 'INF-SUP']);
  });

  it('answers a token with the status of the profile switched to, by either call (each company has its own profile)', async () => {
    const { username } = await createPartnerUser(db, { onboardStatus: 'View' });
    const signedIn = await signIn(app, username);
    const statusOf = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userStatus: string }).userStatus;
    expect(statusOf(signedIn.token)).toBe('View');

    const other = await callApi(app, api.access.categoryAudit, {
      params: { categoryCode: 'INF-SUP', companyCode: 8 },
      headers: signedIn.auth,
    });
    expect(statusOf(other.json().accessToken)).toBe('Edit');
    const back = await callApi(app, api.access.infoCategory, {
      body: { categoryCode: 'SUP', companyCode: 1 },
      headers: { authorization: `Bearer ${other.json().accessToken}` },
    });
    expect(back.json()).toMatchObject({ response: MESSAGES.categoryAuditRecorded, failureMessage: null });
    expect(statusOf(back.json().accessToken)).toBe('View');
  });

  it('refuses a category the partner is not registered for, and a bad company code', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const foreign = await callApi(app, api.access.categoryAudit, {
      params: { categoryCode: 'SUB', companyCode: 1 },
      headers: auth,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await callApi(app, api.access.categoryAudit, {
      params: { categoryCode: 'SUP', companyCode: 'abc' },
      headers: auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().failureMessage).toMatch(/^companyCode: /);
  });
});

describe('staff route guards', () => {
  it.each([
    ['ADMIN', true, true],
    ['BUYER', true, true],
    ['APPROVER', false, true],
    ['SEGREGATOR', false, false],
  ] as const)('%s: customer admin %s, grievance dashboard %s', async (role, customerAdmin, grievance) => {
    const { username } = await createStaffUser(db, role);
    const { auth } = await signIn(app, username);
    const a = await callApi(app, api.access.isCustomerAdmin, { headers: auth });
    const g = await callApi(app, api.access.allowViewGrievanceDashboard, { headers: auth });
    expect(a.json().response).toBe(customerAdmin);
    expect(g.json().response).toBe(grievance);
  });
});

describe('page access (GET /api/common-view/admin/page-access)', () => {
  it("names the staff pages a role may open, by the permission each needs, as the pages' own calls check them", async () => {
    const access = async (role: 'REPORTS' | 'BUYER' | 'ADMIN') => {
      const { auth } = await signIn(app, (await createStaffUser(db, role)).username);
      const res = await callApi(app, api.access.pageAccess, { headers: auth });
      expect(res.statusCode).toBe(200);
      return res.json().response;
    };
    const open = (answer: Awaited<ReturnType<typeof access>>) => answer.pages.filter((p) => p.allowed).map((p) => p.page);
    const reports = await access('REPORTS');
    expect(reports.permissions).toEqual(['reportsAdmin', 'allowViewGrievanceDashboard']);
    expect(open(reports)).toEqual(
      expect.arrayContaining(['reports', 'grievanceDashboard', 'grievanceInternational', 'workbench', 'designPage']),
    );
    expect(open(reports)).not.toContain('vendorDetails');
    expect(reports.pages.find((p) => p.page === 'vendorDetails')).toEqual({
      page: 'vendorDetails',
      path: '/VendorDetails',
      permission: 'allowEditVendorMaster',
      allowed: false,
    });
    const buyer = await access('BUYER');
    expect(open(buyer)).toContain('customerRegistration');
    expect(open(buyer)).not.toContain('reports');
    // The admin opens every staff page.
    const admin = await access('ADMIN');
    expect(admin.pages.every((p) => p.allowed)).toBe(true);
    expect(admin.pages).toHaveLength(14);

    // The same permission gates the page's own call: what the answer refuses, the call refuses.
    const { auth: reportsAuth } = await signIn(app, (await createStaffUser(db, 'REPORTS')).username);
    expect((await callApi(app, api.vendors.search, { headers: reportsAuth })).statusCode).toBe(403);

    const { username } = await createPartnerUser(db);
    const partner = await callApi(app, api.access.pageAccess, { headers: (await signIn(app, username)).auth });
    expect(partner.statusCode).toBe(403);
    expect(partner.error().failureMessage).toBe(MESSAGES.accessDenied);
    expect((await callApi(app, api.access.pageAccess)).statusCode).toBe(401);
  });
});

describe('the profile picture (GET /api/profilePicture, POST /api/profilePicture/set)', () => {
  it('sets an image the partner uploaded for module PTM, answers it, and refuses any other file by name', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    expect((await callApi(app, api.partner.profilePicture, { headers: auth })).json().response).toBeNull();
    const image = await uploadFile(app, { name: 'me.png', content: samplePng() }, { headers: auth, moduleCode: 'PTM' });
    expect(image.statusCode).toBe(200);
    const uniqueId = image.json().response.UniqueID;
    const set = await callApi(app, api.partner.setProfilePicture, { headers: auth, body: { uniqueId } });
    expect(set.json().response).toBe('Profile picture uploaded successfully');
    expect((await callApi(app, api.partner.profilePicture, { headers: auth })).json().response).toEqual({
      uniqueId,
      siteUrl: `/partner-api/api/fileDownload/${uniqueId}`,
    });

    // A document uploaded for onboarding, another partner's picture, a bad id: refused, the picture kept.
    const pdf = await uploadFile(app, { name: 'doc.pdf', content: samplePdf() }, { headers: auth });
    const other = await createPartnerUser(db);
    const otherAuth = (await signIn(app, other.username)).auth;
    const theirs = await uploadFile(app, { name: 't.png', content: samplePng() }, { headers: otherAuth, moduleCode: 'PTM' });
    for (const id of [pdf.json().response.UniqueID, theirs.json().response.UniqueID, 'not-an-id']) {
      const res = await callApi(app, api.partner.setProfilePicture, { headers: auth, body: { uniqueId: id } });
      expect(res.statusCode).toBe(400);
      expect(res.error().failureMessage).toMatch(/^uniqueId: /);
    }
    expect((await callApi(app, api.partner.profilePicture, { headers: auth })).json().response?.uniqueId).toBe(uniqueId);
    expect((await callApi(app, api.partner.profilePicture)).statusCode).toBe(401);
  });
});

describe("a partner's companies (partnerCompanies, companyNavigation, defaultCompanyDetails, info by id)", () => {
  it('lists its companies with their businesses and profiles, navigates to one, and moves the default', async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    await db.onboardingProfile.create({
      data: { partnerId: partner.id, companyCode: 8, categoryCode: 'INF-SUP', status: 'Approved' },
    });

    const listed = await callApi(app, api.partner.partnerCompanies, { headers: auth });
    expect(listed.statusCode).toBe(200);
    const companies = listed.json().response;
    expect(companies.map((c) => [c.companyCode, c.isDefault, c.isCurrent])).toEqual([
      [1, true, true],
      [8, false, false],
    ]);
    expect(companies[0]!.businesses).toEqual([
      expect.objectContaining({ categoryCode: 'SUP', isPrimary: true, onboardStatus: 'Edit' }),
      expect.objectContaining({ categoryCode: 'SVC', isPrimary: false, onboardStatus: 'Edit' }),
    ]);
    expect(companies[1]!.businesses).toEqual([expect.objectContaining({ categoryCode: 'INF-SUP', onboardStatus: 'Approved' })]);

    const toEight = await callApi(app, api.partner.companyNavigation, { headers: auth, params: { companyCode: 8 } });
    expect(toEight.json().response).toMatchObject({ companyCode: 8, categoryCode: 'INF-SUP' });
    const here = await callApi(app, api.partner.companyNavigation, { headers: auth, params: { companyCode: 1 } });
    expect(here.json().response.categoryCode).toBe('SUP');
    const notMine = await callApi(app, api.partner.companyNavigation, { headers: auth, params: { companyCode: 5 } });
    expect(notMine.statusCode).toBe(400);
    expect(notMine.error().fieldErrors).toEqual([{ field: 'companyCode', message: MESSAGES.companyNotMapped(5) }]);

    const moved = await callApi(app, api.partner.defaultCompanyDetails, { headers: auth, body: { companyCode: 8 } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().response.map((c) => [c.companyCode, c.isDefault])).toEqual([
      [8, true],
      [1, false],
    ]);
    expect(await db.companyMapping.count({ where: { partnerId: partner.id, isDefault: true } })).toBe(1);
    const refused = await callApi(app, api.partner.defaultCompanyDetails, { headers: auth, body: { companyCode: 5 } });
    expect(refused.error().fieldErrors?.[0]?.field).toBe('companyCode');
    expect(await db.companyMapping.count({ where: { partnerId: partner.id, companyCode: 8, isDefault: true } })).toBe(1);
    const bad = await callApi(app, api.partner.defaultCompanyDetails, { headers: auth, body: { companyCode: 'x' as never } });
    expect(bad.error().fieldErrors?.[0]?.field).toBe('companyCode');

    const { auth: staffAuth } = await signIn(app, (await createStaffUser(db, 'BUYER')).username);
    expect((await callApi(app, api.partner.partnerCompanies, { headers: staffAuth })).statusCode).toBe(403);
    expect((await callApi(app, api.partner.partnerCompanies)).statusCode).toBe(401);
  });

  it("answers a partner's details by its encrypted id to staff, and to the partner only its own", async () => {
    const { username, partner } = await createPartnerUser(db);
    const other = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const { auth: staffAuth } = await signIn(app, (await createStaffUser(db, 'APPROVER')).username);
    const byStaff = await callApi(app, api.partner.infoById, { headers: staffAuth, query: { pId: encryptId(partner.id) } });
    expect(byStaff.json().response).toMatchObject({ partnerId: partner.id, partnerNumber: partner.partnerNumber });
    const own = await callApi(app, api.partner.infoById, { headers: auth, query: { pId: encryptId(partner.id) } });
    expect(own.statusCode).toBe(200);
    const others = await callApi(app, api.partner.infoById, { headers: auth, query: { pId: encryptId(other.partner.id) } });
    expect(others.statusCode).toBe(403);
    const plain = await callApi(app, api.partner.infoById, { headers: staffAuth, query: { pId: String(partner.id) } });
    expect(plain.error().fieldErrors?.[0]?.field).toBe('pId');
    const nobody = await callApi(app, api.partner.infoById, { headers: staffAuth, query: { pId: encryptId(99_999_999) } });
    expect(nobody.statusCode).toBe(404);
    expect((await callApi(app, api.partner.infoById, { query: { pId: encryptId(partner.id) } })).statusCode).toBe(401);
  });
});

describe('the declarations a partner accepts (WBP and UT, declarationName, documents)', () => {
  it('answers the words in the reader’s language, records an acceptance once, and lists where the partner stands', async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);

    const words = await callApi(app, api.declarations.declarationName, { params: { name: 'WBP' } });
    expect(words.json().response).toMatchObject({ name: 'WBP', version: '2026-01', title: 'Whistle-blower policy' });
    const hindi = await callApi(app, api.declarations.declarationName, {
      params: { name: 'UT' },
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.json().response.title).toBe('वचनपत्र');
    expect(
      (await callApi(app, api.declarations.declarationName, { params: { name: 'NDA' as never } })).error().fieldErrors?.[0]
        ?.field,
    ).toBe('name');

    expect((await callApi(app, api.declarations.getWbpDeclaration, { headers: auth })).json().response).toEqual({
      name: 'WBP',
      version: '2026-01',
      declarationTag: 'N',
      acceptedAt: null,
      acceptedVersion: null,
    });
    const refused = await callApi(app, api.declarations.setWbpDeclaration, {
      headers: auth,
      body: { declarationTag: 'N' as never },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.error().fieldErrors?.[0]?.field).toBe('declarationTag');
    const accepted = await callApi(app, api.declarations.setWbpDeclaration, { headers: auth, body: { declarationTag: 'Y' } });
    expect(accepted.json().response).toMatchObject({ declarationTag: 'Y', acceptedAt: expect.any(String) as string });
    const again = await callApi(app, api.declarations.setWbpDeclaration, { headers: auth, body: { declarationTag: 'Y' } });
    expect(again.json().response.acceptedAt).toBe(accepted.json().response.acceptedAt);
    expect(await db.partnerDeclaration.count({ where: { partnerId: partner.id } })).toBe(1);

    // An acceptance of an older version does not count: the partner is asked again.
    await db.partnerDeclaration.create({
      data: { partnerId: partner.id, name: 'UT', version: '2025-01', acceptedAt: new Date() },
    });
    expect((await callApi(app, api.declarations.getUtDeclaration, { headers: auth })).json().response).toMatchObject({
      declarationTag: 'N',
      acceptedVersion: '2025-01',
    });
    expect(
      (await callApi(app, api.declarations.setUtDeclaration, { headers: auth, body: { declarationTag: 'Y' } })).json().response,
    ).toMatchObject({
      declarationTag: 'Y',
      version: '2026-01',
    });

    const documents = await callApi(app, api.declarations.documents, { headers: auth });
    expect(documents.json().response.map((x) => [x.name, x.declarationTag])).toEqual([
      ['WBP', 'Y'],
      ['UT', 'Y'],
    ]);
    const { auth: staffAuth } = await signIn(app, (await createStaffUser(db, 'BUYER')).username);
    expect((await callApi(app, api.declarations.getWbpDeclaration, { headers: staffAuth })).statusCode).toBe(403);
    expect((await callApi(app, api.declarations.documents)).statusCode).toBe(401);
  });
});

describe('what a partner is to a company, the categories it offers, and the unit of its amounts', () => {
  it('answers its type per company, maps a category and sub-category of its business, refusing others by field', async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const type = await callApi(app, api.partner.partnerType, { headers: auth, params: { companyCode: 8 } });
    expect(type.json().response).toEqual({
      companyCode: 8,
      categoryCode: 'INF-SUP',
      categoryName: expect.any(String) as string,
      international: false,
    });
    expect((await callApi(app, api.partner.partnerType, { headers: auth, params: { companyCode: 5 } })).statusCode).toBe(400);

    const map = (categoryCode: string, body: { productCategoryCode: string; subCategoryCode?: string }) =>
      callApi(app, api.partner.mappedCategories, { headers: auth, query: { categoryCode }, body });
    const mapped = await map('SUP', { productCategoryCode: 'SUP-STL', subCategoryCode: 'SUP-STL-TMT' });
    expect(mapped.statusCode, JSON.stringify(mapped.error())).toBe(200);
    const steel = mapped.json().response.find((c) => c.categoryCode === 'SUP-STL')!;
    expect(steel.mapped).toBe(true);
    expect(steel.subCategories.filter((s) => s.mapped).map((s) => s.categoryCode)).toEqual(['SUP-STL-TMT']);
    expect(mapped.json().response.filter((c) => c.mapped)).toHaveLength(1);
    const row = await db.companyMapping.findFirstOrThrow({
      where: { partnerId: partner.id, companyCode: 1, categoryCode: 'SUP' },
    });
    expect([row.productCategoryCode, row.subCategoryCode]).toEqual(['SUP-STL', 'SUP-STL-TMT']);

    expect((await map('SUP', { productCategoryCode: 'SUP-XXX' })).error().fieldErrors?.[0]?.field).toBe('productCategoryCode');
    expect(
      (await map('SUP', { productCategoryCode: 'SUP-ELE', subCategoryCode: 'SUP-STL-TMT' })).error().fieldErrors?.[0]?.field,
    ).toBe('subCategoryCode');
    // A business of another company is not one it works under in its current company.
    expect((await map('INF-SUP', { productCategoryCode: 'SUP-STL' })).error().fieldErrors?.[0]?.field).toBe('categoryCode');
  });

  it('keeps the unit the partner gives its amounts in, named in the reader’s language, from its currency’s units only', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const save = (body: { currencyCode: string; unitCode: string }, headers: Record<string, string> = {}) =>
      callApi(app, api.profile.saveCurrencyUnit, { headers: { ...auth, ...headers }, body });
    const saved = await save({ currencyCode: 'inr', unitCode: 'CRORE' });
    expect(saved.statusCode, JSON.stringify(saved.error())).toBe(200);
    expect(saved.json().response).toMatchObject({ currencyCode: 'INR', unitCode: 'CRORE', multiplier: 10_000_000 });
    const links = await callApi(app, api.profile.quickLinks, { headers: { ...auth, 'accept-language': 'hi' } });
    expect(links.json().response.currencyUnit).toMatchObject({ unitCode: 'CRORE', unitName: 'करोड़' });
    expect((await save({ currencyCode: 'INR', unitCode: 'MILLION' })).error().fieldErrors?.[0]?.field).toBe('unitCode');
    expect((await save({ currencyCode: 'XYZ', unitCode: 'LAKH' })).error().fieldErrors?.[0]?.field).toBe('currencyCode');
    expect((await save({ currencyCode: 'RUPEES', unitCode: 'LAKH' })).error().fieldErrors?.[0]?.field).toBe('currencyCode');
  });
});
