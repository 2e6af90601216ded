import { describe, expect, it } from 'vitest';
import { MESSAGES, SSO_TICKET_TTL_MS, api } from '@pp/contract';
import { callApi, createPartnerUser, createStaffUser, freshIp, setupFeatureTest, TEST_CLOCK_START } from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: TEST_CLOCK_START });

/** Signs a staff member in at the stand-in and answers the /getsession query it redirects to. */
async function ticketFor(username: string, password: string, extra: { jobCode?: string; companyCode?: 1 | 8 } = {}) {
  const res = await callApi(app, api.auth.groupSignin, { body: { username, password, ...extra }, headers: freshIp() });
  expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
  const url = new URL(res.json().response.redirectUrl, 'http://portal');
  expect(url.pathname).toBe('/PartnerMgmtApp/getsession');
  return Object.fromEntries(url.searchParams);
}

const exchange = (q: Record<string, string>) =>
  callApi(app, api.auth.summaryLogin, {
    body: { uid: q.Uid!, auditNo: q.AuditNo!, companyCode: Number(q.CompanyCode), jobCode: q.JobCode, source: q.Source },
    headers: freshIp(),
  });

describe("the group's sign-in stand-in and summary login (/getsession)", () => {
  it('exchanges a staff ticket once for a session that opens the job’s page', async () => {
    const { username, password } = await createStaffUser(db, 'BUYER');
    const query = await ticketFor(username, password, { jobCode: 'summary', companyCode: 8 });
    expect(query).toMatchObject({ Uid: username, CompanyCode: '8', Source: 'GROUP-SSO', JobCode: 'summary' });
    // The ticket is random and only its hash is kept.
    expect(query.AuditNo).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await db.ssoTicket.count({ where: { id: query.AuditNo! } })).toBe(0);

    const first = await exchange(query);
    expect(first.statusCode).toBe(200);
    expect(first.json().response).toMatchObject({ role: 'BUYER', landingRoute: '/summarypage', currentCompanyCode: 8 });
    const token = first.json().response.accessToken;
    const workbench = await callApi(app, api.workflow.workbench, {
      query: { companyCode: 8 },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(workbench.statusCode).toBe(200);

    const replay = await exchange(query);
    expect(replay.statusCode).toBe(400);
    expect(replay.error().failureMessage).toBe(MESSAGES.ssoTicketInvalid);
  });

  it('refuses an edited Uid or company, an expired ticket, two exchanges at once, and a partner', async () => {
    const buyer = await createStaffUser(db, 'BUYER');
    const other = await createStaffUser(db, 'ADMIN');
    const edited = await ticketFor(buyer.username, buyer.password);
    expect((await exchange({ ...edited, Uid: other.username })).statusCode).toBe(400);
    // The edited attempt spent the ticket: the right Uid cannot use it afterwards either.
    expect((await exchange(edited)).statusCode).toBe(400);
    const otherCompany = await ticketFor(buyer.username, buyer.password);
    expect((await exchange({ ...otherCompany, CompanyCode: '8' })).statusCode).toBe(400);

    const late = await ticketFor(buyer.username, buyer.password);
    clock.advance(SSO_TICKET_TTL_MS + 1);
    expect((await exchange(late)).statusCode).toBe(400);

    const raced = await ticketFor(buyer.username, buyer.password);
    const answers = await Promise.all([exchange(raced), exchange(raced)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);

    const partner = await createPartnerUser(db);
    const refused = await callApi(app, api.auth.groupSignin, {
      body: { username: partner.username, password: partner.password },
      headers: freshIp(),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.error().failureMessage).toBe(MESSAGES.staffSigninOnly);
    const wrongPassword = await callApi(app, api.auth.groupSignin, {
      body: { username: buyer.username, password: 'Wrong@1234' },
      headers: freshIp(),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.error().failureMessage).toBe(MESSAGES.invalidCredentials);
  });

  it('names the field of a bad request', async () => {
    const res = await callApi(app, api.auth.summaryLogin, { body: { uid: 'x', companyCode: 1 }, headers: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(res.error().fieldErrors?.map((e) => e.field)).toEqual(['auditNo']);
  });
});

describe("sign-in to the group's procurement system (stand-in)", () => {
  const procurementTicketOf = async (auth: Record<string, string>) => {
    const res = await callApi(app, api.auth.procurementTicket, { headers: auth });
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    const url = new URL(res.json().response.redirectUrl, 'http://portal');
    expect(url.pathname).toBe('/PartnerMgmtApp/procurement');
    return url.searchParams.get('ticket')!;
  };
  const take = (ticket: string) => callApi(app, api.auth.procurementExchange, { body: { ticket }, headers: freshIp() });

  it('gives a signed-in staff member a one-time ticket the procurement page takes once, within its minute', async () => {
    const { username, password } = await createStaffUser(db, 'BUYER');
    const session = await exchange(await ticketFor(username, password, { companyCode: 8 }));
    const auth = { authorization: `Bearer ${session.json().response.accessToken}` };
    const ticket = await procurementTicketOf(auth);
    const taken = await take(ticket);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().response).toMatchObject({ username, role: 'BUYER', companyName: expect.any(String) });
    expect((await take(ticket)).statusCode).toBe(400);

    // Expired after its minute; and a procurement ticket never opens a portal session at /getsession.
    const late = await procurementTicketOf(auth);
    clock.advance(SSO_TICKET_TTL_MS + 1_000);
    expect((await take(late)).error().failureMessage).toBe(MESSAGES.ssoTicketInvalid);
    const crossed = await procurementTicketOf(auth);
    const asPortal = await exchange({ Uid: username, AuditNo: crossed, CompanyCode: '8', Source: 'GROUP-SSO', JobCode: '' });
    expect(asPortal.statusCode).toBe(400);
    // Nor does a portal ticket open the procurement page.
    const portalTicket = await ticketFor(username, password, { companyCode: 8 });
    expect((await take(portalTicket.AuditNo!)).statusCode).toBe(400);
  });

  it('refuses a partner, a stranger and a malformed ticket', async () => {
    const partner = await createPartnerUser(db);
    const signedIn = await callApi(app, api.auth.signin, {
      body: { username: partner.username, password: partner.password },
      headers: freshIp(),
    });
    const partnerAuth = { authorization: `Bearer ${signedIn.json().response.accessToken}` };
    expect((await callApi(app, api.auth.procurementTicket, { headers: partnerAuth })).statusCode).toBe(403);
    expect((await callApi(app, api.auth.procurementTicket)).statusCode).toBe(401);
    const short = await callApi(app, api.auth.procurementExchange, { body: { ticket: 'abc' }, headers: freshIp() });
    expect(short.statusCode).toBe(400);
    expect(short.error().failureMessage).toMatch(/^ticket: /);
  });
});
