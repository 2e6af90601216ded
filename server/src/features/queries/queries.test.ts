import { describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, api } from '@pp/contract';
import { DEV_INTERNAL_TOKEN } from '@pp/platform';
import { callApi, buildTestApp, createTestDatabase, createPartnerUser, signIn, withReferenceData } from '@pp/testing';

const { db } = await createTestDatabase();
const app = await buildTestApp(db);
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
