import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MESSAGES, OTP_TTL_MS, TEXTS, say, type Endpoint, type Envelope, type RegisterBody, api } from '@pp/contract';
import {
  callApi,
  type CallInput,
  createPartnerUser,
  freshIp,
  latestMessage,
  latestOtp,
  newApplicant,
  setupFeatureTest,
} from '@pp/testing';

const { db, app, clock } = await setupFeatureTest({ at: new Date('2026-11-22T09:00:00Z') });

const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
async function sendOtp(form: RegisterBody, headers = freshIp()) {
  return callApi(app, api.registration.sendRegistrationOtp, {
    params: { loginName: form.username },
    body: { mobileNumber: form.mobileNumber },
    headers,
  });
}
async function verifyOtp(form: RegisterBody, otp: string) {
  return callApi(app, api.registration.sendRegistrationOtp, {
    params: { loginName: 'verify' },
    body: { loginName: form.username, mobileNumber: form.mobileNumber, otp },
  });
}
async function registerWithVerifiedOtp(form: RegisterBody) {
  expect((await sendOtp(form)).statusCode).toBe(200);
  const code = await latestOtp(db, form.mobileNumber);
  expect((await verifyOtp(form, code)).json()).toEqual({ response: MESSAGES.otpVerified, failureMessage: null });
  return callApi(app, api.registration.register, { body: form });
}
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('reference look-ups of the form', () => {
  it('lists open countries, the national id of a country, companies, businesses, categories and terms', async () => {
    const countries = (await callApi(app, api.registration.countries)).json().response;
    expect(countries.map((c: { countryCode: number }) => c.countryCode)).toContain(100);
    expect(countries.map((c: { isoCode: string }) => c.isoCode)).not.toContain('JP');
    const cards = (await callApi(app, api.registration.identityCards, { query: { countryCode: 100 } })).json().response;
    expect(cards).toEqual([expect.objectContaining({ identityCard: 'PAN', example: 'ABCDE1234F' })]);
    const companies = (await callApi(app, api.registration.companies)).json().response;
    expect(companies.map((c: { companyCode: number }) => c.companyCode)).toEqual([1, 8]);
    const businesses = (await callApi(app, api.registration.primaryBusinesses, { params: { companyCode: 8 } })).json().response;
    expect(businesses.map((b: { categoryCode: string }) => b.categoryCode).sort()).toEqual(['INF-CON', 'INF-SUP']);
    const categories = (await callApi(app, api.registration.categories, { query: { categoryCode: 'SUP' } })).json().response;
    expect(categories.map((b: { categoryCode: string }) => b.categoryCode).sort()).toEqual(['SUP-ELE', 'SUP-STL']);
    const subs = (await callApi(app, api.registration.subCategories, { query: { categoryCode: 'SUP-STL' } })).json().response;
    expect(subs.map((b: { categoryCode: string }) => b.categoryCode).sort()).toEqual(['SUP-STL-PLT', 'SUP-STL-TMT']);
    const terms = await callApi(app, api.registration.businessTerms, { query: { companyCode: 1, categoryCode: 'SUB' } });
    expect(terms.json().response.termsHtml).toContain('site safety rules');
    const none = await callApi(app, api.registration.identityCards, { query: { countryCode: 555 } });
    expect(none.statusCode).toBe(404);
  });
});

describe('availability and validation look-ups', () => {
  it('say whether a username is free, with the spec wording', async () => {
    const { username } = await createPartnerUser(db);
    const check = (name: string) =>
      callApi(app, api.registration.verifyUsername, { params: { username: name }, headers: freshIp() });
    expect((await check('brand_new_name')).json().response).toEqual({ available: true, message: 'Username Available' });
    for (const taken of [username, username.toUpperCase(), 'with space', 'x'.repeat(31), 'verify']) {
      expect((await check(taken)).json().response).toEqual({
        available: false,
        message: 'Username invalid or already registered.',
      });
    }
  });

  it('check mobile, e-mail, e-mail domain, DUNS and national id against registered partners', async () => {
    const form = newApplicant();
    expect((await registerWithVerifiedOtp(form)).statusCode).toBe(200);
    const get = async (endpoint: Endpoint, input: CallInput) =>
      ((await callApi(app, endpoint, { ...input, headers: freshIp() })).json() as Envelope<unknown>).response;
    const { validateMobile, validateEmail, controlParameterEmail, verifyDuns, validateIdentityCard } = api.registration;
    expect(await get(validateMobile, { params: { mobileNumber: form.mobileNumber } })).toMatchObject({ available: false });
    expect(await get(validateMobile, { params: { mobileNumber: `9${digits(9)}` } })).toMatchObject({ available: true });
    expect(await get(validateEmail, { params: { email: form.email.toUpperCase() } })).toMatchObject({ available: false });
    expect(await get(controlParameterEmail, { params: { email: 'someone@mailinator.com' } })).toMatchObject({
      available: false,
      message: MESSAGES.emailDomainBlocked,
    });
    expect(await get(controlParameterEmail, { params: { email: 'someone@meridian.co.in' } })).toMatchObject({ available: false });
    expect(await get(controlParameterEmail, { params: { email: 'someone@verma.example.com' } })).toMatchObject({
      available: true,
    });
    expect(await get(verifyDuns, { params: { dunsNumber: form.dunsNumber! } })).toMatchObject({ available: false });
    expect(await get(validateIdentityCard, { query: { identityCard: form.nationalId, longDesc: 'PAN' } })).toMatchObject({
      available: false,
    });
    expect(await get(validateIdentityCard, { query: { identityCard: 'ABCDE1234X1', longDesc: 'PAN' } })).toEqual({
      available: false,
      message: 'Enter a valid Permanent Account Number (PAN), for example ABCDE1234F',
    });
  });

  it('answer 400 naming the parameter for a malformed value', async () => {
    const duns = await callApi(app, api.registration.verifyDuns, { params: { dunsNumber: 12345 }, headers: freshIp() });
    expect(duns.statusCode).toBe(400);
    expect(duns.json().failureMessage).toBe('dunsNumber: Enter Valid 9 digit DUNS number');
    const mobile = await callApi(app, api.registration.validateMobile, {
      params: { mobileNumber: '0123456789' },
      headers: freshIp(),
    });
    expect(mobile.json().failureMessage).toMatch(/^mobileNumber: /);
  });

  it('are rate-limited per client IP with a clear message', async () => {
    const headers = freshIp();
    const check = (username: string) => callApi(app, api.registration.verifyUsername, { params: { username }, headers });
    let last = await check('someone_0');
    for (let i = 1; i < 61; i++) last = await check(`someone_${i}`);
    expect(last.statusCode).toBe(429);
    expect(last.json().failureMessage).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    const other = await callApi(app, api.registration.verifyUsername, {
      params: { username: 'someone_else' },
      headers: freshIp(),
    });
    expect(other.statusCode).toBe(200);
  });

  it('answer in the language the request asks for: the look-up and the limit alike', async () => {
    const hindi = { ...freshIp(), 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.5' };
    const free = await callApi(app, api.registration.verifyUsername, { params: { username: 'naya_sathi' }, headers: hindi });
    expect(free.json().response).toEqual({ available: true, message: say(TEXTS.usernameAvailable, 'hi') });
    const english = await callApi(app, api.registration.verifyUsername, {
      params: { username: 'naya_sathi' },
      headers: freshIp(),
    });
    expect(english.json().response.message).toBe(MESSAGES.usernameAvailable);
    let last = free;
    for (let i = 1; i < 61; i++)
      last = await callApi(app, api.registration.verifyUsername, { params: { username: `naya_${i}` }, headers: hindi });
    expect(last.statusCode).toBe(429);
    expect(last.json().failureMessage).toMatch(/^बहुत अधिक अनुरोध। कृपया \d+ मिनट बाद पुनः प्रयास करें।$/);
  });
});

describe('mobile OTP', () => {
  it('sends a 6-digit code to the mobile, stores only its hash, and verifies it (VERIFY → VERIFIED)', async () => {
    const form = newApplicant();
    const sent = await sendOtp(form);
    expect(sent.json()).toEqual({ response: MESSAGES.otpSentAnswer, failureMessage: null });
    const sms = await latestMessage(db, form.mobileNumber);
    expect(sms?.channel).toBe('SMS');
    const code = await latestOtp(db, form.mobileNumber);
    const row = await db.otp.findFirstOrThrow({ where: { target: form.mobileNumber } });
    expect(row.codeHash).not.toContain(code);
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await verifyOtp(form, code)).json().response).toBe(MESSAGES.otpVerified);
  });

  it('refuses a wrong code, says how many tries are left, and kills the code on the fifth wrong try', async () => {
    const form = newApplicant();
    await sendOtp(form);
    const code = await latestOtp(db, form.mobileNumber);
    for (let left = 4; left >= 1; left--) {
      const res = await verifyOtp(form, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json().failureMessage).toBe(`otp: ${MESSAGES.otpInvalid(left)}`);
    }
    expect((await verifyOtp(form, wrongCode(code))).json().failureMessage).toBe(`otp: ${MESSAGES.otpDead}`);
    // The sixth try, even with the right code, finds the code dead.
    const sixth = await verifyOtp(form, code);
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().failureMessage).toBe(`otp: ${MESSAGES.otpDead}`);
  });

  it('refuses an expired code', async () => {
    const form = newApplicant();
    await sendOtp(form);
    const code = await latestOtp(db, form.mobileNumber);
    clock.advance(OTP_TTL_MS + 1000);
    expect((await verifyOtp(form, code)).json().failureMessage).toBe(`otp: ${MESSAGES.otpDead}`);
  });

  it('resends a new code that replaces the old one', async () => {
    const form = newApplicant();
    await sendOtp(form);
    const first = await latestOtp(db, form.mobileNumber);
    const resent = await callApi(app, api.registration.resendOtp, {
      query: { 'login-name': form.username, 'sms-code': 1 },
      headers: freshIp(),
    });
    expect(resent.json().response).toBe(MESSAGES.otpSentAnswer);
    const second = await latestOtp(db, form.mobileNumber);
    if (first !== second) expect((await verifyOtp(form, first)).statusCode).toBe(400);
    expect((await verifyOtp(form, second)).statusCode).toBe(200);
  });

  it('limits sends per mobile number and per IP', async () => {
    const form = newApplicant();
    for (let i = 0; i < 5; i++) expect((await sendOtp(form)).statusCode).toBe(200);
    const sixth = await sendOtp(form);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().failureMessage).toMatch(/^Too many OTP requests\. Please try again in \d+ minutes?\.$/);

    const headers = freshIp();
    for (let i = 0; i < 20; i++) expect((await sendOtp(newApplicant(), headers)).statusCode).toBe(200);
    expect((await sendOtp(newApplicant(), headers)).statusCode).toBe(429);
  });

  it('answers 400 for a bad body, never a 500', async () => {
    for (const payload of [{}, { mobileNumber: '12' }, { mobileNumber: '9876543210', extra: 1 }]) {
      const res = await callApi(app, api.registration.sendRegistrationOtp, {
        params: { loginName: 'someone' },
        body: payload,
        headers: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().failureMessage).toMatch(/^(mobileNumber|body): /);
    }
    const badCode = await callApi(app, api.registration.sendRegistrationOtp, {
      params: { loginName: 'verify' },
      body: { loginName: 'someone', mobileNumber: '9876543210', otp: '12ab56' },
    });
    expect(badCode.json().failureMessage).toBe('otp: Enter Valid 6 digit OTP');
  });
});

describe('POST /api/partner/register', () => {
  it('creates the partner, a pending account, the company mappings and sends the verification link', async () => {
    const form = newApplicant();
    const res = await registerWithVerifiedOtp(form);
    expect(res.statusCode).toBe(200);
    const body = res.json().response;
    expect(body).toEqual({
      partnerNumber: expect.stringMatching(/^P\d{7}$/),
      username: form.username,
      email: form.email,
      message: MESSAGES.registrationDone,
    });
    const user = await db.userAccount.findUniqueOrThrow({
      where: { username: form.username },
      include: { partner: { include: { mappings: true } } },
    });
    expect(user.status).toBe('PENDING_EMAIL');
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.partner).toMatchObject({
      partnerNumber: body.partnerNumber,
      nationalIdType: 'PAN',
      nationalId: form.nationalId,
      dunsNumber: form.dunsNumber,
    });
    expect(
      user.partner!.mappings.map((m) => [
        m.companyCode,
        m.categoryCode,
        m.productCategoryCode,
        m.subCategoryCode,
        m.isPrimary,
        m.isDefault,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [1, 'SUP', 'SUP-STL', 'SUP-STL-TMT', true, true],
        [1, 'SVC', 'SVC-LOG', 'SVC-LOG-TRN', false, false],
      ]),
    );
    const mail = await latestMessage(db, form.email);
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'Verify your e-mail address for the Partner Portal' });
    expect(mail!.textBody).toMatch(/http:\/\/localhost:8080\/PartnerMgmtApp\/email-verification\?code=[A-Za-z0-9_-]+/);
  });

  it('refuses to register without a verified OTP, and the OTP works only once', async () => {
    const form = newApplicant();
    const none = await callApi(app, api.registration.register, { body: form });
    expect(none.statusCode).toBe(400);
    expect(none.json().failureMessage).toBe(`otp: ${MESSAGES.otpNotVerified}`);
    expect((await registerWithVerifiedOtp(form)).statusCode).toBe(200);
    const again = await callApi(app, api.registration.register, {
      body: { ...form, username: `${form.username}x`, email: `x${form.email}` },
    });
    expect(again.statusCode).toBe(400);
    // The partner's national id is registered now: the first check a second attempt fails.
    expect(again.error()).toMatchObject({
      failureMessage: `nationalId: ${MESSAGES.nationalIdTaken('PAN')}`,
      fieldErrors: [{ field: 'nationalId' }],
    });
    expect(await db.userAccount.count({ where: { username: `${form.username}x` } })).toBe(0);
  });

  it.each([
    ['weak password', { password: 'password1', confirmPassword: 'password1' }, /^password: Password must be 8-32 characters/],
    ['mismatched re-entry', { confirmPassword: 'Secure@124' }, /^confirmPassword: Passwords do not match$/],
    [
      'terms not accepted',
      { termsAccepted: false as unknown as true },
      /^termsAccepted: Please accept the terms and conditions$/,
    ],
    ['an Indian mobile starting 0', { mobileNumber: '0987654321' }, /^mobileNumber: /],
    ['a bad e-mail', { email: 'not-an-email' }, /^email: /],
    ['a bad website', { website: 'not a url' }, /^website: Enter a valid web address$/],
    ['a company outside 1 and 8', { companyCode: 5 }, /^companyCode: Company code must be one of 1, 8$/],
    ['half a secondary business', { secondarySubCategory: undefined }, /^secondarySubCategory: This field is required$/],
  ])('answers 400 naming the field for %s', async (_, overrides, message) => {
    const res = await callApi(app, api.registration.register, { body: { ...newApplicant(), ...overrides } });
    expect(res.statusCode).toBe(400);
    expect(res.json().failureMessage).toMatch(message);
  });

  it.each([
    [
      'a category outside the business',
      {
        primaryCategory: 'SVC-LOG',
        primarySubCategory: 'SVC-LOG-TRN',
        secondaryBusiness: undefined,
        secondaryCategory: undefined,
        secondarySubCategory: undefined,
      },
      'primaryCategory',
    ],
    ['a sub-category outside the category', { primarySubCategory: 'SUP-ELE-CBL' }, 'primarySubCategory'],
    ['a business of the other company', { primaryBusiness: 'INF-SUP' }, 'primaryBusiness'],
    ['a national id in the wrong format', { nationalId: '12345' }, 'nationalId'],
    ['a blocked e-mail domain', { email: 'asha@yopmail.com' }, 'email'],
  ])('refuses %s after the OTP, keeping nothing', async (_, overrides, field) => {
    const form = newApplicant(overrides);
    const res = await registerWithVerifiedOtp(form);
    expect(res.statusCode).toBe(400);
    expect(res.json().failureMessage).toMatch(new RegExp(`^${field}: `));
    expect(await db.userAccount.count({ where: { username: form.username } })).toBe(0);
    // Nothing is left that blocks the same person: fixing the field registers with the same OTP.
    const fixed = await callApi(app, api.registration.register, {
      body: { ...newApplicant(), username: form.username, mobileNumber: form.mobileNumber },
    });
    expect(fixed.statusCode).toBe(200);
  });

  it('refuses a taken username, e-mail, mobile, DUNS or national id', async () => {
    const first = newApplicant();
    expect((await registerWithVerifiedOtp(first)).statusCode).toBe(200);
    for (const [field, value] of [
      ['username', first.username],
      ['email', first.email],
      ['mobileNumber', first.mobileNumber],
      ['dunsNumber', first.dunsNumber],
      ['nationalId', first.nationalId],
    ] as const) {
      const form = { ...newApplicant(), [field]: value };
      const res = await registerWithVerifiedOtp(form);
      expect(res.statusCode).toBe(400);
      expect(res.json().failureMessage).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('e-mail verification', () => {
  async function registeredWithLink() {
    const form = newApplicant();
    await registerWithVerifiedOtp(form);
    const mail = await latestMessage(db, form.email);
    const code = decodeURIComponent(mail!.textBody.match(/code=([A-Za-z0-9_%-]+)/)![1]!);
    return { form, code };
  }

  it('activates the account with the link, after which login works', async () => {
    const { form, code } = await registeredWithLink();
    const blocked = await callApi(app, api.auth.signin, {
      body: { username: form.username, password: form.password },
      headers: freshIp(),
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ errorKey: 'EMAIL_NOT_VERIFIED' });
    const res = await callApi(app, api.registration.activate, { params: { code } });
    expect(res.json()).toEqual({ response: MESSAGES.activationDone, failureMessage: null });
    const login = await callApi(app, api.auth.signin, {
      body: { username: form.username, password: form.password },
      headers: freshIp(),
    });
    expect(login.statusCode).toBe(200);
    const reused = await callApi(app, api.registration.activate, { params: { code } });
    expect(reused.statusCode).toBe(400);
    expect(reused.error().failureMessage).toBe(`code: ${MESSAGES.activationInvalid}`);
  });

  it('refuses a bad activation code', async () => {
    const bad = await callApi(app, api.registration.activate, { params: { code: 'x'.repeat(32) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().failureMessage).toBe(`code: ${MESSAGES.activationInvalid}`);
    const malformed = await callApi(app, api.registration.activate, { params: { code: 'abc' } });
    expect(malformed.json().failureMessage).toBe('code: Invalid verification code');
  });

  it('sends a new link on request, which replaces the old one', async () => {
    const { form, code } = await registeredWithLink();
    const res = await callApi(app, api.registration.resendActivation, {
      query: { 'email-id': form.email, 'user-name': form.username },
    });
    expect(res.json().response).toBe(MESSAGES.activationSent);
    expect((await callApi(app, api.registration.activate, { params: { code } })).statusCode).toBe(400);
    const mail = await latestMessage(db, form.email);
    const fresh = decodeURIComponent(mail!.textBody.match(/code=([A-Za-z0-9_%-]+)/)![1]!);
    expect((await callApi(app, api.registration.activate, { params: { code: fresh } })).statusCode).toBe(200);
  });

  it('answers the same for a verified account, another address and a name that does not exist, and sends nothing', async () => {
    const { form, code } = await registeredWithLink();
    expect((await callApi(app, api.registration.activate, { params: { code } })).statusCode).toBe(200);
    const before = await db.mailboxMessage.count();
    for (const query of [
      { 'email-id': form.email, 'user-name': form.username },
      { 'email-id': 'someone.else@example.com', 'user-name': form.username },
      { 'email-id': form.email, 'user-name': 'nobody_by_this_name' },
    ]) {
      const res = await callApi(app, api.registration.resendActivation, { query });
      expect(res.statusCode, JSON.stringify(query)).toBe(200);
      expect(res.json().response).toBe(MESSAGES.activationSent);
    }
    expect(await db.mailboxMessage.count()).toBe(before);
  });
});
