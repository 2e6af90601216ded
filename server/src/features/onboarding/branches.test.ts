import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES, api, financialYears } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, setupFeatureTest, signIn } from '@pp/testing';

const { db, app } = await setupFeatureTest();

async function partnerSession(onboardStatus: 'Edit' | 'View' | 'Approved' = 'Approved') {
  const user = await createPartnerUser(db, { onboardStatus });
  return { ...user, ...(await signIn(app, user.username)) };
}

const depot = { branchName: 'Pune Depot', street: 'Nagar Road', stateId: 27, cityId: 57, postalCode: '411014' };

describe('Branch Details (GET /api/branch-details, POST /api/partner/new-branch)', () => {
  it('an approved partner adds branches, named by state and city; name and street stay unique, ignoring case and spaces', async () => {
    const p = await partnerSession();
    expect((await callApi(app, api.onboarding.branchDetails, { headers: p.auth })).json().response).toEqual([]);
    const added = await callApi(app, api.onboarding.newBranch, { headers: p.auth, body: depot });
    expect(added.statusCode, JSON.stringify(added.json())).toBe(200);
    expect(added.json().response).toEqual([
      expect.objectContaining({ ...depot, gstin: null, stateName: 'Maharashtra', cityName: 'Pune' }),
    ]);

    const dup = await callApi(app, api.onboarding.newBranch, {
      headers: p.auth,
      body: { ...depot, branchName: ' pune  depot ', street: 'NAGAR ROAD' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.error().fieldErrors).toEqual([{ field: 'branchName', message: MESSAGES.branchNotUnique }]);
    // The same name on another street is another branch.
    expect(
      (await callApi(app, api.onboarding.newBranch, { headers: p.auth, body: { ...depot, street: 'Chakan MIDC' } })).statusCode,
    ).toBe(200);
    const list = (await callApi(app, api.onboarding.branchDetails, { headers: p.auth })).json().response;
    expect(list.map((b) => b.street)).toEqual(['Nagar Road', 'Chakan MIDC']);
    const hindi = (await callApi(app, api.onboarding.branchDetails, { headers: { ...p.auth, 'accept-language': 'hi' } })).json()
      .response;
    expect(hindi.map((b) => [b.cityName, b.stateName])).toEqual([
      ['पुणे', 'महाराष्ट्र'],
      ['पुणे', 'महाराष्ट्र'],
    ]);

    // Another partner sees its own branches only.
    const other = await partnerSession();
    expect((await callApi(app, api.onboarding.branchDetails, { headers: other.auth })).json().response).toEqual([]);
  });

  it('refuses while the profile is under review, keeping what was saved', async () => {
    const p = await partnerSession('View');
    const res = await callApi(app, api.onboarding.newBranch, { headers: p.auth, body: depot });
    expect(res.statusCode).toBe(409);
    expect(res.error().failureMessage).toBe(MESSAGES.branchWhileReview);
    expect(await db.onboardingRow.count({ where: { profile: { partnerId: p.partner.id }, listName: 'branches' } })).toBe(0);
  });

  it('refuses bad input naming the field, no token and staff', async () => {
    const p = await partnerSession();
    for (const [body, field] of [
      [{ ...depot, cityId: 1 }, 'cityId'],
      [{ ...depot, stateId: 9999 }, 'stateId'],
      [{ ...depot, postalCode: '4110' }, 'postalCode'],
      [{ ...depot, gstin: '27AAAAA0000A1Z0' }, 'gstin'],
      [{ ...depot, branchName: 'P' }, 'branchName'],
      [{ branchName: 'Pune Depot', street: 'Nagar Road' }, 'stateId'],
      [{ ...depot, id: 5 }, ''],
    ] as const) {
      const res = await callApi(app, api.onboarding.newBranch, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toContain(field);
    }
    expect((await callApi(app, api.onboarding.branchDetails, { headers: p.auth })).json().response).toEqual([]);
    expect((await callApi(app, api.onboarding.branchDetails)).statusCode).toBe(401);
    expect((await callApi(app, api.onboarding.newBranch, { body: depot })).statusCode).toBe(401);
    const staff = await createStaffUser(db, 'BUYER');
    expect(
      (await callApi(app, api.onboarding.branchDetails, { headers: (await signIn(app, staff.username)).auth })).statusCode,
    ).toBe(403);
  });
});

describe('several branches at once (POST /api/partner/new-branches)', () => {
  it('keeps all or none, naming the refused row', async () => {
    const p = await partnerSession();
    const second = { ...depot, branchName: 'Chakan Works', street: 'MIDC Phase II' };
    const bad = await callApi(app, api.branches.newBranches, {
      headers: p.auth,
      body: { branches: [depot, { ...second, cityId: 1 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fieldErrors).toEqual([{ field: 'branches.1.cityId', message: MESSAGES.notInList('city of this state') }]);
    const twice = await callApi(app, api.branches.newBranches, { headers: p.auth, body: { branches: [depot, depot] } });
    expect(twice.error().fieldErrors).toEqual([{ field: 'branches.1.branchName', message: MESSAGES.branchNotUnique }]);
    expect((await callApi(app, api.onboarding.branchDetails, { headers: p.auth })).json().response).toEqual([]);

    const added = await callApi(app, api.branches.newBranches, { headers: p.auth, body: { branches: [depot, second] } });
    expect(added.statusCode, JSON.stringify(added.json())).toBe(200);
    expect(added.json().response.map((r) => [r.branchName, r.cityName])).toEqual([
      ['Pune Depot', 'Pune'],
      ['Chakan Works', 'Pune'],
    ]);
    expect((await callApi(app, api.branches.newBranches, { headers: p.auth, body: { branches: [] } })).statusCode).toBe(400);
    const review = await partnerSession('View');
    expect((await callApi(app, api.branches.newBranches, { headers: review.auth, body: { branches: [depot] } })).statusCode).toBe(
      409,
    );
  });
});

describe("a branch's own details (/api/branch/...)", () => {
  const contact = { departmentCode: 'SALES', name: 'Vinod Iyer', mobile: '9876500002', email: 'depot@example.com' };
  const account = {
    accountHolderName: 'Test Org Pune Depot',
    accountNumber: '000123456789',
    confirmAccountNumber: '000123456789',
    accountCategory: 'CA',
    accountType: 'P',
    ifsc: 'sbin0000018',
    paymentMode: 'NEFT',
  };

  async function withDepot(status: 'Edit' | 'Approved' = 'Approved') {
    const p = await partnerSession(status);
    const [branch] = (await callApi(app, api.onboarding.newBranch, { headers: p.auth, body: depot })).json().response;
    return { ...p, branchId: branch!.id };
  }

  it("keeps each module per branch, apart from the profile's own and from other branches", async () => {
    // A profile still in Edit, so its branch can be deleted at the end (the onboarding form's delete).
    const p = await withDepot('Edit');
    const [other] = (await callApi(app, api.onboarding.newBranch, { headers: p.auth, body: { ...depot, street: 'Chakan MIDC' } }))
      .json()
      .response.slice(-1);
    const branchId = p.branchId;

    const general = await callApi(app, api.branches.saveGeneral, { headers: p.auth, body: { branchId, contacts: [contact] } });
    expect(general.statusCode, JSON.stringify(general.json())).toBe(200);
    expect(general.json().response).toMatchObject({
      branch: { id: branchId, branchName: 'Pune Depot', cityName: 'Pune' },
      contacts: [{ ...contact, id: expect.any(Number) }],
    });
    const bank = await callApi(app, api.branches.saveBank, { headers: p.auth, body: { branchId, bankAccounts: [account] } });
    expect(bank.json().response.bankAccounts).toEqual([
      expect.objectContaining({ ifsc: 'SBIN0000018', bankName: 'State Bank of India', branchName: 'Fort' }),
    ]);
    const organisation = await callApi(app, api.branches.saveOrganisation, {
      headers: p.auth,
      body: { branchId, organisation: { pfOfficeCode: 'PUPUN' } },
    });
    expect(organisation.json().response).toMatchObject({ pfOfficeCode: 'PUPUN', esiOfficeCode: null });
    const credential = await callApi(app, api.branches.saveCredential, {
      headers: p.auth,
      body: { branchId, warehouses: [{ name: 'Bhiwandi store', address: 'Gala 12, Bhiwandi' }] },
    });
    expect(credential.json().response).toMatchObject({ warehouses: [{ name: 'Bhiwandi store' }], factories: [] });
    const avenue = { verticalCode: 'V-PT', clusterCode: 'C-PT-SUB', interest: 'HIGH' };
    expect(
      (await callApi(app, api.branches.saveAvenues, { headers: p.auth, body: { branchId, avenues: [avenue] } })).statusCode,
    ).toBe(200);
    const [latest] = financialYears();
    const strength = await callApi(app, api.branches.saveStrength, {
      headers: p.auth,
      body: { branchId, years: [{ financialYear: latest, netWorth: '12.5' }] },
    });
    expect(strength.json().response).toMatchObject({
      years: financialYears(),
      strength: [{ financialYear: latest, netWorth: '12.5' }],
    });

    // Read back by branch; the other branch and the profile itself have none of it.
    const read = async <
      E extends (typeof api.branches)['general' | 'bank' | 'organisation' | 'credential' | 'avenues' | 'strength'],
    >(
      endpoint: E,
      id: number,
    ): Promise<z.output<E['response']>['response']> =>
      (await callApi(app, endpoint, { headers: p.auth, query: { branchId: id } })).json().response;
    expect((await read(api.branches.general, branchId)).contacts).toHaveLength(1);
    expect((await read(api.branches.bank, branchId)).bankAccounts).toHaveLength(1);
    expect(await read(api.branches.organisation, branchId)).toMatchObject({ pfOfficeCode: 'PUPUN' });
    expect((await read(api.branches.credential, branchId)).warehouses).toHaveLength(1);
    expect((await read(api.branches.avenues, branchId)).avenues).toEqual([{ ...avenue, remarks: null, id: expect.any(Number) }]);
    expect((await read(api.branches.strength, branchId)).strength).toHaveLength(1);
    expect((await read(api.branches.general, other!.id)).contacts).toEqual([]);
    expect((await read(api.branches.bank, other!.id)).bankAccounts).toEqual([]);
    expect(await read(api.branches.organisation, other!.id)).toBeNull();
    expect((await read(api.branches.strength, other!.id)).strength).toEqual([]);
    expect((await callApi(app, api.onboarding.gstins, { headers: p.auth })).statusCode).toBe(200);
    const own = await db.onboardingRow.count({ where: { profile: { partnerId: p.partner.id }, listName: 'bankAccounts' } });
    expect(own).toBe(0);

    // A list is saved whole: the contact left out is gone; a row id of another list is refused.
    const [saved] = (await callApi(app, api.branches.general, { headers: p.auth, query: { branchId } })).json().response.contacts;
    const next = { ...contact, name: 'Meera Joshi', email: 'meera@example.com' };
    const replaced = await callApi(app, api.branches.saveGeneral, {
      headers: p.auth,
      body: { branchId, contacts: [{ ...next, id: saved!.id }] },
    });
    expect(replaced.json().response.contacts).toEqual([expect.objectContaining({ ...next, id: saved!.id })]);
    const foreign = await callApi(app, api.branches.saveGeneral, {
      headers: p.auth,
      body: { branchId: other!.id, contacts: [{ ...next, id: saved!.id }] },
    });
    expect(foreign.error().fieldErrors).toEqual([{ field: 'contacts.0.id', message: MESSAGES.rowNotFound }]);
    expect(
      (await callApi(app, api.branches.saveGeneral, { headers: p.auth, body: { branchId, contacts: [] } })).json().response
        .contacts,
    ).toEqual([]);

    // Deleting the branch takes its details with it.
    const deleted = await callApi(app, api.onboarding.deleteBranch, {
      params: { branchId, categoryCode: 'SUP', companyCode: 1 },
      headers: p.auth,
    });
    expect(deleted.json().response.map((r) => r.id)).toEqual([other!.id]);
    expect(
      await db.onboardingRow.count({ where: { profile: { partnerId: p.partner.id }, listName: { endsWith: `@${branchId}` } } }),
    ).toBe(0);
    expect(
      await db.onboardingPart.count({ where: { profile: { partnerId: p.partner.id }, partName: { endsWith: `@${branchId}` } } }),
    ).toBe(0);
    expect((await callApi(app, api.branches.bank, { headers: p.auth, query: { branchId } })).error().fieldErrors).toEqual([
      { field: 'branchId', message: MESSAGES.rowNotFound },
    ]);
  });

  it('refuses bad input naming the field, a branch not its own, saves during review, no token and staff', async () => {
    const p = await withDepot();
    const { branchId } = p;
    for (const [endpoint, body, field, message] of [
      [
        api.branches.saveBank,
        { branchId, bankAccounts: [{ ...account, ifsc: 'SBIN0999999' }] },
        'bankAccounts.0.ifsc',
        MESSAGES.ifscUnknown('SBIN0999999'),
      ],
      [
        api.branches.saveBank,
        { branchId, bankAccounts: [account, { ...account, accountNumber: '99887766', confirmAccountNumber: '99887766' }] },
        'bankAccounts.0.accountType',
        MESSAGES.onePrimaryOnly,
      ],
      [
        api.branches.saveGeneral,
        { branchId, contacts: [{ ...contact, departmentCode: 'XX' }] },
        'contacts.0.departmentCode',
        MESSAGES.notInList('department'),
      ],
      [
        api.branches.saveOrganisation,
        { branchId, organisation: { esiOfficeCode: 'NOPE' } },
        'organisation.esiOfficeCode',
        MESSAGES.notInList('ESI office'),
      ],
      [
        api.branches.saveAvenues,
        { branchId, avenues: [{ verticalCode: 'V-BF', clusterCode: 'C-PT-SUB' }] },
        'avenues.0.clusterCode',
        MESSAGES.notInList('cluster of this vertical'),
      ],
      [
        api.branches.saveStrength,
        { branchId, years: [{ financialYear: '2001-02', netWorth: '1' }] },
        'years.0.financialYear',
        MESSAGES.financialYearNotAsked(financialYears()),
      ],
      [
        api.branches.saveCredential,
        { branchId, ratings: [{ agencyCode: 'NOPE', rating: 'A' }] },
        'ratings.0.agencyCode',
        MESSAGES.notInList('rating agency'),
      ],
    ] as const) {
      const res = await callApi(app, endpoint as typeof api.branches.saveBank, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().fieldErrors).toEqual([{ field, message }]);
    }
    expect(
      (await callApi(app, api.branches.bank, { headers: p.auth, query: { branchId } })).json().response.bankAccounts,
    ).toEqual([]);

    const shape = await callApi(app, api.branches.saveBank, { headers: p.auth, body: { bankAccounts: [account] } });
    expect(shape.error().failureMessage).toContain('branchId');
    expect((await callApi(app, api.branches.bank, { headers: p.auth, query: { branchId: 'x' as never } })).statusCode).toBe(400);

    const stranger = await partnerSession();
    const theirs = await callApi(app, api.branches.saveGeneral, {
      headers: stranger.auth,
      body: { branchId, contacts: [contact] },
    });
    expect(theirs.error().fieldErrors).toEqual([{ field: 'branchId', message: MESSAGES.rowNotFound }]);
    expect((await callApi(app, api.branches.general, { headers: stranger.auth, query: { branchId } })).statusCode).toBe(400);

    const review = await withDepot('Approved');
    await db.onboardingProfile.updateMany({ where: { partnerId: review.partner.id }, data: { status: 'View' } });
    const locked = await callApi(app, api.branches.saveGeneral, {
      headers: review.auth,
      body: { branchId: review.branchId, contacts: [contact] },
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.error().failureMessage).toBe(MESSAGES.branchDetailsWhileReview);
    expect(
      (await callApi(app, api.branches.general, { headers: review.auth, query: { branchId: review.branchId } })).statusCode,
    ).toBe(200);

    expect((await callApi(app, api.branches.general, { query: { branchId } })).statusCode).toBe(401);
    expect((await callApi(app, api.branches.saveBank, { body: { branchId, bankAccounts: [] } })).statusCode).toBe(401);
    const staff = await createStaffUser(db, 'BUYER');
    const staffAuth = (await signIn(app, staff.username)).auth;
    expect((await callApi(app, api.branches.general, { headers: staffAuth, query: { branchId } })).statusCode).toBe(403);
  });
});
