import { describe, expect, it } from 'vitest';
import { LOGIN_PAGE_MESSAGE_TYPE, api } from '@pp/contract';
import { readFileSync } from 'node:fs';
import { fixtures } from '@pp/fixtures';
import { callApi, setupFeatureTest } from '@pp/testing';

const { db, app } = await setupFeatureTest({ at: new Date('2026-11-22T10:00:00Z'), referenceData: false });

describe('GET /api/faq/getLoginPageNotification', () => {
  it('answers the active login-page notices in order, without a token', async () => {
    await db.portalMessage.createMany({
      data: [
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: 'Second', sortOrder: 2 },
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: '<b>First</b>', sortOrder: 1 },
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: 'Switched off', isActive: false },
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: 'Expired', validTo: new Date('2026-11-01T00:00:00Z') },
        { messageTypeId: LOGIN_PAGE_MESSAGE_TYPE, message: 'Future', validFrom: new Date('2026-12-01T00:00:00Z') },
        { messageTypeId: 3, message: 'A scrolling message' },
      ],
    });
    const res = await callApi(app, api.faq.loginPageNotification);
    expect(res.statusCode).toBe(200);
    expect(res.json().failureMessage).toBeNull();
    expect(res.json().response.map((n: { description: string }) => n.description)).toEqual(['<b>First</b>', 'Second']);
  });
});

describe('POST /api/faq/getAllFaqs', () => {
  it('answers the FAQ fixtures in the asked language and category', async () => {
    const hi = await callApi(app, api.faq.getAllFaqs, { body: { language: 'hi', category: 'registration' } });
    const list = hi.json().response;
    expect(list.length).toBeGreaterThan(1);
    expect(list[0]).toMatchObject({ category: 'registration', categoryTitle: 'पंजीकरण' });
    const all = await callApi(app, api.faq.getAllFaqs, { body: {} });
    expect(all.json().response[0]!.question).toBe('How do I register as a partner?');
  });
});

describe('GET /api/video-guides', () => {
  it('answers the page’s guides in their order, each a video the web app serves, and none for a page without', async () => {
    const home = await callApi(app, api.faq.videoGuides, { query: { pageName: 'home' } });
    expect(home.json().response).toEqual([
      { displayName: 'Registering as a partner', url: '/PartnerMgmtApp/guides/register.webm', topPosition: 1 },
      { displayName: 'Signing in and resetting your password', url: '/PartnerMgmtApp/guides/sign-in.webm', topPosition: 2 },
    ]);
    // Every guide of every page is a WebM file the web app ships (EBML magic number).
    for (const guide of Object.values(fixtures.videoGuides().pages).flat()) {
      const file = new URL(`../../../../web/public/guides/${guide.file}`, import.meta.url);
      expect(readFileSync(file).subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    }
    expect((await callApi(app, api.faq.videoGuides, { query: { pageName: 'testimonials' } })).json().response).toEqual([]);
    const bad = await callApi(app, api.faq.videoGuides, { query: { pageName: '../etc' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().failureMessage).toMatch(/^pageName: /);
  });
});
