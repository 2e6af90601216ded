import { describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, api, encryptId } from '@pp/contract';
import { DEV_INTERNAL_TOKEN } from '@pp/platform';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  freshIp,
  latestMessage,
  latestOtp,
  samplePdf,
  setupFeatureTest,
  signIn,
  uploadFile,
  withReferenceData,
} from '@pp/testing';

const { db, app } = await setupFeatureTest({ referenceData: false });
await withReferenceData(db);
const callback = {
  displayName: 'Asha Verma',
  companyName: 'Verma Steel',
  mobileNumber: '9876543210',
  partnerEmailId: 'Asha@Verma.in',
  message: 'Callback requested from the chat assistant',
};

describe('POST /api/partnerqueries/vfacing/insertPartnerQueryEntry', () => {
  it('records a chat callback request sent by the gateway, with a reference number', async () => {
    const res = await callApi(app, api.queries.insertPartnerQueryEntry, {
      query: { source: 'CHATBOT' },
      body: callback,
      headers: { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN },
    });
    expect(res.statusCode).toBe(200);
    const { referenceNumber } = res.json().response;
    expect(referenceNumber).toMatch(/^PQ\d{7}$/);
    const row = await db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber } });
    expect(row).toMatchObject({ source: 'CHATBOT', displayName: 'Asha Verma', partnerEmailId: 'asha@verma.in', status: 'OPEN' });
  });

  it('links a request to a partner only when that partner, signed in, asked: a typed e-mail proves nothing', async () => {
    const { user, partner, username } = await createPartnerUser(db);
    const record = async (headers: Record<string, string>) => {
      const res = await callApi(app, api.queries.insertPartnerQueryEntry, {
        query: { source: 'CHATBOT' },
        body: { ...callback, partnerEmailId: user.email },
        headers: { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN, ...headers },
      });
      expect(res.statusCode).toBe(200);
      return db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber: res.json().response.referenceNumber } });
    };
    expect((await record({})).partnerId).toBeNull();
    expect((await record({ authorization: 'Bearer not-a-token' })).partnerId).toBeNull();
    const session = await signIn(app, username);
    expect((await record(session.auth)).partnerId).toBe(partner.id);
  });

  it('refuses callers that are not the gateway, and bad parts by name', async () => {
    const stranger = await callApi(app, api.queries.insertPartnerQueryEntry, {
      query: { source: 'CHATBOT' },
      body: callback,
      headers: { [INTERNAL_TOKEN_HEADER]: 'guess' },
    });
    expect(stranger.statusCode).toBe(403);
    const bad = await callApi(app, api.queries.insertPartnerQueryEntry, {
      query: { source: 'CHATBOT' },
      body: { ...callback, mobileNumber: '123' },
      headers: { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().failureMessage).toMatch(/^mobileNumber: /);
    const source = await callApi(app, api.queries.insertPartnerQueryEntry, {
      query: { source: 'FAX' },
      body: callback,
      headers: { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN },
    });
    expect(source.statusCode).toBe(400);
    expect(source.error().failureMessage).toMatch(/^source: /);
  });
});

describe('the support form (source SUPPORT_FORM, e-mail OTP)', () => {
  const message = 'Our invoice upload fails with an error every time we attach the signed PDF copy.';
  const form = (email: string, extra: Record<string, unknown> = {}) => ({
    partnerEmailId: email,
    displayName: 'Kiran & Sons',
    message,
    siteUrl: '/PartnerMgmtApp/home',
    ...extra,
  });
  const submit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    callApi(app, api.queries.insertPartnerQueryEntry, {
      query: { source: 'SUPPORT_FORM' },
      body,
      headers: { ...freshIp(), ...headers },
    });
  const sendOtp = (name: string, email: string) =>
    callApi(app, api.queries.sendEmailOtp, {
      body: { companyCode: 1, payLoad: encryptId(`${name},${email}`), smsCode: 3 },
      headers: freshIp(),
    });
  const verify = (email: string, code: string) =>
    callApi(app, api.queries.verifyEmailOtp, {
      body: { email: encryptId(email), referenceNumber: code, smsCode: 3 },
      headers: freshIp(),
    });

  it('takes a visitor’s query after the e-mail OTP, once, and mails the reference', async () => {
    const email = `visitor.${Date.now()}@example.org`;
    // Nobody learns of an address's queries before proving it is theirs (no enumeration of addresses).
    const unproven = await callApi(app, api.queries.openQueries, { params: { email }, headers: freshIp() });
    expect(unproven.statusCode).toBe(403);
    expect(unproven.error().failureMessage).toBe('Kindly verify Email OTP and try again');
    // Without a verified OTP the query is refused with the spec's words.
    const early = await submit(form(email));
    expect(early.statusCode).toBe(400);
    expect(early.error().failureMessage).toBe('partnerEmailId: Kindly verify Email OTP and try again');

    const sent = await sendOtp('Kiran', email.toUpperCase());
    expect(sent.json().response).toBe('OTP sent successfully');
    const code = await latestOtp(db, email);
    expect(code).toMatch(/^\d{5}$/);
    const wrong = await verify(email, code === '00000' ? '11111' : '00000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.error().failureMessage).toMatch(/^referenceNumber: /);
    expect((await verify(email, code)).json().response).toBe('OTP verified successfully');
    // Verified: the form asks whether an open query exists before it sends this one.
    expect((await callApi(app, api.queries.openQueries, { params: { email }, headers: freshIp() })).json().response).toBe(
      'No records found',
    );

    const ok = await submit(form(email));
    expect(ok.statusCode, JSON.stringify(ok.json())).toBe(200);
    const { referenceNumber } = ok.json().response;
    const row = await db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber } });
    expect(row).toMatchObject({
      source: 'SUPPORT_FORM',
      partnerEmailId: email,
      partnerId: null,
      siteUrl: '/PartnerMgmtApp/home',
      status: 'OPEN',
    });
    expect((await latestMessage(db, email))?.subject).toBe(`Your query ${referenceNumber} to Partner Portal support`);

    // The open query is found by the address, and a second one is pointed to it.
    expect((await callApi(app, api.queries.openQueries, { params: { email } })).json().response).toEqual([
      { referenceNumber, createdAt: expect.any(String) },
    ]);
    await sendOtp('Kiran', email);
    await verify(email, await latestOtp(db, email));
    const again = await submit(form(email));
    expect(again.error().failureMessage).toBe(
      'partnerEmailId: Open chat with this email already exists kindly check existing email notifications to find link to the chat',
    );
  });

  it('refuses the group’s own domains, bad addresses and short messages in the spec’s words', async () => {
    expect((await sendOtp('Kiran', 'kiran@meridianec.com')).error().failureMessage).toBe(
      'payLoad: Email id of this domain are not allowed. Kindly use helpdesk.',
    );
    expect((await sendOtp('Kiran', 'kiran@mail.mecgroup.in')).statusCode).toBe(400);
    expect((await sendOtp('Kiran', 'not-an-email')).error().failureMessage).toBe('payLoad: Kindly enter valid email.');
    expect((await callApi(app, api.queries.sendEmailOtp, { body: { payLoad: 'garbage', smsCode: 3 } })).statusCode).toBe(400);
    for (const [body, text] of [
      [form('a@b.co', { displayName: 'Ki' }), 'displayName: Vendor Name must be atleast 3 characters long'],
      [form('a@b.co', { displayName: 'Kiran!' }), 'displayName: vendorName name cannot contain special characters except & or -'],
      [form('', {}), 'partnerEmailId: Email Id cannot be empty'],
      [form('a@b', {}), 'partnerEmailId: Invalid email pattern'],
      [form('x@meridianinfra.co.in', {}), 'partnerEmailId: Email id of this domain are not allowed. Kindly use helpdesk.'],
      [form('a@b.co', { message: 'Too short.' }), 'message: Issue description must be atleast 50 characters long'],
    ] as const) {
      const res = await submit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.error().failureMessage).toBe(text);
    }
    const attachment = await submit(form('a@b.co', { attachmentDocId: '00000000-0000-4000-8000-000000000000' }));
    expect(attachment.error().failureMessage).toMatch(/^attachmentDocId: /);
  });

  it('takes a signed-in partner’s query without an OTP, from its own address, with its own attachment', async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const upload = await uploadFile(app, { name: 'screen.pdf', content: samplePdf('screen') }, { headers: auth });
    const fileId = upload.json().response.UniqueID;
    // Whatever address the body names, the query is the account's.
    const res = await submit(form('someone.else@example.org', { attachmentDocId: fileId }), auth);
    expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
    const row = await db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber: res.json().response.referenceNumber } });
    expect(row).toMatchObject({ partnerId: partner.id, partnerEmailId: partner.email.toLowerCase(), attachmentDocId: fileId });

    const other = await createPartnerUser(db);
    const otherAuth = (await signIn(app, other.username)).auth;
    const foreign = await submit(form('x@example.org', { attachmentDocId: fileId }), otherAuth);
    expect(foreign.error().failureMessage).toBe('attachmentDocId: This file was not uploaded by you.');
  });

  it('lists an address’s open queries to the partner it belongs to and to staff who answer queries, to nobody else', async () => {
    const { username, partner } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    const sent = await submit(form('ignored@example.org'), auth);
    const own = partner.email.toLowerCase();
    const lookup = (email: string, headers: Record<string, string> = {}) =>
      callApi(app, api.queries.openQueries, { params: { email }, headers: { ...freshIp(), ...headers } });
    expect((await lookup(own, auth)).json().response).toEqual([
      { referenceNumber: sent.json().response.referenceNumber, createdAt: expect.any(String) },
    ]);
    // Another partner, a visitor, staff who do not answer queries: refused alike.
    const other = (await signIn(app, (await createPartnerUser(db)).username)).auth;
    expect((await lookup(own, other)).statusCode).toBe(403);
    expect((await lookup(own)).statusCode).toBe(403);
    expect((await lookup(own, (await signIn(app, (await createStaffUser(db, 'REPORTS')).username)).auth)).statusCode).toBe(403);
    const buyer = (await signIn(app, (await createStaffUser(db, 'BUYER')).username)).auth;
    expect((await lookup(own, buyer)).json().response).toHaveLength(1);
  });
});
