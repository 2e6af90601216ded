import { describe, expect, it } from 'vitest';
import { PAGE_SIZE_MAX, api } from '@pp/contract';
import { buildTestApp, callApi, setupFeatureTest } from '@pp/testing';

const { db, app } = await setupFeatureTest({ referenceData: false });

describe('GET /dev/mailbox', () => {
  it('lists the outbox for a recipient, newest first', async () => {
    await db.mailboxMessage.createMany({
      data: [
        { channel: 'SMS', recipient: '9000000001', textBody: 'first' },
        { channel: 'SMS', recipient: '9000000001', textBody: 'second' },
        { channel: 'SMS', recipient: '9000000002', textBody: 'other' },
      ],
    });
    const res = await callApi(app, api.mailbox.list, { query: { recipient: 9000000001 } });
    expect(res.json().response).toMatchObject({ total: 2, pageNo: 1, nextCursor: null });
    expect(res.json().response.items.map((m) => m.textBody)).toEqual(['second', 'first']);
  });

  it('pages by number and by cursor, to the same rows, with the total', async () => {
    const recipient = 'paging@example.com';
    await db.mailboxMessage.createMany({
      data: Array.from({ length: 45 }, (_, i) => ({ channel: 'EMAIL' as const, recipient, textBody: `message ${i + 1}` })),
    });
    const page = async (query: Record<string, string | number>) =>
      (await callApi(app, api.mailbox.list, { query: { recipient, pageSize: 20, ...query } })).json().response;
    const first = await page({});
    expect(first.total).toBe(45);
    expect(first.items.map((m) => m.textBody).slice(0, 2)).toEqual(['message 45', 'message 44']);
    const secondByCursor = await page({ after: first.nextCursor! });
    const secondByNumber = await page({ pageNo: 2 });
    expect(secondByCursor.items).toEqual(secondByNumber.items);
    expect(secondByCursor.items[0]!.textBody).toBe('message 25');
    const third = await page({ after: secondByCursor.nextCursor! });
    expect(third.items.map((m) => m.textBody)).toEqual(['message 5', 'message 4', 'message 3', 'message 2', 'message 1']);
    expect(third.nextCursor).toBeNull();
  });

  it('answers 400 naming the part for a bad page size or cursor', async () => {
    for (const [query, field] of [
      [{ pageSize: PAGE_SIZE_MAX + 1 }, 'pageSize'],
      [{ pageNo: 0 }, 'pageNo'],
      [{ after: 'not a cursor!' }, 'after'],
      [{ after: 'bm90LWpzb24' }, 'after'],
    ] as const) {
      const res = await callApi(app, api.mailbox.list, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.error().fieldErrors?.[0]?.field).toBe(field);
    }
  });

  it('answers only a client on this machine: another address gets the not-found answer', async () => {
    expect((await callApi(app, api.mailbox.list, { headers: { 'x-forwarded-for': '127.0.0.9' } })).statusCode).toBe(200);
    for (const address of ['10.1.2.3', '192.168.1.20', '::ffff:10.0.0.1', '2001:db8::1']) {
      const res = await callApi(app, api.mailbox.list, { headers: { 'x-forwarded-for': address } });
      expect(res.statusCode, address).toBe(404);
      expect(res.error().failureMessage).toMatch(/not found/i);
    }
  });

  it('is off when the server listens beyond loopback, unless DEV_MAILBOX says otherwise', async () => {
    const exposed = await buildTestApp(db, { env: { HOST: '0.0.0.0' } });
    expect((await callApi(exposed, api.mailbox.list)).statusCode).toBe(404);
    const loopbackOnly = await buildTestApp(db, { env: { HOST: '0.0.0.0', DEV_MAILBOX: 'loopback' } });
    expect((await callApi(loopbackOnly, api.mailbox.list)).statusCode).toBe(200);
    expect((await callApi(loopbackOnly, api.mailbox.list, { headers: { 'x-forwarded-for': '10.9.9.9' } })).statusCode).toBe(404);
    const open = await buildTestApp(db, { env: { HOST: '0.0.0.0', DEV_MAILBOX: 'open' } });
    expect((await callApi(open, api.mailbox.list, { headers: { 'x-forwarded-for': '10.9.9.9' } })).statusCode).toBe(200);
  });

  it('does not exist in production', async () => {
    const prod = await buildTestApp(db, {
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'a-production-secret-of-enough-length-0123',
        INTERNAL_API_TOKEN: 'a-production-internal-token-0123456789',
      },
    });
    expect((await callApi(prod, api.mailbox.list)).statusCode).toBe(404);
  });
});
