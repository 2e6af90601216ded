import { describe, expect, it } from 'vitest';
import { REDACTED, api, endpointUrl, maskNumbers, redactHeader, redactUrl, redactValue } from '@pp/contract';
import { callApi, createStaffUser, freshIp, setupFeatureTest, workflowFixtures } from '@pp/testing';

/**
 * The journal keeps no secret (SECURITY-2026-12-06 F3): each kind of secret is planted through the
 * API as a client would send it or the server answer it, then looked for in the journal and its HAR.
 */
const { db, app } = await setupFeatureTest();
const { staff, submittedPartner } = workflowFixtures(app, db);

/** The account number completeDomesticProfile gives every profile (twelve digits), behind its IFSC in forensics. */
const SHARED_ACCOUNT = '000123456789';

describe('the journal keeps no secret, wherever it is', () => {
  it('redacts path parameters, query values, bodies both ways, headers off the list and twelve-digit numbers', async () => {
    await callApi(app, api.devtools.clearJournal);
    const planted: string[] = [];

    // A path parameter: the e-mail verification link's code.
    const code = 'Zq3vK8rT1mNp4sWx7yBc9dEf';
    planted.push(code);
    await callApi(app, api.registration.activate, { params: { code } });

    // A query value: an Aadhaar number as the registration's identity check sends it.
    const aadhaar = '234123412346';
    planted.push(aadhaar);
    await callApi(app, api.registration.validateIdentityCard, {
      query: { identityCard: aadhaar, longDesc: 'Aadhaar', countryCode: 100 },
    });

    // The group sign-in's one-use ticket, in the answer's redirect address and in the exchange's body.
    const buyer = await createStaffUser(db, 'BUYER');
    const signin = await callApi(app, api.auth.groupSignin, {
      body: { username: buyer.username, password: buyer.password },
      headers: freshIp(),
    });
    const ticket = new URL(signin.json().response.redirectUrl, 'http://portal').searchParams.get('AuditNo')!;
    planted.push(ticket);
    await callApi(app, api.auth.summaryLogin, {
      body: { uid: buyer.username, auditNo: ticket, companyCode: 1 },
      headers: freshIp(),
    });

    // Bank account numbers inside forensics' answers (two partners sharing one), and in a request's
    // body under a name nobody listed, of another length, after its IFSC.
    await submittedPartner();
    await submittedPartner();
    planted.push(SHARED_ACCOUNT);
    const pairs = await callApi(app, api.forensics.comparison, { params: { kind: 'bank' }, headers: await staff('FORENSICS') });
    expect(JSON.stringify(pairs.json())).toContain(SHARED_ACCOUNT);
    const elevenDigits = '98765432101';
    planted.push(elevenDigits);
    await callApi(app, api.forensics.review, {
      headers: await staff('FORENSICS'),
      body: {
        kind: 'bank',
        value: `SBIN0000018:${elevenDigits}`,
        partnerNumbers: ['P0000001', 'P0000002'],
        verdict: 'duplicate',
        remarks: 'Same account',
      },
    });

    // Twelve digits under any name, as text and as a JSON number.
    planted.push('556677889900', '112233445566');
    await callApi(app, api.faq.getAllFaqs, { body: { referenceOfMine: 'ref 556677889900 end', another: 112233445566 } });

    // Headers not on the list.
    planted.push('Basic cHJveHk6c2VjcmV0', 'key-0f9e8d7c6b5a');
    await callApi(app, api.health.health, {
      headers: { 'proxy-authorization': 'Basic cHJveHk6c2VjcmV0', 'x-api-key': 'key-0f9e8d7c6b5a' },
    });

    await app.devControls.journal.flush();
    const journal = JSON.stringify((await callApi(app, api.devtools.journal, { query: { limit: 500 } })).json());
    const har = (await app.inject({ method: 'GET', url: endpointUrl(api.devtools.journalHar) })).body;
    // Booleans, so a failure names the secret without printing the whole journal.
    for (const secret of planted) {
      expect(journal.includes(secret), `the journal holds ${secret}`).toBe(false);
      expect(har.includes(secret), `the HAR holds ${secret}`).toBe(false);
      expect(journal.includes(encodeURIComponent(secret)), `the journal holds ${secret} as a URL writes it`).toBe(false);
    }
    // What was kept instead: the last four digits, and the requests themselves.
    expect(journal.includes(`identityCard=${encodeURIComponent('••••••••2346')}`)).toBe(true);
    expect(journal.includes(`SBIN0000018:•••••••${elevenDigits.slice(-4)}`)).toBe(true);
    expect(journal.includes('/api/mail/activate/[redacted]')).toBe(true);
    const entries = (await callApi(app, api.devtools.journal, { query: { limit: 500 } })).json().response;
    const health = entries.find((e) => e.operationId === 'healthHealth')!;
    expect(health.request.headers['proxy-authorization']).toBe(REDACTED);
    expect(health.request.headers['x-api-key']).toBe(REDACTED);
    // Known-safe headers stay as they came.
    expect(health.response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('the redaction rules', () => {
  it('masks twelve-digit runs and accounts after an IFSC, and nothing shorter or longer', () => {
    expect(maskNumbers('aadhaar 234123412346.')).toBe('aadhaar ••••••••2346.');
    expect(maskNumbers('INDB0003675:252645078856')).toBe('INDB0003675:••••••••8856');
    expect(maskNumbers('mobile 9876543210, epoch 1796600524965')).toBe('mobile 9876543210, epoch 1796600524965');
    expect(redactValue({ nested: [{ n: 123456789012 }] })).toEqual({ nested: [{ n: '••••••••9012' }] });
  });

  it('reads past no value its quicker checks would skip', () => {
    // An account after an IFSC holds no twelve-digit run; an address may be short; a twelve-digit
    // number sits between 10^11 and 10^12; a field's name is compared without case or separators.
    expect(maskNumbers('SBIN0001234:98765')).toBe('SBIN0001234:•8765');
    expect(
      redactValue({
        next: '/p?otp=12',
        home: 'https://x/?ticket=a',
        n: [100000000000, 999999999999, 99999999999, 1000000000000, -123456789012, 123456789012.5],
        Account_Number: '12345678',
        'new-Password': 'secret',
        EmailOTP: 123456,
      }),
    ).toEqual({
      next: `/p?otp=${encodeURIComponent(REDACTED)}`,
      home: `https://x/?ticket=${encodeURIComponent(REDACTED)}`,
      n: ['••••••••0000', '••••••••9999', 99999999999, 1000000000000, -123456789012, 123456789012.5],
      Account_Number: '••••5678',
      'new-Password': REDACTED,
      EmailOTP: REDACTED,
    });
  });

  it('keeps an address with its secrets redacted, in a header or a JSON string', () => {
    expect(redactHeader('referer', 'http://x/getsession?Uid=a&AuditNo=T1')).toBe(
      `http://x/getsession?Uid=a&AuditNo=${encodeURIComponent(REDACTED)}`,
    );
    expect(redactValue({ redirectUrl: '/PartnerMgmtApp/getsession?AuditNo=T1&Uid=a' })).toEqual({
      redirectUrl: `/PartnerMgmtApp/getsession?AuditNo=${encodeURIComponent(REDACTED)}&Uid=a`,
    });
    expect(redactUrl('/a/b/c?x=1', [2])).toBe(`/a/${REDACTED}/c?x=1`);
    expect(redactHeader('X-Something-New', 'value')).toBe(REDACTED);
    expect(redactHeader('sec-fetch-mode', 'cors')).toBe('cors');
  });
});
