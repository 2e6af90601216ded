import { describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER } from '@pp/contract';
import { DEV_INTERNAL_TOKEN } from '../../config.ts';
import { buildTestApp } from '@pp/testing';
import { createTestDatabase } from '@pp/testing';

const { db } = await createTestDatabase();
const app = await buildTestApp(db);
const URL = '/partner-api/api/partnerqueries/vfacing/insertPartnerQueryEntry?source=CHATBOT';
const callback = {
  displayName: 'Asha Verma',
  companyName: 'Verma Steel',
  mobileNumber: '9876543210',
  partnerEmailId: 'Asha@Verma.in',
  message: 'Callback requested from the chat assistant',
};

describe('POST /api/partnerqueries/vfacing/insertPartnerQueryEntry', () => {
  it('records a chat callback request sent by the gateway, with a reference number', async () => {
    const res = await app.inject({
      method: 'POST',
      url: URL,
      headers: { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN },
      payload: callback,
    });
    expect(res.statusCode).toBe(200);
    const { referenceNumber } = res.json().response;
    expect(referenceNumber).toMatch(/^PQ\d{7}$/);
    const row = await db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber } });
    expect(row).toMatchObject({ source: 'CHATBOT', displayName: 'Asha Verma', partnerEmailId: 'asha@verma.in', status: 'OPEN' });
  });

  it('refuses callers that are not the gateway, and bad parts by name', async () => {
    const stranger = await app.inject({
      method: 'POST',
      url: URL,
      headers: { [INTERNAL_TOKEN_HEADER]: 'guess' },
      payload: callback,
    });
    expect(stranger.statusCode).toBe(403);
    const bad = await app.inject({
      method: 'POST',
      url: URL,
      headers: { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN },
      payload: { ...callback, mobileNumber: '123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().failureMessage).toMatch(/^mobileNumber: /);
    const source = await app.inject({ method: 'POST', url: URL.replace('CHATBOT', 'FAX'), payload: callback });
    expect(source.json().failureMessage).toMatch(/^source: /);
  });
});

describe('POST /api/faq/getAllFaqs', () => {
  it('answers the FAQ fixtures in the asked language and category', async () => {
    const hi = await app.inject({
      method: 'POST',
      url: '/partner-api/api/faq/getAllFaqs',
      payload: { language: 'hi', category: 'registration' },
    });
    const list = hi.json().response;
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toMatchObject({ category: 'registration', categoryTitle: 'पंजीकरण' });
    const all = await app.inject({ method: 'POST', url: '/partner-api/api/faq/getAllFaqs', payload: {} });
    expect(all.json().response[0].question).toBe('How do I register as a partner?');
  });
});
