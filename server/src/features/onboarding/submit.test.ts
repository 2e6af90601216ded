import type { QueryConfig } from 'pg';
import { describe, expect, it } from 'vitest';
import { MESSAGES, api, gstinCheckCharacter, translate, verhoeffCheckDigit } from '@pp/contract';
import {
  buildTestApp,
  callApi,
  completeDomesticProfile,
  createPartnerUser,
  createStaffUser,
  freshIp,
  gstinFor,
  setupFeatureTest,
  signIn,
} from '@pp/testing';
import { preparedRunnerOf, preparedRunsOn, type Db, type StatementRunner } from '@pp/db';

const { db, app } = await setupFeatureTest();
const sup = { categoryCode: 'SUP', companyCode: 1 };
const domestic = { ...sup, isInternational: 'false' };

async function partnerSession() {
  const { username, partner } = await createPartnerUser(db);
  const { auth, token } = await signIn(app, username);
  return { auth: { ...auth, ...freshIp() }, partner, token };
}
const statusOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { userStatus: string }).userStatus;

describe('mandatory checks, percentages and submit', () => {
  it('a new profile: every check names what is missing, the percentages are low, and submit is refused naming it all', async () => {
    const { auth } = await partnerSession();
    const fields = (await callApi(app, api.onboarding.verifyMandatory, { params: sup, headers: auth })).json().response;
    expect(fields.complete).toBe(false);
    expect(fields.missing).toContainEqual(
      expect.objectContaining({ moduleCode: 'STA', path: 'statutory.pan', message: 'Statutory details: PAN is missing' }),
    );
    const questions = (await callApi(app, api.onboarding.verifyMandatoryQuestions, { params: domestic, headers: auth })).json()
      .response;
    expect(questions.missing.map((m) => m.path)).toEqual(expect.arrayContaining(['question.201', 'question.706']));
    const statics = (
      await callApi(app, api.onboarding.verifyMandatoryStatic, { params: { ...domestic, parentCategory: 'SUP' }, headers: auth })
    ).json().response;
    expect(statics.missing.map((m) => m.path)).toEqual(['question.701']);

    const progress = (await callApi(app, api.onboarding.progress, { params: domestic, headers: auth })).json().response;
    expect(progress.overall).toBeLessThan(10);
    expect(progress.modules.map((m) => m.moduleCode)).toEqual(['GEN', 'STA', 'BNK', 'FIN', 'CRD', 'PTN', 'QHS', 'DEC']);

    const refused = await callApi(app, api.onboarding.submit, { params: sup, headers: auth });
    expect(refused.statusCode).toBe(400);
    expect(refused.error().errorKey).toBe('ONBOARDING_INCOMPLETE');
    expect(refused.error().failureMessage).toMatch(/^The profile cannot be submitted yet: \d+ mandatory items are missing/);
    expect(refused.error().fieldErrors).toContainEqual({
      field: 'question.701',
      message: `Quality, health and safety: ${'ISO 9001 quality management certificate'} is missing`,
    });
  });

  it("a page's first requests arriving together open one profile, not an error", async () => {
    const { auth, partner } = await partnerSession();
    const pageLoad = () => [
      callApi(app, api.onboarding.generalRetrieval, { params: { ...sup, partnerCategory: 'SUP' }, headers: auth }),
      callApi(app, api.onboarding.progress, { params: domestic, headers: auth }),
      callApi(app, api.onboarding.verifyMandatory, { params: sup, headers: auth }),
      callApi(app, api.onboarding.verifyMandatoryQuestions, { params: domestic, headers: auth }),
    ];
    // Two tabs opening the page at once.
    const answers = await Promise.all([...pageLoad(), ...pageLoad()]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(await db.onboardingProfile.count({ where: { partnerId: partner.id, companyCode: 1 } })).toBe(1);
  });

  it('the percentage rises as parts are saved; a refused submit names only what is still missing', async () => {
    const { auth } = await partnerSession();
    const before = (await callApi(app, api.onboarding.progress, { params: domestic, headers: auth })).json().response;
    await completeDomesticProfile(app, auth, { skip: ['bank', 'static'] });
    const after = (await callApi(app, api.onboarding.progress, { params: domestic, headers: auth })).json().response;
    expect(after.overall).toBeGreaterThan(before.overall);
    expect(after.modules.find((m) => m.moduleCode === 'GEN')?.percentage).toBe(100);
    // BNK: its question is answered, the account and the single primary are not.
    expect(after.modules.find((m) => m.moduleCode === 'BNK')).toMatchObject({ satisfied: 1, total: 3, percentage: 33 });

    const refused = await callApi(app, api.onboarding.submit, { params: sup, headers: auth });
    expect(refused.error().fieldErrors?.map((e) => e.field)).toEqual(['bankAccount', 'onePrimaryAccount', 'question.701']);
  });

  it('a complete profile passes the three checks and submits: request number, workflow record, status View, then read-only', async () => {
    const { auth, partner, token } = await partnerSession();
    expect(statusOf(token)).toBe('Edit');
    await completeDomesticProfile(app, auth);
    for (const res of [
      await callApi(app, api.onboarding.verifyMandatory, { params: sup, headers: auth }),
      await callApi(app, api.onboarding.verifyMandatoryQuestions, { params: domestic, headers: auth }),
      await callApi(app, api.onboarding.verifyMandatoryStatic, { params: { ...domestic, parentCategory: 'SUP' }, headers: auth }),
    ]) {
      expect(res.json().response).toEqual({ complete: true, missing: [] });
    }
    expect((await callApi(app, api.onboarding.progress, { params: domestic, headers: auth })).json().response.overall).toBe(100);

    const submitted = await callApi(app, api.onboarding.submit, { params: sup, headers: auth });
    expect(submitted.statusCode).toBe(200);
    const { requestNumber, userStatus, accessToken } = submitted.json().response;
    expect(requestNumber).toMatch(/^ONB-1-\d{4}-\d{6}$/);
    expect([userStatus, statusOf(accessToken)]).toEqual(['View', 'View']);
    const profile = await db.onboardingProfile.findUniqueOrThrow({
      where: { partnerId_companyCode_categoryCode: { partnerId: partner.id, ...sup } },
      include: { workflow: true },
    });
    expect([profile.status, profile.requestNumber]).toEqual(['View', requestNumber]);
    expect(profile.workflow).toEqual([
      expect.objectContaining({ action: 'SUBMIT', fromStatus: 'DRAFT', toStatus: 'SEGREGATION', requestNumber }),
    ]);

    const viewer = { ...auth, authorization: `Bearer ${accessToken}` };
    const locked = await callApi(app, api.onboarding.saveAddress, { headers: viewer, body: { line1: 'Changed after submit' } });
    expect(locked.statusCode).toBe(409);
    expect(locked.error().failureMessage).toBe(MESSAGES.profileLocked('View'));
    expect((await callApi(app, api.onboarding.submit, { params: sup, headers: viewer })).statusCode).toBe(409);
    const draft = await callApi(app, api.onboarding.saveAnswers, {
      headers: viewer,
      body: { ...sup, answers: [{ questionId: 503, value: '11 to 50' }] },
    });
    expect(draft.statusCode).toBe(409);
    expect(draft.error().failureMessage).toBe(MESSAGES.profileLocked('View'));

    const preview = await callApi(app, api.onboarding.generalRetrieval, {
      params: { ...sup, partnerCategory: 'SUP' },
      headers: viewer,
    });
    const whole = preview.json().response;
    expect(whole.profile).toMatchObject({ status: 'View', requestNumber, organizationName: partner.organizationName });
    expect(whole.lists.gstins).toHaveLength(1);
    expect(whole.files.map((f) => f.fileName)).toEqual(
      expect.arrayContaining(['pan.pdf', 'cheque.pdf', 'audited-latest.pdf', 'iso9001.pdf']),
    );
    expect(whole.questions.find((q) => q.questionId === 701)?.answer?.files).toHaveLength(1);
    expect((await callApi(app, api.account.redirection, { headers: viewer })).json().response.route).toBe('/dashboard');
    expect((await callApi(app, api.partner.info, { headers: viewer })).json().response.onboardStatus).toBe('View');
  });

  it('an international partner is asked for VAT and its own documents, not PAN or GST', async () => {
    const { username, partner } = await createPartnerUser(db);
    await db.partner.update({ where: { id: partner.id }, data: { countryCode: 101 } });
    const { auth } = await signIn(app, username);
    const missing = (
      await callApi(app, api.onboarding.verifyMandatory, { params: sup, headers: { ...auth, ...freshIp() } })
    ).json().response.missing;
    const paths = missing.map((m) => m.path);
    expect(paths).toEqual(expect.arrayContaining(['vat.vatNumber', 'general.currencyCode']));
    expect(paths).not.toContain('statutory.pan');
    const statics = (
      await callApi(app, api.onboarding.verifyMandatoryStatic, {
        params: { ...sup, parentCategory: 'SUP', isInternational: 'true' },
        headers: { ...auth, ...freshIp() },
      })
    ).json().response;
    expect(statics.missing.map((m) => m.path)).toEqual(['question.204', 'question.205', 'question.701']);
  });
});

describe('GET /api/statutory/{kind}/{value}', () => {
  const check = async (auth: Record<string, string>, kind: string, value: string, partnersId?: number) =>
    (
      await callApi(app, partnersId ? api.onboarding.statutoryForPartner : api.onboarding.statutory, {
        params: { kind, value, ...(partnersId ? { partnersId } : {}) },
        headers: auth,
      })
    ).json();

  it('answers failureMessage null for a valid number and says what is wrong with an invalid one', async () => {
    const { auth } = await partnerSession();
    const gstin = gstinFor('AAACX5678K');
    expect(await check(auth, 'gst', gstin)).toEqual({
      response: { kind: 'gst', value: gstin, valid: true, duplicate: false },
      failureMessage: null,
    });
    const typo = `${gstin.slice(0, 14)}${gstinCheckCharacter('00AAAAA0000A1Z')}`;
    if (typo !== gstin) expect((await check(auth, 'gst', typo)).failureMessage).toBe(translate('identifier.gstinCheckDigit'));
    expect((await check(auth, 'gst', 'ABC')).failureMessage).toBe(translate('rule.gst'));
    const aadhaar = `23456789012`;
    expect((await check(auth, 'aadhaar', aadhaar + verhoeffCheckDigit(aadhaar))).failureMessage).toBeNull();
    const wrongDigit = String((Number(verhoeffCheckDigit(aadhaar)) + 1) % 10);
    expect((await check(auth, 'aadhaar', aadhaar + wrongDigit)).failureMessage).toBe(translate('identifier.aadhaarCheckDigit'));
    expect((await check(auth, 'cin', 'U27100MH2010XYZ123456')).failureMessage).toBe(translate('identifier.cinType'));
    expect((await check(auth, 'pfnumber', 'MHBAN00123450000000123')).failureMessage).toBeNull();
    expect((await check(auth, 'msme', 'UDYAM-ZZ-18-0012345')).failureMessage).toBe(translate('identifier.msmeState'));
  });

  it("answers a number on another partner's profile as a duplicate, but not the partner's own", async () => {
    const holder = await partnerSession();
    await callApi(app, api.onboarding.saveOrgDetails, { headers: holder.auth, body: { pan: 'AAACZ4321Q' } });
    await callApi(app, api.onboarding.saveGstins, {
      headers: holder.auth,
      body: { gstins: [{ gstin: gstinFor('AAACZ4321Q') }] },
    });
    const own = await check(holder.auth, 'gst', gstinFor('AAACZ4321Q'));
    expect(own.response.duplicate).toBe(false);

    const other = await partnerSession();
    const dup = await check(other.auth, 'gst', gstinFor('AAACZ4321Q'));
    expect(dup).toEqual({
      response: expect.objectContaining({ valid: true, duplicate: true }),
      failureMessage: MESSAGES.statutoryDuplicate,
    });
    expect((await check(other.auth, 'pan', 'AAACZ4321Q')).response.duplicate).toBe(true);
    const scoped = await callApi(app, api.onboarding.statutoryForPartner, {
      params: { kind: 'gst', value: gstinFor('AAACZ4321Q'), partnersId: holder.partner.id },
      headers: other.auth,
    });
    expect(scoped.statusCode).toBe(403);

    const forensics = await signIn(app, (await createStaffUser(db, 'FORENSICS')).username);
    const staffAuth = { ...forensics.auth, ...freshIp() };
    expect((await check(staffAuth, 'gst', gstinFor('AAACZ4321Q'))).response.duplicate).toBe(true);
    expect((await check(staffAuth, 'gst', gstinFor('AAACZ4321Q'), holder.partner.id)).response.duplicate).toBe(false);
  });
});

describe('a draft save racing a submit', () => {
  it('writes nothing when the profile was submitted between its checks and its write, and answers 409', async () => {
    const { partner } = await partnerSession();
    const profile = await db.onboardingProfile.create({ data: { partnerId: partner.id, ...sup } });
    // The submit lands just before the draft's write: its runner is held there while the status changes.
    const racing = db.$extends({}) as unknown as Db;
    const runner = preparedRunnerOf(db);
    preparedRunsOn(racing, {
      query: (async (config: QueryConfig) => {
        if (config.text.includes('INSERT INTO "OnboardingAnswer"')) {
          await db.onboardingProfile.update({ where: { id: profile.id }, data: { status: 'View' } });
        }
        return runner.query(config);
      }) as StatementRunner['query'],
    });
    const raced = await buildTestApp(racing);
    const { auth: onRaced } = await signIn(
      raced,
      (await db.userAccount.findFirstOrThrow({ where: { partnerId: partner.id } })).username,
    );
    const draft = await callApi(raced, api.onboarding.saveAnswers, {
      headers: { ...onRaced, ...freshIp() },
      body: { ...sup, answers: [{ questionId: 503, value: '11 to 50' }] },
    });
    expect(draft.statusCode).toBe(409);
    expect(draft.error().failureMessage).toBe(MESSAGES.profileLocked('View'));
    expect(await db.onboardingAnswer.count({ where: { profileId: profile.id } })).toBe(0);
    await raced.close();
  });
});
