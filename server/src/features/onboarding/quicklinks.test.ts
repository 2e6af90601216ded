import { describe, expect, it } from 'vitest';
import { CODE_OF_CONDUCT_VERSION, MESSAGES, api, financialYears, type QuickLinks } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, gstinFor, okResponse as ok, setupFeatureTest, signIn } from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: new Date('2026-11-25T10:00:00Z') });
const year = financialYears(new Date('2026-11-25T10:00:00Z'))[0]!;

/** An approved partner whose profile has two GSTINs (one activated by staff) and two contacts. */
async function approvedPartner() {
  const user = await createPartnerUser(db, { onboardStatus: 'Approved' });
  const profile = await db.onboardingProfile.findUniqueOrThrow({
    where: { partnerId_companyCode_categoryCode: { partnerId: user.partner.id, companyCode: 1, categoryCode: 'SUP' } },
  });
  const gstin = (state: string) => gstinFor('AAACM1234A', state);
  await db.onboardingRow.createMany({
    data: [
      {
        profileId: profile.id,
        listName: 'gstins',
        data: { gstin: gstin('27'), registrationType: 'REG', certificateFileId: null, activatedAt: '2026-06-01T00:00:00.000Z' },
      },
      {
        profileId: profile.id,
        listName: 'gstins',
        data: { gstin: gstin('29'), registrationType: 'REG', certificateFileId: null },
      },
      {
        profileId: profile.id,
        listName: 'contacts',
        data: {
          departmentCode: 'ACCTS',
          salutation: 'MR',
          name: 'Anil Kapoor',
          designation: 'Accounts Head',
          mobile: '9876543210',
          email: 'accounts@example.com',
        },
      },
      {
        profileId: profile.id,
        listName: 'contacts',
        data: {
          departmentCode: 'SALES',
          salutation: 'MS',
          name: 'Rekha Iyer',
          designation: 'Sales Head',
          mobile: '9876543211',
          email: 'sales@example.com',
        },
      },
    ],
  });
  return { ...user, profile, gstin, ...(await signIn(app, user.username)) };
}

describe('the partner profile’s quick links', () => {
  it('names the registered address’s city, state and country', async () => {
    const p = await approvedPartner();
    const city = await db.city.findFirstOrThrow({ include: { state: true } });
    await db.onboardingPart.create({
      data: {
        profileId: p.profile.id,
        partName: 'address',
        data: {
          line1: '14 Industrial Estate',
          line2: 'Phase II',
          countryCode: 100,
          stateId: city.stateId,
          cityId: city.cityId,
          postalCode: '411019',
        },
      },
    });
    const links = await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: p.auth }));
    expect(links.address).toMatchObject({
      line1: '14 Industrial Estate',
      line2: 'Phase II',
      postalCode: '411019',
      cityName: city.cityName,
      stateName: city.state.stateName,
      countryName: 'India',
    });
    // Names of places are reference data: in Hindi to a Hindi reader.
    const hindi = await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: { ...p.auth, 'accept-language': 'hi' } }));
    expect(hindi.address).toMatchObject({
      line1: '14 Industrial Estate',
      cityName: city.cityNameHi,
      stateName: city.state.stateNameHi,
      countryName: 'भारत',
    });
  });

  it('reads the approved profile: every GSTIN with its state and whether it is active, the tax contacts, and what is still to do', async () => {
    const p = await approvedPartner();
    const links = await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: p.auth }));
    expect(links.profile).toMatchObject({
      status: 'Approved',
      companyCode: 1,
      categoryCode: 'SUP',
      partnerNumber: p.partner.partnerNumber,
    });
    expect(links.gstins.map((g) => [g.gstin, g.stateName, g.active])).toEqual([
      [p.gstin('27'), 'Maharashtra', true],
      [p.gstin('29'), 'Karnataka', false],
    ]);
    expect(links.taxContacts.map((c) => c.name)).toEqual(['Anil Kapoor']);
    expect(links).toMatchObject({
      financialYear: year,
      tdsDeclaration: null,
      gstNotification: null,
      bankDraft: null,
      financeDraft: null,
      codeOfConduct: { version: CODE_OF_CONDUCT_VERSION, acceptedAt: null, acceptedVersion: null },
    });
  });

  it('takes the code of conduct and this year’s GST notification, also on an approved profile', async () => {
    const p = await approvedPartner();
    const conduct = await ok(
      callApi(app, api.profile.reviewCodeOfConduct, {
        headers: p.auth,
        body: { version: CODE_OF_CONDUCT_VERSION, accepted: true },
      }),
    );
    expect(conduct).toEqual({ version: CODE_OF_CONDUCT_VERSION, acceptedAt: clock.now().toISOString(), acceptedVersion: null });
    const stale = await callApi(app, api.profile.reviewCodeOfConduct, {
      headers: p.auth,
      body: { version: '2020-01', accepted: true },
    });
    expect(stale.error().failureMessage).toMatch(/^version: must be the code of conduct now in force/);

    const notice = { financialYear: year, eInvoicing: true, compositionScheme: false };
    expect(await ok(callApi(app, api.profile.gstNotification, { headers: p.auth, body: notice }))).toEqual({
      ...notice,
      submittedAt: clock.now().toISOString(),
    });
    const lastYear = await callApi(app, api.profile.gstNotification, {
      headers: p.auth,
      body: { ...notice, financialYear: '2019-20' },
    });
    expect(lastYear.statusCode).toBe(400);
    expect(lastYear.error().failureMessage).toMatch(/^financialYear: /);

    const links = await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: p.auth }));
    expect(links.gstNotification).toMatchObject(notice);
    expect(links.codeOfConduct.acceptedAt).not.toBeNull();
    expect((await db.onboardingProfile.findUniqueOrThrow({ where: { id: p.profile.id } })).status).toBe('Approved');
  });

  it('keeps bank and finance drafts, checked as the onboarding forms check them, until deleted', async () => {
    const p = await approvedPartner();
    const bank = {
      accountHolderName: 'Test Org Pvt Ltd',
      accountNumber: '123456789012',
      confirmAccountNumber: '123456789012',
      ifsc: 'SBIN0000018',
    };
    const saved = await ok<Record<string, unknown>>(callApi(app, api.profile.saveBankDraft, { headers: p.auth, body: bank }));
    expect(saved).toMatchObject({ accountNumber: '123456789012', ifsc: 'SBIN0000018', savedAt: clock.now().toISOString() });
    expect(saved).not.toHaveProperty('confirmAccountNumber');
    const mismatch = await callApi(app, api.profile.saveBankDraft, {
      headers: p.auth,
      body: { ...bank, confirmAccountNumber: '1' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.error().failureMessage).toMatch(/^confirmAccountNumber: /);
    const badIfsc = await callApi(app, api.profile.saveBankDraft, { headers: p.auth, body: { ...bank, ifsc: 'HDFC1' } });
    expect(badIfsc.error().failureMessage).toMatch(/^ifsc: /);
    // Well formed, but no branch is known for it: refused when saved, not when the admin applies it.
    const unknownIfsc = await callApi(app, api.profile.saveBankDraft, {
      headers: p.auth,
      body: { ...bank, ifsc: 'SBIN0999999' },
    });
    expect(unknownIfsc.statusCode).toBe(400);
    expect(unknownIfsc.error().fieldErrors).toEqual([{ field: 'ifsc', message: expect.stringContaining('SBIN0999999') }]);
    expect((await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: p.auth }))).bankDraft).toMatchObject({
      ifsc: 'SBIN0000018',
    });
    const foreignCheque = await callApi(app, api.profile.saveBankDraft, {
      headers: p.auth,
      body: { ...bank, chequeFileId: '0b9f8e4e-8f7a-4c59-9d1c-3b2a1f0e9d8c' },
    });
    expect(foreignCheque.error().failureMessage).toBe('chequeFileId: must be a file you uploaded');

    const finance = {
      years: [{ financialYear: year, turnover: '125000000', profitBeforeTax: '9000000', profitAfterTax: '6500000' }],
    };
    expect(await ok(callApi(app, api.profile.saveFinanceDraft, { headers: p.auth, body: finance }))).toMatchObject(finance);
    expect((await callApi(app, api.profile.saveFinanceDraft, { headers: p.auth, body: { years: [] } })).statusCode).toBe(400);

    let links = await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: p.auth }));
    expect(links.bankDraft).toMatchObject({ accountNumber: '123456789012' });
    expect(links.financeDraft).toMatchObject(finance);
    expect(await ok(callApi(app, api.profile.deleteBankDraft, { headers: p.auth }))).toBe('Draft deleted');
    expect(await ok(callApi(app, api.profile.deleteBankDraft, { headers: p.auth }))).toBe('There was no draft to delete.');
    links = await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: p.auth }));
    expect(links.bankDraft).toBeNull();
    expect(links.financeDraft).not.toBeNull();

    // Another partner has drafts of its own only.
    const other = await approvedPartner();
    expect((await ok<QuickLinks>(callApi(app, api.profile.quickLinks, { headers: other.auth }))).financeDraft).toBeNull();
  });

  it('answers each quick link by its own call: the GSTINs (all, activated, one), GST TDS, statutory details, address and tax contacts', async () => {
    const p = await approvedPartner();
    const as = { headers: p.auth };
    expect((await ok(callApi(app, api.profile.allGst, as))).map((g) => [g.gstin, g.stateName, g.active])).toEqual([
      [p.gstin('27'), 'Maharashtra', true],
      [p.gstin('29'), 'Karnataka', false],
    ]);
    expect((await ok(callApi(app, api.profile.approvedGstins, as))).map((g) => g.gstin)).toEqual([p.gstin('27')]);
    expect(await ok(callApi(app, api.profile.gstin, { ...as, params: { gstin: p.gstin('29').toLowerCase() } }))).toMatchObject({
      gstin: p.gstin('29'),
      stateName: 'Karnataka',
      active: false,
    });
    const elsewhere = gstinFor('AAACM1234A', '07');
    const missing = await callApi(app, api.profile.gstin, { headers: p.auth, params: { gstin: elsewhere } });
    expect(missing.statusCode).toBe(404);
    expect(missing.error().failureMessage).toBe(MESSAGES.gstinNotInProfile(elsewhere));
    const malformed = await callApi(app, api.profile.gstin, { headers: p.auth, params: { gstin: '27AAACM1234A1Z' } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.error().failureMessage).toMatch(/^gstin: /);

    expect(await ok(callApi(app, api.profile.gstTds, as))).toEqual({ gstTdsNumber: null, stateName: null });
    expect(await ok(callApi(app, api.profile.statutory, as))).toBeNull();
    const tds = gstinFor('AAACM1234A', '27');
    await db.onboardingPart.create({
      data: { profileId: p.profile.id, partName: 'statutory', data: { pan: 'AAACM1234A', gstTdsNumber: tds } },
    });
    expect(await ok(callApi(app, api.profile.gstTds, as))).toEqual({ gstTdsNumber: tds, stateName: 'Maharashtra' });
    expect(await ok(callApi(app, api.profile.statutory, as))).toMatchObject({ pan: 'AAACM1234A', gstTdsNumber: tds, cin: null });
    expect(await ok(callApi(app, api.profile.address, as))).toBeNull();
    expect((await ok(callApi(app, api.profile.taxContacts, as))).map((c) => c.name)).toEqual(['Anil Kapoor']);

    // Each is the current profile's: another partner's reads are its own.
    const other = await approvedPartner();
    const theirs = await callApi(app, api.profile.approvedGstins, { headers: other.auth });
    expect(theirs.json().response.map((g) => g.gstin)).toEqual([other.gstin('27')]);
    const staff = await createStaffUser(db, 'BUYER');
    const staffAuth = (await signIn(app, staff.username)).auth;
    for (const endpoint of [
      api.profile.allGst,
      api.profile.approvedGstins,
      api.profile.gstTds,
      api.profile.statutory,
      api.profile.address,
      api.profile.taxContacts,
    ]) {
      expect((await callApi(app, endpoint)).statusCode, endpoint.path).toBe(401);
      expect((await callApi(app, endpoint, { headers: staffAuth })).statusCode, endpoint.path).toBe(403);
    }
  });

  it('refuses no token and staff', async () => {
    expect((await callApi(app, api.profile.quickLinks)).statusCode).toBe(401);
    expect((await callApi(app, api.profile.deleteFinanceDraft)).statusCode).toBe(401);
    const staff = await createStaffUser(db, 'BUYER');
    expect((await callApi(app, api.profile.quickLinks, { headers: (await signIn(app, staff.username)).auth })).statusCode).toBe(
      403,
    );
  });
});
