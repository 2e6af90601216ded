import { describe, expect, it } from 'vitest';
import { MESSAGES, api, type ReviewedProfile } from '@pp/contract';
import { callApi, setupFeatureTest, workflowFixtures } from '@pp/testing';

const { db, app } = await setupFeatureTest();
const { submittedPartner, staff } = workflowFixtures(app, db);

describe('GET /api/partner-onboard/{part}/request-number/{r} (staff review of a submitted profile)', () => {
  it('answers the whole profile to the desk it waits at, and one part by name', async () => {
    const { requestNumber, pan } = await submittedPartner();
    const headers = await staff('SEGREGATOR');
    const summary = await callApi(app, api.review.part, { params: { part: 'summary', requestNumber }, headers });
    expect(summary.statusCode).toBe(200);
    const whole = summary.json().response as Required<ReviewedProfile>;
    expect(whole.profile).toMatchObject({ requestNumber, status: 'View', companyCode: 1, categoryCode: 'SUP' });
    expect(whole.statutory?.pan).toBe(pan);
    expect(whole.lists.bankAccounts).toHaveLength(1);
    expect(whole.files.length).toBeGreaterThan(3);

    const statutory = (await callApi(app, api.review.part, { params: { part: 'statutory', requestNumber }, headers })).json()
      .response;
    expect(Object.keys(statutory).sort()).toEqual(['profile', 'statutory']);
    expect(statutory.statutory?.pan).toBe(pan);
    const tds = (await callApi(app, api.review.part, { params: { part: 'tds-declaration', requestNumber }, headers })).json()
      .response;
    expect(Object.keys(tds).sort()).toEqual(['profile', 'tdsDeclaration']);
  });

  it('refuses another desk until it acted on the request, a partner token and no token', async () => {
    const { requestNumber, headers: partner } = await submittedPartner();
    const params = { part: 'general' as const, requestNumber };
    const buyer = await callApi(app, api.review.part, { params, headers: await staff('BUYER') });
    expect(buyer.statusCode).toBe(403);
    expect(buyer.error().failureMessage).toBe(MESSAGES.workflowNotYourDesk('SEGREGATOR'));

    // Once the segregator has moved it on, it still reads what it acted on.
    const moved = await callApi(app, api.workflow.approve, {
      headers: await staff('SEGREGATOR'),
      body: { requestNumber, state: 'SEGREGATION' },
    });
    expect(moved.json().response.state).toBe('CATEGORISATION');
    expect((await callApi(app, api.review.part, { params, headers: await staff('SEGREGATOR') })).statusCode).toBe(200);
    expect((await callApi(app, api.review.part, { params, headers: await staff('CATEGORIZER') })).statusCode).toBe(200);
    expect((await callApi(app, api.review.part, { params, headers: await staff('REPORTS') })).statusCode).toBe(403);

    const asPartner = await callApi(app, api.review.part, { params, headers: partner });
    expect(asPartner.statusCode).toBe(403);
    expect(asPartner.error()).toMatchObject({ errorCode: 403, failureMessage: MESSAGES.accessDenied });
    expect((await callApi(app, api.review.part, { params, headers: {} })).statusCode).toBe(401);
  });

  it('gives the admin view (/isAdmin/true) only to a role allowed to edit the vendor master', async () => {
    const { requestNumber } = await submittedPartner();
    const params = { part: 'summary' as const, requestNumber };
    expect((await callApi(app, api.review.partAsAdmin, { params, headers: await staff('ADMIN') })).statusCode).toBe(200);
    // The segregator's desk holds it, but the admin view is not the desk's.
    const segregator = await callApi(app, api.review.partAsAdmin, { params, headers: await staff('SEGREGATOR') });
    expect(segregator.statusCode).toBe(403);
    expect(segregator.error().failureMessage).toBe(MESSAGES.accessDenied);
  });

  it('names a wrong part, a malformed request number and an unknown one', async () => {
    const headers = await staff('ADMIN');
    const badPart = await callApi(app, api.review.part, {
      params: { part: 'secrets' as never, requestNumber: 'ONB-1-2026-000001' },
      headers,
    });
    expect(badPart.statusCode).toBe(400);
    expect(badPart.error().fieldErrors?.[0]?.field).toBe('part');
    const malformed = await callApi(app, api.review.part, { params: { part: 'general', requestNumber: 'nope' }, headers });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.error().fieldErrors?.[0]?.field).toBe('requestNumber');
    const unknown = await callApi(app, api.review.part, {
      params: { part: 'general', requestNumber: 'ONB-9-2026-999999' },
      headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/partner-onboard/onboard-questions and /modules', () => {
  it("answers a module's questions with the profile's answers, and the modules of a category", async () => {
    const { requestNumber } = await submittedPartner();
    const headers = await staff('SEGREGATOR');
    const questions = await callApi(app, api.review.questions, { params: { moduleCode: 'QHS', requestNumber }, headers });
    expect(questions.statusCode).toBe(200);
    const answered = questions.json().response.filter((q) => q.answer !== null);
    expect(answered.length).toBeGreaterThan(0);
    expect(questions.json().response.every((q) => q.moduleCode === 'QHS')).toBe(true);

    const modules = await callApi(app, api.review.modules, { params: { categoryCode: 'SUP' }, headers });
    expect(modules.json().response.map((m) => m.moduleCode)).toEqual(['GEN', 'STA', 'BNK', 'FIN', 'CRD', 'PTN', 'QHS', 'DEC']);
    const unknown = await callApi(app, api.review.modules, { params: { categoryCode: 'NOPE' }, headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.error().failureMessage).toBe(MESSAGES.categoryNotFound('NOPE'));
  });
});

describe('POST /api/getDtValidation', () => {
  it('checks each number of the profile and names the other partners that hold it', async () => {
    const first = await submittedPartner();
    const { requestNumber, pan } = await submittedPartner();
    const res = await callApi(app, api.review.dtValidation, { body: { requestNumber }, headers: await staff('SEGREGATOR') });
    expect(res.statusCode).toBe(200);
    const items = res.json().response;
    expect(items.find((i) => i.kind === 'PAN')).toMatchObject({ value: pan, valid: true, failureMessage: null, duplicates: [] });
    // Every test partner gives the same bank account: the first partner is among its holders.
    const bank = items.find((i) => i.kind === 'BANK')!;
    expect(bank.duplicates).toContainEqual({
      partnerNumber: first.partner.partnerNumber,
      organizationName: first.partner.organizationName,
    });
    expect(bank.duplicates.length).toBe(new Set(bank.duplicates.map((d) => d.partnerNumber)).size);
    // The contacts' mobiles and e-mails, shared too, are for forensics: no statutory number among these.
    expect(items.map((i) => i.kind)).not.toContain('EMAIL');
    expect(items.map((i) => i.kind)).not.toContain('MOBILE');
  });

  it('is refused to a partner, to another desk, and names a bad body field', async () => {
    const { requestNumber, headers } = await submittedPartner();
    expect((await callApi(app, api.review.dtValidation, { body: { requestNumber }, headers })).statusCode).toBe(403);
    expect(
      (await callApi(app, api.review.dtValidation, { body: { requestNumber }, headers: await staff('FINANCE') })).statusCode,
    ).toBe(403);
    const bad = await callApi(app, api.review.dtValidation, {
      body: { requestNumber: 42 as never },
      headers: await staff('ADMIN'),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fieldErrors?.[0]?.field).toBe('requestNumber');
  });
});

describe('GET /api/fileDownload/{id} for staff', () => {
  it("lets the reviewing desk download the profile's documents, and not another desk", async () => {
    const { requestNumber } = await submittedPartner();
    const segregator = await staff('SEGREGATOR');
    const files = (await callApi(app, api.review.part, { params: { part: 'files', requestNumber }, headers: segregator })).json()
      .response.files!;
    const params = { uniqueId: files[0]!.uniqueId };
    const ok = await callApi(app, api.files.download, { params, headers: segregator });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-length']).toBe(String(files[0]!.fileSize));
    expect((await callApi(app, api.files.download, { params, headers: await staff('REPORTS') })).statusCode).toBe(404);
    expect((await callApi(app, api.files.download, { params, headers: await staff('ADMIN') })).statusCode).toBe(200);
  });
});
