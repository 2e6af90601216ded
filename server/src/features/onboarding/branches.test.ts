import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, api } from '@pp/contract';
import {
  buildTestApp,
  callApi,
  createPartnerUser,
  createStaffUser,
  createTestDatabase,
  signIn,
  withReferenceData,
} from '@pp/testing';

const { db } = await createTestDatabase();
const app = await buildTestApp(db);
beforeAll(() => withReferenceData(db));
const o = api.onboarding;

async function partnerSession(onboardStatus: 'Edit' | 'View' | 'Approved' = 'Approved') {
  const user = await createPartnerUser(db, { onboardStatus });
  return { ...user, ...(await signIn(app, user.username)) };
}

const depot = { branchName: 'Pune Depot', street: 'Nagar Road', stateId: 27, cityId: 57, postalCode: '411014' };

describe('Branch Details (GET /api/branch-details, POST /api/partner/new-branch)', () => {
  it('an approved partner adds branches, named by state and city; name and street stay unique, ignoring case and spaces', async () => {
    const p = await partnerSession();
    expect((await callApi(app, o.branchDetails, { headers: p.auth })).json().response).toEqual([]);
    const added = await callApi(app, o.newBranch, { headers: p.auth, body: depot });
    expect(added.statusCode, JSON.stringify(added.json())).toBe(200);
    expect(added.json().response).toEqual([
      expect.objectContaining({ ...depot, gstin: null, stateName: 'Maharashtra', cityName: 'Pune' }),
    ]);

    const dup = await callApi(app, o.newBranch, {
      headers: p.auth,
      body: { ...depot, branchName: ' pune  depot ', street: 'NAGAR ROAD' },
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.error().fieldErrors).toEqual([{ field: 'branchName', message: MESSAGES.branchNotUnique }]);
    // The same name on another street is another branch.
    expect((await callApi(app, o.newBranch, { headers: p.auth, body: { ...depot, street: 'Chakan MIDC' } })).statusCode).toBe(
      200,
    );
    const list = (await callApi(app, o.branchDetails, { headers: p.auth })).json().response;
    expect(list.map((b) => b.street)).toEqual(['Nagar Road', 'Chakan MIDC']);
    const hindi = (await callApi(app, o.branchDetails, { headers: { ...p.auth, 'accept-language': 'hi' } })).json().response;
    expect(hindi.map((b) => [b.cityName, b.stateName])).toEqual([
      ['पुणे', 'महाराष्ट्र'],
      ['पुणे', 'महाराष्ट्र'],
    ]);

    // Another partner sees its own branches only.
    const other = await partnerSession();
    expect((await callApi(app, o.branchDetails, { headers: other.auth })).json().response).toEqual([]);
  });

  it('refuses while the profile is under review, keeping what was saved', async () => {
    const p = await partnerSession('View');
    const res = await callApi(app, o.newBranch, { headers: p.auth, body: depot });
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
      const res = await callApi(app, o.newBranch, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toContain(field);
    }
    expect((await callApi(app, o.branchDetails, { headers: p.auth })).json().response).toEqual([]);
    expect((await callApi(app, o.branchDetails)).statusCode).toBe(401);
    expect((await callApi(app, o.newBranch, { body: depot })).statusCode).toBe(401);
    const staff = await createStaffUser(db, 'BUYER');
    expect((await callApi(app, o.branchDetails, { headers: (await signIn(app, staff.username)).auth })).statusCode).toBe(403);
  });
});
