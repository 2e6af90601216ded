import { describe, expect, it } from 'vitest';
import { MESSAGES, USER_ROLES, api, type UserRole } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, freshIp, setupFeatureTest, signIn, workflowFixtures } from '@pp/testing';

const { db, app } = await setupFeatureTest();
const sup = { categoryCode: 'SUP', companyCode: 1 };

const { submittedPartner, staff } = workflowFixtures(app, db);

/** Takes a staff action on a request in the state the actor sees. */
async function take(
  role: Exclude<UserRole, 'PARTNER'>,
  verb: 'approve' | 'sendBack' | 'reject',
  requestNumber: string,
  state: string,
  remarks?: string,
) {
  return callApi(app, api.workflow[verb], {
    headers: await staff(role),
    body: { requestNumber, state: state as never, ...(remarks ? { remarks } : {}) },
  });
}

describe('an onboarding request from submit to approved (POST /api/partnerportal/workflow/…)', () => {
  it('goes through every desk, is sent back with remarks, resubmitted to the desk that sent it, and approved', async () => {
    const { headers, partner, requestNumber } = await submittedPartner();
    const statusOf = async () =>
      (await callApi(app, api.workflow.status, { params: { requestNumber }, headers })).json().response;
    expect(await statusOf()).toMatchObject({ state: 'SEGREGATION', desk: 'SEGREGATOR', userStatus: 'View', actions: [] });

    expect((await take('SEGREGATOR', 'approve', requestNumber, 'SEGREGATION')).json().response.state).toBe('CATEGORISATION');
    expect((await take('CATEGORIZER', 'approve', requestNumber, 'CATEGORISATION')).json().response.state).toBe('BUYER_REVIEW');

    const noRemarks = await take('BUYER', 'sendBack', requestNumber, 'BUYER_REVIEW');
    expect(noRemarks.statusCode).toBe(400);
    expect(noRemarks.error().fieldErrors).toEqual([{ field: 'remarks', message: MESSAGES.workflowRemarksRequired }]);
    const sentBack = await take(
      'BUYER',
      'sendBack',
      requestNumber,
      'BUYER_REVIEW',
      'The <b>cancelled cheque</b> is not readable',
    );
    expect(sentBack.json().response).toMatchObject({ state: 'SENT_BACK', desk: 'PARTNER', userStatus: 'Edit' });
    const profile = await db.onboardingProfile.findFirstOrThrow({ where: { partnerId: partner.id, companyCode: 1 } });
    expect(profile.status).toBe('Edit');
    // What the partner's dashboard reads: its current request, sent back, with the remarks.
    const current = await callApi(app, api.workflow.current, { headers });
    expect(current.json().response).toMatchObject({
      requestNumber,
      state: 'SENT_BACK',
      userStatus: 'Edit',
      actions: ['RESUBMIT'],
      lastRemarks: 'The <b>cancelled cheque</b> is not readable',
    });
    const notice = await db.notification.findFirstOrThrow({
      where: { partnerId: partner.id },
      orderBy: { notificationId: 'desc' },
    });
    expect(notice.description).toBe(
      MESSAGES.workflowSentBack(requestNumber, 'The &lt;b&gt;cancelled cheque&lt;/b&gt; is not readable'),
    );

    // The partner fixes a part (the profile is editable again) and submits: the same request, back at the buyer.
    const fix = await callApi(app, api.onboarding.saveGeneral, {
      headers,
      body: { general: { ownershipType: 'PVT', businessTypes: ['SUP-MFR'], enterpriseSector: 'SMALL', employees: 55 } },
    });
    expect(fix.statusCode).toBe(200);
    const again = await callApi(app, api.onboarding.submit, { params: sup, headers });
    expect(again.statusCode, JSON.stringify(again.error())).toBe(200);
    expect(again.json().response.requestNumber).toBe(requestNumber);
    expect(await statusOf()).toMatchObject({ state: 'BUYER_REVIEW', userStatus: 'View' });

    expect((await take('BUYER', 'approve', requestNumber, 'BUYER_REVIEW')).json().response.state).toBe('APPROVAL');
    expect((await take('APPROVER', 'approve', requestNumber, 'APPROVAL')).json().response.state).toBe('FINANCE_APPROVAL');
    const approved = await take('FINANCE', 'approve', requestNumber, 'FINANCE_APPROVAL');
    expect(approved.json().response).toMatchObject({ state: 'APPROVED', desk: null, userStatus: 'Approved', actions: [] });
    expect((await db.onboardingProfile.findUniqueOrThrow({ where: { id: profile.id } })).status).toBe('Approved');

    const history = (await callApi(app, api.workflow.messages, { params: { requestNumber }, headers })).json().response;
    expect(history.map((h) => `${h.action} ${h.fromStatus}->${h.toStatus} ${h.actorRole}`)).toEqual([
      'SUBMIT DRAFT->SEGREGATION PARTNER',
      'SEGREGATE SEGREGATION->CATEGORISATION SEGREGATOR',
      'CATEGORISE CATEGORISATION->BUYER_REVIEW CATEGORIZER',
      'SEND_BACK BUYER_REVIEW->SENT_BACK BUYER',
      'RESUBMIT SENT_BACK->BUYER_REVIEW PARTNER',
      'FORWARD BUYER_REVIEW->APPROVAL BUYER',
      'APPROVE APPROVAL->FINANCE_APPROVAL APPROVER',
      'APPROVE FINANCE_APPROVAL->APPROVED FINANCE',
    ]);
    expect(history[3]!.remarks).toBe('The <b>cancelled cheque</b> is not readable');
  });

  it('refuses an approver at the buyer’s desk, an action on a state the request has left, and a rejection without reason', async () => {
    const { requestNumber } = await submittedPartner();
    await take('SEGREGATOR', 'approve', requestNumber, 'SEGREGATION');
    await take('CATEGORIZER', 'approve', requestNumber, 'CATEGORISATION');

    const approver = await take('APPROVER', 'approve', requestNumber, 'BUYER_REVIEW');
    expect(approver.statusCode).toBe(403);
    expect(approver.error().failureMessage).toBe(MESSAGES.workflowNotYourDesk('BUYER'));
    const stale = await take('BUYER', 'approve', requestNumber, 'CATEGORISATION');
    expect(stale.statusCode).toBe(409);
    expect(stale.error().failureMessage).toBe(MESSAGES.workflowMoved('BUYER_REVIEW'));
    const noReason = await take('BUYER', 'reject', requestNumber, 'BUYER_REVIEW', '   ');
    expect(noReason.error().fieldErrors).toEqual([{ field: 'remarks', message: MESSAGES.workflowRemarksRequired }]);
    const rejected = await take('BUYER', 'reject', requestNumber, 'BUYER_REVIEW', 'Blacklisted by the group');
    expect(rejected.json().response).toMatchObject({ state: 'REJECTED', desk: null });
    const after = await take('ADMIN', 'approve', requestNumber, 'REJECTED');
    expect(after.statusCode).toBe(409);
    expect(after.error().failureMessage).toBe(MESSAGES.workflowWrongState('REJECTED', null));
  });

  it('lets only one of two staff acting at once move a request; the other is told where it went', async () => {
    const { requestNumber } = await submittedPartner();
    const [a, b] = await Promise.all([
      take('SEGREGATOR', 'approve', requestNumber, 'SEGREGATION'),
      take('ADMIN', 'sendBack', requestNumber, 'SEGREGATION', 'Wrong company'),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.error().failureMessage).toMatch(
      /^Someone else acted on this request first: it is now at “(Categorisation|Sent back)”\./,
    );
    expect(await db.workflowRecord.count({ where: { requestNumber } })).toBe(2);
  });

  it('answers no current request before the first submit', async () => {
    const { username } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const res = await callApi(app, api.workflow.current, { headers: { ...auth, ...freshIp() } });
    expect(res.statusCode).toBe(200);
    expect(res.json().response).toBeNull();
  });

  it('refuses a partner token on staff actions and shows a partner its own requests only', async () => {
    const mine = await submittedPartner();
    const other = await submittedPartner();
    const asPartner = await callApi(app, api.workflow.approve, {
      headers: mine.headers,
      body: { requestNumber: mine.requestNumber, state: 'SEGREGATION' },
    });
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.error()).toEqual({ response: null, failureMessage: MESSAGES.accessDenied, errorCode: 403 });
    const othersStatus = await callApi(app, api.workflow.status, {
      params: { requestNumber: other.requestNumber },
      headers: mine.headers,
    });
    expect(othersStatus.statusCode).toBe(404);
    const othersHistory = await callApi(app, api.workflow.messages, {
      params: { requestNumber: other.requestNumber },
      headers: mine.headers,
    });
    expect(othersHistory.statusCode).toBe(404);
    const bad = await callApi(app, api.workflow.status, { params: { requestNumber: 'nope' }, headers: mine.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fieldErrors?.map((e) => e.field)).toEqual(['requestNumber']);
    expect(
      (await callApi(app, api.workflow.status, { params: { requestNumber: other.requestNumber }, headers: await staff('ADMIN') }))
        .statusCode,
    ).toBe(200);
  });
});

describe("who of the staff reads a request's status and history", () => {
  const STAFF = USER_ROLES.filter((r): r is Exclude<UserRole, 'PARTNER'> => r !== 'PARTNER');
  /** A staff member of each role who never acted on anything: reads by desk only. */
  const onlookers = new Map<UserRole, Promise<Record<string, string>>>();
  const onlooker = (role: Exclude<UserRole, 'PARTNER'>) => {
    if (!onlookers.has(role))
      onlookers.set(
        role,
        createStaffUser(db, role).then(async ({ username }) => ({ ...(await signIn(app, username)).auth, ...freshIp() })),
      );
    return onlookers.get(role)!;
  };
  async function reads(headers: Record<string, string>, requestNumber: string) {
    const status = await callApi(app, api.workflow.status, { params: { requestNumber }, headers });
    const history = await callApi(app, api.workflow.messages, { params: { requestNumber }, headers });
    expect(history.statusCode).toBe(status.statusCode);
    return status;
  }

  it('lets a role read a request waiting at its desk or one it acted on, the admin and forensics any, and no one else', async () => {
    const readsAny = (role: Exclude<UserRole, 'PARTNER'>) => role === 'ADMIN' || role === 'FORENSICS';
    const { requestNumber } = await submittedPartner();
    const path: [state: string, desk: Exclude<UserRole, 'PARTNER'>][] = [
      ['SEGREGATION', 'SEGREGATOR'],
      ['CATEGORISATION', 'CATEGORIZER'],
      ['BUYER_REVIEW', 'BUYER'],
      ['APPROVAL', 'APPROVER'],
      ['FINANCE_APPROVAL', 'FINANCE'],
    ];
    const actedOn: Exclude<UserRole, 'PARTNER'>[] = [];
    for (const [state, desk] of path) {
      for (const role of STAFF) {
        const status = await reads(await onlooker(role), requestNumber);
        const expected = role === desk || readsAny(role) ? 200 : 403;
        expect(status.statusCode, `${role} on a request at ${desk}`).toBe(expected);
        if (expected === 403) expect(status.error().failureMessage).toBe(MESSAGES.workflowNotYourDesk(desk));
        else expect(status.json().response).toMatchObject({ requestNumber, state, desk });
      }
      for (const role of actedOn) expect((await reads(await staff(role), requestNumber)).statusCode, `${role} acted`).toBe(200);
      expect((await take(desk, 'approve', requestNumber, state)).statusCode).toBe(200);
      actedOn.push(desk);
    }
    // Approved: no desk any more; those who acted, the admin and forensics still read it.
    for (const role of STAFF) {
      const status = await reads(await onlooker(role), requestNumber);
      expect(status.statusCode, `${role} on an approved request`).toBe(readsAny(role) ? 200 : 403);
    }
    for (const role of actedOn) expect((await reads(await staff(role), requestNumber)).statusCode).toBe(200);
  });

  it('answers a staff member a request that does not exist as not found', async () => {
    const missing = await reads(await onlooker('BUYER'), 'ONB-1-2026-999999');
    expect(missing.statusCode).toBe(404);
  });
});

describe('the workbench (GET /api/workbench/requests)', () => {
  it("lists the requests at the caller's desk, newest first, searched by name, partner number or request number, with counts", async () => {
    const first = await submittedPartner();
    const second = await submittedPartner();
    const segregator = await staff('SEGREGATOR');
    const list = async (headers: Record<string, string>, query: Record<string, unknown> = {}) =>
      (await callApi(app, api.workflow.workbench, { query: { companyCode: 1, pageSize: 100, ...query }, headers })).json()
        .response;

    const waiting = await list(segregator);
    const numbers = waiting.page.items.map((i) => i.requestNumber);
    expect(numbers.indexOf(second.requestNumber)).toBeLessThan(numbers.indexOf(first.requestNumber));
    expect(waiting.page.items.every((i) => i.desk === 'SEGREGATOR')).toBe(true);
    expect(waiting.counts.SEGREGATION).toBeGreaterThanOrEqual(2);
    expect((await list(await staff('BUYER'))).page.items.map((i) => i.requestNumber)).not.toContain(first.requestNumber);

    const organisation = (await db.partner.findUniqueOrThrow({ where: { id: first.partner.id } })).organizationName;
    const byName = await list(segregator, { searchTerm: organisation.toLowerCase() });
    expect(byName.page.items.map((i) => i.requestNumber)).toEqual([first.requestNumber]);
    const byPartnerNumber = await list(segregator, { searchTerm: first.partner.partnerNumber });
    expect(byPartnerNumber.page.items.map((i) => i.requestNumber)).toEqual([first.requestNumber]);
    // A whole number is looked up by the partner, in any case; a part of one in the titles.
    const byLowerCase = await list(segregator, { searchTerm: first.partner.partnerNumber.toLowerCase() });
    expect(byLowerCase.page.items.map((i) => i.requestNumber)).toEqual([first.requestNumber]);
    const byPart = await list(segregator, { searchTerm: first.partner.partnerNumber.slice(0, -1) });
    expect(byPart.page.items.map((i) => i.requestNumber)).toContain(first.requestNumber);
    const unknownNumber = await list(segregator, { searchTerm: 'P9999999' });
    expect(unknownNumber.page).toMatchObject({ items: [], total: 0 });
    const byRequest = await list(segregator, { searchTerm: second.requestNumber.toLowerCase() });
    expect(byRequest.page.items.map((i) => i.requestNumber)).toEqual([second.requestNumber]);

    const page1 = await list(segregator, { pageSize: 1 });
    expect(page1.page.items).toHaveLength(1);
    const page2 = await list(segregator, { pageSize: 1, after: page1.page.nextCursor });
    expect(page2.page.items[0]!.requestNumber).not.toBe(page1.page.items[0]!.requestNumber);

    const partnerToken = await callApi(app, api.workflow.workbench, { query: { companyCode: 1 }, headers: first.headers });
    expect(partnerToken.statusCode).toBe(403);
    const noCompany = await callApi(app, api.workflow.workbench, { query: {}, headers: segregator });
    expect(noCompany.error().fieldErrors?.map((e) => e.field)).toEqual(['companyCode']);
  });
});

describe('re-KYC: the REKYC flow of an approved partner', () => {
  /** A partner whose onboarding request went through every desk to APPROVED. */
  async function approvedPartner() {
    const p = await submittedPartner();
    for (const [role, state] of [
      ['SEGREGATOR', 'SEGREGATION'],
      ['CATEGORIZER', 'CATEGORISATION'],
      ['BUYER', 'BUYER_REVIEW'],
      ['APPROVER', 'APPROVAL'],
      ['FINANCE', 'FINANCE_APPROVAL'],
    ] as const) {
      expect((await take(role, 'approve', p.requestNumber, state)).statusCode).toBe(200);
    }
    return p;
  }

  it('opens on an approved profile, the partner confirms through Submit, the buyer and finance approve it', async () => {
    const { partner, headers, requestNumber: onboarding } = await approvedPartner();
    const initiate = (role: 'ADMIN' | 'BUYER') =>
      staff(role).then((h) =>
        callApi(app, api.workflow.rekycInitiate, {
          headers: h,
          body: {
            partnerNumber: partner.partnerNumber,
            companyCode: 1,
            categoryCode: 'SUP',
            remarks: 'Two years since approval',
          },
        }),
      );
    expect((await initiate('BUYER')).statusCode).toBe(403);
    const opened = await initiate('ADMIN');
    expect(opened.statusCode, JSON.stringify(opened.error())).toBe(200);
    const rekyc = opened.json().response;
    expect(rekyc).toMatchObject({ flow: 'REKYC', state: 'REKYC_DUE', desk: 'PARTNER', userStatus: 'Edit' });
    expect(rekyc.requestNumber).toMatch(/^RKY-1-\d{4}-\d{6}$/);
    // One open re-KYC at a time: the latest request is not approved any more.
    expect((await initiate('ADMIN')).statusCode).toBe(409);
    const profile = await db.onboardingProfile.findFirstOrThrow({ where: { partnerId: partner.id, companyCode: 1 } });
    expect(profile.status).toBe('Edit');
    const notice = await db.notification.findFirstOrThrow({
      where: { partnerId: partner.id },
      orderBy: { notificationId: 'desc' },
    });
    expect(notice.description).toContain(`(re-KYC) ${rekyc.requestNumber} is due`);
    expect((await callApi(app, api.workflow.current, { headers })).json().response).toMatchObject({
      requestNumber: rekyc.requestNumber,
      state: 'REKYC_DUE',
      actions: ['SUBMIT'],
    });

    // The partner confirms its profile with the same Submit: the re-KYC moves, no new onboarding request opens.
    const submitted = await callApi(app, api.onboarding.submit, { params: { categoryCode: 'SUP', companyCode: 1 }, headers });
    expect(submitted.json().response.requestNumber).toBe(rekyc.requestNumber);
    expect(await db.workflowRequest.count({ where: { partnerId: partner.id } })).toBe(2);

    const r = rekyc.requestNumber;
    const buyer = await staff('BUYER');
    // The onboarding-only and customer endpoints do not take it; the re-KYC ones do.
    const asCustomer = await callApi(app, api.workflow.customerApprove, {
      headers: buyer,
      body: { requestNumber: r, state: 'BUYER_REVIEW' },
    });
    expect(asCustomer.statusCode).toBe(404);
    const forwarded = await callApi(app, api.workflow.rekycApprove, {
      headers: buyer,
      body: { requestNumber: r, state: 'BUYER_REVIEW' },
    });
    expect(forwarded.json().response).toMatchObject({ state: 'FINANCE_APPROVAL', desk: 'FINANCE' });
    const approved = await callApi(app, api.workflow.rekycApprove, {
      headers: await staff('FINANCE'),
      body: { requestNumber: r, state: 'FINANCE_APPROVAL' },
    });
    expect(approved.json().response).toMatchObject({ state: 'APPROVED', userStatus: 'Approved' });
    expect((await db.onboardingProfile.findUniqueOrThrow({ where: { id: profile.id } })).status).toBe('Approved');
    // The history of each request is its own.
    const history = await callApi(app, api.workflow.messages, { params: { requestNumber: r }, headers });
    expect(history.json().response.map((m) => m.action)).toEqual(['SUBMIT', 'FORWARD', 'APPROVE']);
    expect(
      (await callApi(app, api.workflow.messages, { params: { requestNumber: onboarding }, headers })).json().response,
    ).toHaveLength(6);
  });

  it('is refused on a profile that is not approved', async () => {
    const { partner } = await submittedPartner();
    const res = await callApi(app, api.workflow.rekycInitiate, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber, companyCode: 1, categoryCode: 'SUP' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.error().failureMessage).toBe(MESSAGES.rekycNeedsApproved);
  });
});
