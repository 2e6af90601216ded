import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SSO_TICKET_TTL_MS, api } from '@pp/contract';
import {
  buildTestApp,
  callApi,
  createPartnerUser,
  createStaffUser,
  createTestDatabase,
  freshIp,
  testClock,
  withReferenceData,
} from '@pp/testing';

const { db } = await createTestDatabase();
const clock = testClock();
const app = await buildTestApp(db, { now: clock.now });
beforeAll(() => withReferenceData(db));

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
