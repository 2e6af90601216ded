import { describe, expect, it } from 'vitest';
import { api, type CompanyRequest } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, okResponse as ok, setupFeatureTest, signIn } from '@pp/testing';

const { db, app } = await setupFeatureTest({ at: new Date('2026-11-25T10:00:00Z') });

async function partnerSession() {
  const user = await createPartnerUser(db);
  return { ...user, ...(await signIn(app, user.username)) };
}
async function staffSession(role: 'BUYER' | 'APPROVER') {
  const user = await createStaffUser(db, role);
  return { ...user, ...(await signIn(app, user.username)) };
}

const ask = {
  companyCode: 8,
  categoryCode: 'INF-CON',
  reason: 'We lay pavements for state highways and have two hot-mix plants.',
};

describe('Add New Company', () => {
  it('a request goes to the buyer, is sent back, resubmitted with a new reason, approved; the partner then works there', async () => {
    const p = await partnerSession();
    const buyer = await staffSession('BUYER');
    const asked = await ok<CompanyRequest>(callApi(app, api.companies.addCompany, { headers: p.auth, body: ask }));
    expect(asked).toMatchObject({
      state: 'BUYER_REVIEW',
      companyName: expect.any(String),
      categoryName: 'Infrastructure Contractor',
      reason: ask.reason,
      lastRemarks: null,
    });
    expect(asked.requestNumber).toMatch(/^ACR-8-2026-\d{6}$/);
    const { requestNumber } = asked;

    // On the buyer's workbench of company 8, and readable on the summary page.
    const bench = await ok<{ page: { items: { requestNumber: string; flow: string }[] } }>(
      callApi(app, api.workflow.workbench, {
        headers: buyer.auth,
        query: { companyCode: '8', searchTerm: p.partner.partnerNumber },
      }),
    );
    expect(bench.page.items).toEqual([expect.objectContaining({ requestNumber, flow: 'ADD_COMPANY' })]);
    expect(await ok(callApi(app, api.companies.review, { headers: buyer.auth, params: { requestNumber } }))).toMatchObject({
      organizationName: p.partner.organizationName,
      reason: ask.reason,
    });

    await ok(
      callApi(app, api.workflow.sendBack, {
        headers: buyer.auth,
        body: { requestNumber, state: 'BUYER_REVIEW', remarks: 'Which districts can your plants reach?' },
      }),
    );
    const [sentBack] = await ok<CompanyRequest[]>(callApi(app, api.companies.history, { headers: p.auth }));
    expect(sentBack).toMatchObject({ state: 'SENT_BACK', lastRemarks: 'Which districts can your plants reach?' });

    const reason = 'Plants at Nashik and Ahmednagar reach every district of North Maharashtra within three hours.';
    const resubmitted = await ok<CompanyRequest>(
      callApi(app, api.companies.resubmit, { headers: p.auth, body: { requestNumber, reason } }),
    );
    expect(resubmitted).toMatchObject({ state: 'BUYER_REVIEW', reason });

    await ok(callApi(app, api.workflow.approve, { headers: buyer.auth, body: { requestNumber, state: 'BUYER_REVIEW' } }));
    const mapping = await db.companyMapping.findUnique({
      where: { partnerId_companyCode_categoryCode: { partnerId: p.partner.id, companyCode: 8, categoryCode: 'INF-CON' } },
    });
    expect(mapping).toMatchObject({ isDefault: false, isPrimary: false });
    const notice = await db.notification.findFirstOrThrow({
      where: { partnerId: p.partner.id },
      orderBy: { notificationId: 'desc' },
    });
    expect(notice.description).toContain(`Your request ${requestNumber} to work with`);
    const history = await ok<{ action: string }[]>(
      callApi(app, api.workflow.messages, { headers: p.auth, params: { requestNumber } }),
    );
    expect(history.map((h) => h.action)).toEqual(['SUBMIT', 'SEND_BACK', 'RESUBMIT', 'APPROVE']);

    // Now it works there: asking again is refused.
    const again = await callApi(app, api.companies.addCompany, { headers: p.auth, body: ask });
    expect(again.statusCode).toBe(409);
    expect(again.error().failureMessage).toBe('You already work with this company in this business.');
  });

  it('one open request per company and business, even when two are sent at once; a rejected one may be asked again', async () => {
    const p = await partnerSession();
    const [a, b] = await Promise.all([
      callApi(app, api.companies.addCompany, { headers: p.auth, body: ask }),
      callApi(app, api.companies.addCompany, { headers: p.auth, body: ask }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const first = [a, b].find((r) => r.statusCode === 200)!.json().response.requestNumber;
    expect([a, b].find((r) => r.statusCode === 409)!.error().failureMessage).toBe(
      `Your request ${first} for this company and business is still open.`,
    );
    const buyer = await staffSession('BUYER');
    await ok(
      callApi(app, api.workflow.reject, {
        headers: buyer.auth,
        body: { requestNumber: first, state: 'BUYER_REVIEW', remarks: 'No roads packages this year.' },
      }),
    );
    const second = await ok<CompanyRequest>(callApi(app, api.companies.addCompany, { headers: p.auth, body: ask }));
    expect(second.requestNumber).not.toBe(first);
    const list = await ok<CompanyRequest[]>(callApi(app, api.companies.history, { headers: p.auth }));
    expect(list.map((r) => [r.requestNumber, r.state])).toEqual([
      [second.requestNumber, 'BUYER_REVIEW'],
      [first, 'REJECTED'],
    ]);
  });

  it('refuses bad input naming the field, the wrong desk, another partner, no token', async () => {
    const p = await partnerSession();
    for (const [body, message] of [
      [{ ...ask, companyCode: 99 }, /^companyCode: Must be one of the group companies$/],
      [{ ...ask, categoryCode: 'SUP' }, /^categoryCode: Must be a business of /],
      [{ ...ask, categoryCode: 'INF-CON-RDS' }, /^categoryCode: Must be a business of /],
      [{ ...ask, companyCode: undefined }, /^companyCode: Must be one of the group companies$/],
      [{ ...ask, reason: 'Because' }, /^reason: /],
      [{ ...ask, companyCode: '8' }, /^companyCode: /],
    ] as const) {
      const res = await callApi(app, api.companies.addCompany, { headers: p.auth, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toMatch(message);
    }
    const inHindi = await callApi(app, api.companies.addCompany, {
      headers: { ...p.auth, 'accept-language': 'hi' },
      body: { ...ask, categoryCode: 'SUP' },
    });
    expect(inHindi.error().failureMessage).toMatch(/^categoryCode: .+ का व्यवसाय होना चाहिए$/);
    const mapped = await callApi(app, api.companies.addCompany, {
      headers: p.auth,
      body: { ...ask, companyCode: 1, categoryCode: 'SUP' },
    });
    expect(mapped.statusCode).toBe(409);
    expect(await db.companyRequest.count({ where: { partnerId: p.partner.id } })).toBe(0);

    const { requestNumber } = await ok<CompanyRequest>(callApi(app, api.companies.addCompany, { headers: p.auth, body: ask }));
    // Not sent back: nothing to resubmit.
    const early = await callApi(app, api.companies.resubmit, { headers: p.auth, body: { requestNumber } });
    expect(early.statusCode).toBe(409);
    const other = await partnerSession();
    expect((await callApi(app, api.companies.resubmit, { headers: other.auth, body: { requestNumber } })).statusCode).toBe(404);
    expect(await ok(callApi(app, api.companies.history, { headers: other.auth }))).toEqual([]);
    const approver = await staffSession('APPROVER');
    const wrongDesk = await callApi(app, api.workflow.approve, {
      headers: approver.auth,
      body: { requestNumber, state: 'BUYER_REVIEW' },
    });
    expect(wrongDesk.statusCode).toBe(403);
    expect((await callApi(app, api.companies.review, { headers: p.auth, params: { requestNumber } })).statusCode).toBe(403);
    expect((await callApi(app, api.companies.addCompany, { body: ask })).statusCode).toBe(401);
    expect((await callApi(app, api.companies.history)).statusCode).toBe(401);
  });

  it('GET /api/workflow-status/requests: the partner’s requests of every flow, newest first, paged, with the remarks to read', async () => {
    const p = await partnerSession();
    const buyer = await staffSession('BUYER');
    const first = await ok<CompanyRequest>(callApi(app, api.companies.addCompany, { headers: p.auth, body: ask }));
    await ok(
      callApi(app, api.workflow.sendBack, {
        headers: buyer.auth,
        body: { requestNumber: first.requestNumber, state: 'BUYER_REVIEW', remarks: 'Send your plant list.' },
      }),
    );
    const second = await ok<CompanyRequest>(
      callApi(app, api.companies.addCompany, { headers: p.auth, body: { ...ask, companyCode: 1, categoryCode: 'SUB' } }),
    );
    const page1 = await ok<{
      items: { requestNumber: string; flow: string; state: string; lastRemarks: string | null }[];
      total: number;
      nextCursor: string | null;
    }>(callApi(app, api.workflow.mine, { headers: p.auth, query: { pageSize: '1' } }));
    expect(page1.total).toBe(2);
    expect(page1.items).toEqual([
      expect.objectContaining({ requestNumber: second.requestNumber, flow: 'ADD_COMPANY', state: 'BUYER_REVIEW' }),
    ]);
    const page2 = await ok<{ items: { requestNumber: string; state: string; lastRemarks: string | null }[] }>(
      callApi(app, api.workflow.mine, { headers: p.auth, query: { pageNo: '2', pageSize: '1', after: page1.nextCursor! } }),
    );
    expect(page2.items).toEqual([
      expect.objectContaining({ requestNumber: first.requestNumber, state: 'SENT_BACK', lastRemarks: 'Send your plant list.' }),
    ]);
    const other = await partnerSession();
    expect((await ok<{ total: number }>(callApi(app, api.workflow.mine, { headers: other.auth }))).total).toBe(0);
    expect((await callApi(app, api.workflow.mine, { headers: buyer.auth })).statusCode).toBe(403);
    expect((await callApi(app, api.workflow.mine)).statusCode).toBe(401);
    expect((await callApi(app, api.workflow.mine, { headers: p.auth, query: { pageSize: '0' } })).statusCode).toBe(400);
  });
});
