import { describe, expect, it } from 'vitest';
import { MESSAGES, api, type Endpoint } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, freshIp, setupFeatureTest, signIn } from '@pp/testing';

const { db, app } = await setupFeatureTest();

async function session(role: 'PARTNER' | 'FINANCE' | 'BUYER' = 'PARTNER') {
  const { username } = role === 'PARTNER' ? await createPartnerUser(db) : await createStaffUser(db, role);
  const { auth } = await signIn(app, username);
  return { ...auth, ...freshIp() };
}

describe('reference data of the onboarding forms', () => {
  it('answers states with their GST codes, their cities, and the code lists from the fixtures', async () => {
    const auth = await session();
    const states = (await callApi(app, api.reference.states, { params: { countryCode: 100 }, headers: auth })).json().response;
    expect(states).toContainEqual({ stateId: 27, stateName: 'Maharashtra', gstStateCode: '27' });
    expect(states).toHaveLength(36);
    const cities = (await callApi(app, api.reference.cities, { params: { stateId: 27 }, headers: auth })).json().response;
    expect(cities.map((c) => c.cityName)).toContain('Pune');
    const hindiCities = (
      await callApi(app, api.reference.cities, { params: { stateId: 27 }, headers: { ...auth, 'accept-language': 'hi' } })
    ).json().response;
    expect(hindiCities.map((c) => c.cityName)).toContain('पुणे');
    const docs = (await callApi(app, api.reference.miscTypeDetails, { params: { miscCode: 36 }, headers: auth })).json().response;
    expect(docs).toContainEqual({ code: 'CHEQUE', name: 'Cancelled cheque or bank letter' });
    const bad = await callApi(app, api.reference.miscTypeDetails, { params: { miscCode: 7 }, headers: auth });
    expect(bad.statusCode).toBe(400);
    const ownership = (await callApi(app, api.reference.ownershipTypes, { headers: auth })).json().response;
    expect(ownership).toContainEqual({
      code: 'LLP',
      name: 'Limited liability partnership',
      panLetter: 'F',
      registration: 'llpin',
    });
    const types = (
      await callApi(app, api.reference.partnerBusinessTypes, {
        params: { categoryCode: 'INF-CON', companyCode: 8 },
        headers: auth,
      })
    ).json();
    expect(types.response.map((t) => t.code)).toEqual(['INF-CON-EPC', 'INF-CON-WRK', 'INF-CON-EQP']);
    const clusters = (
      await callApi(app, api.reference.clusters, { params: { parentCode: 'V-TI', companyCode: 8 }, headers: auth })
    ).json().response;
    expect(clusters.map((c) => c.code)).toEqual(['C-TI-RD', 'C-TI-RL', 'C-TI-AP']);
    const inr = (await callApi(app, api.reference.countryCurrencies, { params: { countryCode: 100 }, headers: auth })).json()
      .response;
    expect(inr).toEqual([{ currencyCode: 'INR', currencyName: 'Indian rupee', symbol: '₹' }]);
    const units = (await callApi(app, api.reference.currencyUnits, { params: { currencyCode: 'INR' }, headers: auth })).json()
      .response;
    expect(units).toEqual([
      { unitCode: 'LAKH', unitName: 'Lakh', multiplier: 100000 },
      { unitCode: 'CRORE', unitName: 'Crore', multiplier: 10000000 },
    ]);
    const hindiUnits = (
      await callApi(app, api.reference.currencyUnits, {
        params: { currencyCode: 'INR' },
        headers: { ...auth, 'accept-language': 'hi' },
      })
    ).json().response;
    expect(hindiUnits.map((u) => u.unitName)).toEqual(['लाख', 'करोड़']);
    const pf = (await callApi(app, api.reference.pfOffices, { headers: auth })).json().response;
    expect(pf).toContainEqual(expect.objectContaining({ officeCode: 'MHBAN', stateName: 'Maharashtra' }));
  });

  it('looks up an IFSC (404 when unknown, 400 when malformed) and searches banks by name', async () => {
    const auth = await session();
    const branch = await callApi(app, api.reference.ifscBranch, { params: { code: 'sbin0000018' }, headers: auth });
    expect(branch.json().response).toMatchObject({
      ifsc: 'SBIN0000018',
      bankName: 'State Bank of India',
      cityName: 'Mumbai',
      stateName: 'Maharashtra',
    });
    const unknown = await callApi(app, api.reference.ifscBranch, { params: { code: 'SBIN0999999' }, headers: auth });
    expect([unknown.statusCode, unknown.error().failureMessage]).toEqual([404, MESSAGES.ifscUnknown('SBIN0999999')]);
    expect((await callApi(app, api.reference.ifscBranch, { params: { code: 'SBI' }, headers: auth })).statusCode).toBe(400);
    const banks = (await callApi(app, api.reference.banksByName, { params: { name: 'bank of' }, headers: auth })).json().response;
    expect(banks.map((b) => b.bankCode).sort()).toEqual(['BARB', 'BKID', 'SBIN', 'UBIN']);
  });

  it('lets a finance approver add a branch to the IFSC master, and nobody else', async () => {
    const body = {
      ifsc: 'UTIB0004321',
      branchName: 'Hinjewadi',
      address: 'Phase 1, Hinjewadi, Pune 411057',
      cityName: 'Pune',
      stateId: 27,
    };
    expect((await callApi(app, api.reference.addBankBranch, { headers: await session('BUYER'), body })).statusCode).toBe(403);
    expect((await callApi(app, api.reference.addBankBranch, { headers: await session(), body })).statusCode).toBe(403);
    const finance = await session('FINANCE');
    const added = await callApi(app, api.reference.addBankBranch, { headers: finance, body });
    expect(added.json().response).toMatchObject({ ifsc: 'UTIB0004321', bankName: 'Axis Bank', stateName: 'Maharashtra' });
    const again = await callApi(app, api.reference.addBankBranch, { headers: finance, body });
    expect([again.statusCode, again.error().failureMessage]).toEqual([409, MESSAGES.bankBranchExists('UTIB0004321')]);
    const unknownBank = await callApi(app, api.reference.addBankBranch, {
      headers: finance,
      body: { ...body, ifsc: 'ZZZZ0001234' },
    });
    expect(unknownBank.error().fieldErrors).toEqual([{ field: 'ifsc', message: MESSAGES.notInList('bank code') }]);
    const found = await callApi(app, api.reference.ifscBranch, { params: { code: 'UTIB0004321' }, headers: await session() });
    expect(found.statusCode).toBe(200);
  });
});

describe('reference names in the reader’s language', () => {
  it('answers Hindi names to a request that asks for Hindi, English ones otherwise', async () => {
    const auth = await session();
    const hindi = { ...auth, 'accept-language': 'hi' };
    const read = async (endpoint: Endpoint, headers: Record<string, string>, params?: Record<string, number>) =>
      ((await callApi(app, endpoint, { headers, ...(params ? { params } : {}) })).json() as { response: unknown[] }).response;

    expect(await read(api.reference.states, hindi, { countryCode: 100 })).toContainEqual({
      stateId: 27,
      stateName: 'महाराष्ट्र',
      gstStateCode: '27',
    });
    expect(await read(api.reference.countries, hindi)).toContainEqual(
      expect.objectContaining({ countryCode: 100, countryName: 'भारत' }),
    );
    expect(await read(api.reference.contactDepartments, hindi)).toContainEqual({ code: 'ACCTS', name: 'लेखा और वित्त' });
    expect(await read(api.reference.contactDepartments, auth)).toContainEqual({ code: 'ACCTS', name: 'Accounts and finance' });
    expect(await read(api.reference.ownershipTypes, hindi)).toContainEqual(
      expect.objectContaining({ code: 'PVT', name: 'प्राइवेट लिमिटेड कंपनी', panLetter: 'C' }),
    );
    expect(await read(api.reference.currencies, hindi)).toContainEqual(
      expect.objectContaining({ currencyCode: 'INR', currencyName: 'भारतीय रुपया' }),
    );
    expect(await read(api.reference.bankAccountCategories, hindi)).toContainEqual({ code: 'CA', name: 'चालू खाता' });
    const sectors = await read(api.reference.enterpriseSectors, hindi);
    expect(sectors.every((s) => /[\u0900-\u097F]/.test((s as { name: string }).name))).toBe(true);
  });
});
