import { describe, expect, it } from 'vitest';
import { MESSAGES, api, financialYears, listRowInput } from '@pp/contract';
import { callApi, gstinFor, setupFeatureTest, workflowFixtures } from '@pp/testing';

const { db, app } = await setupFeatureTest();
const { staff, submittedPartner } = workflowFixtures(app, db);

const profileOf = (requestNumber: string) =>
  db.onboardingProfile.findUniqueOrThrow({
    where: { requestNumber },
    include: { parts: true, rows: { orderBy: { id: 'asc' } }, answers: true },
  });
const part = async (requestNumber: string, name: string) =>
  (await profileOf(requestNumber)).parts.find((p) => p.partName === name)?.data as Record<string, unknown>;
const lastAudit = (requestNumber: string) =>
  db.adminAudit.findFirstOrThrow({ where: { requestNumber }, orderBy: { id: 'desc' } });

describe('admin actions on a submitted profile', () => {
  it('corrects one statutory number, checked as the form checks it, and rebuilds the duplicate search', async () => {
    const { requestNumber, partner } = await submittedPartner();
    const headers = await staff('ADMIN');
    const bad = await callApi(app, api.admin.changeStatutory, {
      headers,
      body: { requestNumber, field: 'tan', value: 'NOT-A-TAN' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.error().fieldErrors?.[0]?.field).toBe('value');
    const unknownField = await callApi(app, api.admin.changeStatutory, {
      headers,
      body: { requestNumber, field: 'pan', value: 'X' },
    });
    expect(unknownField.error().fieldErrors?.[0]?.field).toBe('field');

    const ok = await callApi(app, api.admin.changeStatutory, {
      headers,
      body: { requestNumber, field: 'tan', value: 'MUMA12345B', remarks: 'TAN allotment letter' },
    });
    expect(ok.statusCode, JSON.stringify(ok.error())).toBe(200);
    expect((await part(requestNumber, 'statutory')).tan).toBe('MUMA12345B');
    expect(await db.partnerIdentifier.count({ where: { partnerId: partner.id, kind: 'TAN', value: 'MUMA12345B' } })).toBe(1);
    expect(await lastAudit(requestNumber)).toMatchObject({ action: 'changeStatutory', after: { tan: 'MUMA12345B' } });
  });

  it("corrects the PAN only where the profile's GSTINs hold it", async () => {
    const { requestNumber, pan } = await submittedPartner();
    const headers = await staff('ADMIN');
    const other = `${pan.slice(0, 5)}9999${pan[9]}`;
    const refused = await callApi(app, api.admin.changePan, { headers, body: { requestNumber, pan: other } });
    expect(refused.statusCode).toBe(400);
    expect(refused.error().fieldErrors?.[0]).toEqual({ field: 'pan', message: MESSAGES.panNotInGstins(gstinFor(pan), 1) });
    expect((await part(requestNumber, 'statutory')).pan).toBe(pan);
    const same = await callApi(app, api.admin.changePan, { headers, body: { requestNumber, pan } });
    expect(same.error().fieldErrors?.[0]).toEqual({ field: 'pan', message: MESSAGES.sameValue });
  });

  it('corrects the name payments are made in favour of, on a bank account of the profile', async () => {
    const { requestNumber } = await submittedPartner();
    const profile = await profileOf(requestNumber);
    const account = profile.rows.find((r) => r.listName === 'bankAccounts')!;
    // Finance holds the bank permission; the buyer does not.
    const body = { requestNumber, bankAccountId: account.id, accountHolderName: 'Steel Traders Pvt Ltd' };
    expect((await callApi(app, api.admin.paymentInFavourOf, { headers: await staff('BUYER'), body })).statusCode).toBe(403);
    const res = await callApi(app, api.admin.paymentInFavourOf, { headers: await staff('FINANCE'), body });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    const row = await db.onboardingRow.findUniqueOrThrow({ where: { id: account.id } });
    expect(row.data).toMatchObject({ accountHolderName: 'Steel Traders Pvt Ltd', accountNumber: '000123456789' });
    const elsewhere = await callApi(app, api.admin.paymentInFavourOf, {
      headers: await staff('FINANCE'),
      body: { ...body, bankAccountId: 999999 },
    });
    expect(elsewhere.error().fieldErrors?.[0]?.field).toBe('bankAccountId');
  });

  it('activates a GSTIN of the profile, which the review then shows', async () => {
    const { requestNumber, pan } = await submittedPartner();
    const headers = await staff('ADMIN');
    const res = await callApi(app, api.admin.activateGst, { headers, body: { requestNumber, gstin: gstinFor(pan) } });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    const review = await callApi(app, api.review.part, { params: { part: 'lists', requestNumber }, headers });
    expect(review.json().response.lists?.gstins[0]?.activatedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const notHere = await callApi(app, api.admin.activateGst, { headers, body: { requestNumber, gstin: gstinFor(pan, '29') } });
    expect(notHere.error().fieldErrors?.[0]?.message).toBe(MESSAGES.gstinNotInProfile(gstinFor(pan, '29')));
  });

  it('keeps a GSTIN activated when the partner, editing again, saves the list with another GSTIN added', async () => {
    const { requestNumber, pan, headers: partner } = await submittedPartner();
    const headers = await staff('ADMIN');
    expect(
      (await callApi(app, api.admin.activateGst, { headers, body: { requestNumber, gstin: gstinFor(pan) } })).statusCode,
    ).toBe(200);
    // Sent back: the profile is the partner's to edit again.
    await db.onboardingProfile.update({ where: { requestNumber }, data: { status: 'Edit' } });
    const rows = (await profileOf(requestNumber)).rows
      .filter((r) => r.listName === 'gstins')
      .map((r): Record<string, unknown> => ({ ...(r.data as object), id: r.id }));
    expect(rows[0]?.activatedAt).toBeTruthy();
    // What the page read, sent back as the save takes it, with a second registration.
    const added = { gstin: gstinFor(pan, '29'), registrationType: 'REGULAR', certificateFileId: null };
    const asRead = await callApi(app, api.onboarding.saveGstins, {
      headers: partner,
      body: { gstins: [...rows, added] as never },
    });
    expect(asRead.error().failureMessage).toMatch(/Unknown field: activatedAt/);
    const res = await callApi(app, api.onboarding.saveGstins, {
      headers: partner,
      body: { gstins: [...rows.map((r) => listRowInput('gstins', r)), added] as never },
    });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    const saved = (await profileOf(requestNumber)).rows
      .filter((r) => r.listName === 'gstins')
      .map((r) => r.data as Record<string, unknown>);
    expect(saved.find((g) => g.gstin === gstinFor(pan))?.activatedAt).toBe(rows[0]!.activatedAt);
    expect(saved.find((g) => g.gstin === gstinFor(pan, '29'))?.activatedAt).toBeUndefined();
  });

  it("extends a certificate's validity to a later date only", async () => {
    const { requestNumber } = await submittedPartner();
    const headers = await staff('ADMIN');
    const earlier = await callApi(app, api.admin.extendDocument, {
      headers,
      body: { requestNumber, questionId: 701, expiryDate: '2027-01-01' },
    });
    expect(earlier.error().fieldErrors?.[0]).toEqual({ field: 'expiryDate', message: MESSAGES.expiryNotLater('2028-03-31') });
    const later = await callApi(app, api.admin.extendDocument, {
      headers,
      body: { requestNumber, questionId: 701, expiryDate: '2029-03-31' },
    });
    expect(later.statusCode).toBe(200);
    const answer = (await profileOf(requestNumber)).answers.find((x) => x.questionId === 701)!;
    expect(answer.expiryDate?.toISOString().slice(0, 10)).toBe('2029-03-31');
    const unanswered = await callApi(app, api.admin.extendDocument, {
      headers,
      body: { requestNumber, questionId: 201, expiryDate: '2030-01-01' },
    });
    expect(unanswered.error().fieldErrors?.[0]?.field).toBe('questionId');
  });

  it('corrects the registered address, validated as the form validates it', async () => {
    const { requestNumber } = await submittedPartner();
    const headers = await staff('ADMIN');
    const address = {
      line1: '7 Harbour Road, Fort',
      line2: null,
      countryCode: 100,
      stateId: 27,
      cityId: 56,
      postalCode: '400001',
    };
    const res = await callApi(app, api.admin.registeredAddress, { headers, body: { requestNumber, address } });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect(await part(requestNumber, 'address')).toMatchObject({ line1: '7 Harbour Road, Fort', postalCode: '400001' });
    const badPin = await callApi(app, api.admin.registeredAddress, {
      headers,
      body: { requestNumber, address: { ...address, postalCode: '12' } },
    });
    expect(badPin.error().fieldErrors?.[0]?.field).toBe('address.postalCode');
  });

  it('sends a request back for one document from any desk; the partner reads which', async () => {
    const { requestNumber, partner } = await submittedPartner();
    const res = await callApi(app, api.admin.sendBackOnboardingDocument, {
      headers: await staff('ADMIN'),
      body: { requestNumber, document: 'Cancelled cheque', remarks: 'The scan is cut off.' },
    });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    const request = await db.workflowRequest.findUniqueOrThrow({ where: { requestNumber } });
    expect(request).toMatchObject({ state: 'SENT_BACK', sentBackFrom: 'SEGREGATION' });
    const notice = await db.notification.findFirstOrThrow({
      where: { partnerId: partner.id },
      orderBy: { notificationId: 'desc' },
    });
    expect(notice.description).toContain('Cancelled cheque: The scan is cut off.');
    // Sent back already: a second one is a conflict, and nothing is recorded for it.
    const again = await callApi(app, api.admin.sendBackOnboardingDocument, {
      headers: await staff('ADMIN'),
      body: { requestNumber, document: 'PAN card', remarks: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    expect(await db.adminAudit.count({ where: { requestNumber, action: 'sendBackOnboardingDocument' } })).toBe(1);
  });

  it("syncs a partner's derived data: numbers for the duplicate checks and request titles", async () => {
    const { partner, requestNumber } = await submittedPartner();
    await db.partnerIdentifier.deleteMany({ where: { partnerId: partner.id } });
    await db.workflowRequest.update({ where: { requestNumber }, data: { title: 'stale' } });
    const res = await callApi(app, api.admin.syncProfile, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: partner.partnerNumber },
    });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect(await db.partnerIdentifier.count({ where: { partnerId: partner.id } })).toBeGreaterThan(2);
    expect((await db.workflowRequest.findUniqueOrThrow({ where: { requestNumber } })).title).toBe(
      `${partner.organizationName} ${partner.partnerNumber}`,
    );
  });

  it('answers an unknown request number with 404 and records nothing', async () => {
    const res = await callApi(app, api.admin.changePan, {
      headers: await staff('ADMIN'),
      body: { requestNumber: 'ONB-1-2026-999999', pan: 'AAACB1234C' },
    });
    expect(res.statusCode).toBe(404);
    expect(await db.adminAudit.count({ where: { requestNumber: 'ONB-1-2026-999999' } })).toBe(0);
  });
});

describe("admin actions: a partner's drafts applied to its approved profile", () => {
  async function approvedWithDrafts() {
    const submitted = await submittedPartner();
    await db.workflowRequest.update({
      where: { requestNumber: submitted.requestNumber },
      data: { state: 'APPROVED', desk: null },
    });
    return submitted;
  }
  const year = financialYears(new Date())[0]!;

  it('adds the drafted bank account (the duplicate checks see it), tells the partner, and audits it', async () => {
    const { requestNumber, partner, headers: partnerHeaders } = await approvedWithDrafts();
    const body = { requestNumber, remarks: 'Cancelled cheque checked' };
    const finance = await staff('FINANCE');
    const none = await callApi(app, api.admin.applyBankDraft, { headers: finance, body });
    expect(none.statusCode).toBe(400);
    expect(none.error().fieldErrors?.[0]).toEqual({ field: 'requestNumber', message: MESSAGES.draftToApplyNotFound });

    const draft = {
      accountHolderName: 'Steel Traders Pvt Ltd',
      accountNumber: '777788889999',
      confirmAccountNumber: '777788889999',
      ifsc: 'SBIN0000018',
    };
    const saved = await callApi(app, api.profile.saveBankDraft, { headers: partnerHeaders, body: draft });
    expect(saved.statusCode, JSON.stringify(saved.error())).toBe(200);
    expect((await callApi(app, api.admin.applyBankDraft, { headers: await staff('BUYER'), body })).statusCode).toBe(403);
    expect((await callApi(app, api.admin.applyBankDraft, { headers: partnerHeaders, body })).statusCode).toBe(403);
    expect((await callApi(app, api.admin.applyBankDraft, { body })).statusCode).toBe(401);

    const applied = await callApi(app, api.admin.applyBankDraft, { headers: finance, body });
    expect(applied.statusCode, JSON.stringify(applied.error())).toBe(200);
    const accounts = (await profileOf(requestNumber)).rows.filter((r) => r.listName === 'bankAccounts');
    expect(accounts.map((r) => (r.data as { accountNumber: string }).accountNumber)).toEqual(['000123456789', '777788889999']);
    expect(await part(requestNumber, 'bankDraft')).toBeUndefined();
    expect(
      await db.partnerIdentifier.count({ where: { partnerId: partner.id, kind: 'BANK', value: { contains: '777788889999' } } }),
    ).toBe(1);
    expect(await lastAudit(requestNumber)).toMatchObject({
      action: 'applyBankDraft',
      before: null,
      after: { accountNumber: '777788889999' },
      remarks: 'Cancelled cheque checked',
    });
    const notice = await db.notification.findFirstOrThrow({
      where: { partnerId: partner.id },
      orderBy: { notificationId: 'desc' },
    });
    expect(notice.description).toBe(MESSAGES.bankDraftApplied('777788889999'));

    // The same account drafted again (a new holder name) updates that account instead of adding one.
    await callApi(app, api.profile.saveBankDraft, {
      headers: partnerHeaders,
      body: { ...draft, accountHolderName: 'Steel Traders Ltd' },
    });
    expect((await callApi(app, api.admin.applyBankDraft, { headers: finance, body })).statusCode).toBe(200);
    const again = (await profileOf(requestNumber)).rows.filter((r) => r.listName === 'bankAccounts');
    expect(again).toHaveLength(2);
    expect(again[1]!.data).toMatchObject({ accountHolderName: 'Steel Traders Ltd' });
    expect((await lastAudit(requestNumber)).before).toMatchObject({ accountHolderName: 'Steel Traders Pvt Ltd' });
  });

  it('replaces the drafted years of the financial figures, and refuses a profile not approved', async () => {
    const { requestNumber, headers: partnerHeaders } = await approvedWithDrafts();
    const figures = { financialYear: year, turnover: '125000000', profitBeforeTax: '9000000', profitAfterTax: '6500000' };
    expect(
      (await callApi(app, api.profile.saveFinanceDraft, { headers: partnerHeaders, body: { years: [figures] } })).statusCode,
    ).toBe(200);
    const finance = await staff('FINANCE');
    const applied = await callApi(app, api.admin.applyFinanceDraft, { headers: finance, body: { requestNumber } });
    expect(applied.statusCode, JSON.stringify(applied.error())).toBe(200);
    const years = (await part(requestNumber, 'fin.performance')).years as { financialYear: string; turnover: string }[];
    expect(years.find((y) => y.financialYear === year)).toMatchObject({ turnover: '125000000' });
    expect(await part(requestNumber, 'financeDraft')).toBeUndefined();
    expect(await lastAudit(requestNumber)).toMatchObject({ action: 'applyFinanceDraft' });

    const { requestNumber: underReview, headers: other } = await submittedPartner();
    await callApi(app, api.profile.saveFinanceDraft, { headers: other, body: { years: [figures] } });
    const early = await callApi(app, api.admin.applyFinanceDraft, { headers: finance, body: { requestNumber: underReview } });
    expect(early.statusCode).toBe(409);
    expect(early.error().failureMessage).toBe(MESSAGES.draftNeedsApproved);
    expect(await part(underReview, 'financeDraft')).toBeDefined();
  });
});
