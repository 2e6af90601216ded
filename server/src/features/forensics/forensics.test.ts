import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, api, bankIdentifier } from '@pp/contract';
import {
  buildTestApp,
  callApi,
  completeDomesticProfile,
  createPartnerUser,
  eventually,
  freshIp,
  setupFeatureTest,
  signIn,
  withReferenceData,
  workflowFixtures,
  writeUnheard,
} from '@pp/testing';

const { db, app } = await setupFeatureTest({ referenceData: false });
const { staff, submittedPartner } = workflowFixtures(app, db);
/** The account every profile of completeDomesticProfile gives: the partners below share it. */
const SHARED_ACCOUNT = bankIdentifier('SBIN0000018', '000123456789');

let first: Awaited<ReturnType<typeof submittedPartner>>;
let second: Awaited<ReturnType<typeof submittedPartner>>;
let third: Awaited<ReturnType<typeof submittedPartner>>;
beforeAll(async () => {
  await withReferenceData(db);
  first = await submittedPartner();
  second = await submittedPartner();
});

const bankPairs = async (query: Record<string, string | number> = {}, role: 'FORENSICS' | 'ADMIN' = 'FORENSICS') => {
  const res = await callApi(app, api.forensics.comparison, { params: { kind: 'bank' }, query, headers: await staff(role) });
  expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
  return res.json().response;
};

describe('forensics: partners that hold the same number', () => {
  it('pairs two partners that registered one bank account, the first registered first, with a link to each request', async () => {
    const page = await bankPairs();
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: 'bank',
      value: SHARED_ACCOUNT,
      first: { partnerNumber: first.partner.partnerNumber, requestNumber: first.requestNumber, companyCodes: [1] },
      second: { partnerNumber: second.partner.partnerNumber, requestNumber: second.requestNumber, accountStatus: 'ACTIVE' },
      review: null,
    });
    expect(page.items[0]!.foundAt).toBe(second.partner.createdAt.toISOString());
    // Their Udyam number and contacts' mobiles and e-mails are shared too; each has a PAN and GSTIN of its own.
    const headers = await staff('FORENSICS');
    const values = async (kind: 'email' | 'msme') =>
      (await callApi(app, api.forensics.comparison, { params: { kind }, headers }))
        .json()
        .response.items.map((p) => p.value)
        .sort();
    expect(await values('email')).toEqual(['accounts@example.com', 'sales@example.com']);
    expect(await values('msme')).toEqual(['UDYAM-MH-18-0012345']);
    for (const kind of ['gst', 'pan'] as const)
      expect((await callApi(app, api.forensics.comparison, { params: { kind }, headers })).json().response.total).toBe(0);
  });

  it('counts shared numbers per kind and company, with the month they became shared', async () => {
    const res = await callApi(app, api.forensics.dashboard, { headers: await staff('FORENSICS') });
    expect(res.statusCode).toBe(200);
    const { kinds, companies, trend } = res.json().response;
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k]));
    expect(byKind.bank).toMatchObject({ sharedNumbers: 1, pairs: 1 });
    expect(byKind.email).toMatchObject({ sharedNumbers: 2, pairs: 2 });
    expect(byKind.mobile).toMatchObject({ sharedNumbers: 2, pairs: 2 });
    expect(byKind.gst).toMatchObject({ sharedNumbers: 0, pairs: 0 });
    expect(companies).toEqual([
      expect.objectContaining({ companyCode: 1, counts: expect.objectContaining({ bank: 1, email: 2 }) }),
    ]);
    expect(trend).toHaveLength(12);
    expect(trend.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), counts: expect.objectContaining({ bank: 1 }) });
    expect(trend.slice(0, -1).every((m) => m.counts.bank === 0)).toBe(true);

    const elsewhere = await callApi(app, api.forensics.dashboard, {
      query: { companyCode: 8 },
      headers: await staff('FORENSICS'),
    });
    expect(elsewhere.json().response.kinds.every((k) => k.sharedNumbers === 0)).toBe(true);
  });

  it('searches the pairs by number, name or partner number, and filters them by company', async () => {
    expect((await bankPairs({ searchTerm: second.partner.organizationName.toUpperCase() })).total).toBe(1);
    expect((await bankPairs({ searchTerm: '000123456789' })).total).toBe(1);
    expect((await bankPairs({ searchTerm: first.partner.partnerNumber })).total).toBe(1);
    expect((await bankPairs({ searchTerm: 'no such partner' })).total).toBe(0);
    // A LIKE wildcard in the term is a character like another, not "anything".
    expect((await bankPairs({ searchTerm: '%' })).total).toBe(0);
    expect((await bankPairs({ searchTerm: '0001234_6789' })).total).toBe(0);
    expect((await bankPairs({ companyCode: 1 })).total).toBe(1);
    expect((await bankPairs({ companyCode: 8 })).total).toBe(0);
  });

  it("finds a pair by a partner's new name once an admin has corrected it", async () => {
    const renamed = await callApi(app, api.admin.changeCompanyName, {
      headers: await staff('ADMIN'),
      body: { partnerNumber: second.partner.partnerNumber, organizationName: 'Kaveri Renamed Castings', remarks: 'Certificate' },
    });
    expect(renamed.statusCode, JSON.stringify(renamed.error())).toBe(200);
    const [pair] = (await bankPairs({ searchTerm: 'kaveri renamed' })).items;
    expect(pair!.second).toMatchObject({
      partnerNumber: second.partner.partnerNumber,
      organizationName: 'Kaveri Renamed Castings',
    });
    expect((await bankPairs({ searchTerm: second.partner.organizationName })).total).toBe(0);
  });

  it('records a verdict with remarks, replaces it when the pair is reviewed again, and filters by it', async () => {
    const headers = await staff('FORENSICS');
    const body = {
      kind: 'bank' as const,
      value: SHARED_ACCOUNT,
      partnerNumbers: [second.partner.partnerNumber, first.partner.partnerNumber] as [string, string],
      verdict: 'GENUINE_GROUP' as const,
      remarks: 'Both are units of one group; the parent pays from this account.',
    };
    const res = await callApi(app, api.forensics.review, { body, headers });
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect(res.json().response.review).toMatchObject({ verdict: 'GENUINE_GROUP', remarks: body.remarks });
    expect((await bankPairs({ review: 'open' })).total).toBe(0);
    expect((await bankPairs({ review: 'GENUINE_GROUP' })).total).toBe(1);

    const again = await callApi(app, api.forensics.review, {
      body: { ...body, verdict: 'DUPLICATE', remarks: 'Same directors and address: registered twice.' },
      headers: await staff('ADMIN'),
    });
    expect(again.statusCode).toBe(200);
    expect(await db.forensicReview.count()).toBe(1);
    const [pair] = (await bankPairs({ review: 'DUPLICATE' })).items;
    expect(pair!.review).toMatchObject({ verdict: 'DUPLICATE', reviewerName: expect.stringMatching(/^staff_/) });
    const dashboard = (await callApi(app, api.forensics.dashboard, { headers })).json().response;
    expect(dashboard.kinds.find((k) => k.kind === 'bank')).toMatchObject({ duplicate: 1, genuineGroup: 0 });
  });

  it('pairs every two of three holders, and lets forensics read each profile it compares', async () => {
    third = await submittedPartner();
    const page = await bankPairs();
    expect(page.total).toBe(3);
    // Newest first: the two pairs the third partner made, then the reviewed one.
    expect(page.items.map((p) => p.second.partnerNumber)).toEqual([
      third.partner.partnerNumber,
      third.partner.partnerNumber,
      second.partner.partnerNumber,
    ]);
    expect((await bankPairs({ pageSize: 2, pageNo: 2 })).items).toHaveLength(1);
    expect(await bankPairs({ pageSize: 2, pageNo: 3 })).toMatchObject({ items: [], total: 3 });
    const dashboard = (await callApi(app, api.forensics.dashboard, { headers: await staff('FORENSICS') })).json().response;
    // One number, three pairs; the verdict given on the first two still counts.
    expect(dashboard.kinds.find((k) => k.kind === 'bank')).toMatchObject({ sharedNumbers: 1, pairs: 3, duplicate: 1 });
    expect(dashboard.trend.at(-1)!.counts.bank).toBe(1);
    const profile = await callApi(app, api.review.part, {
      params: { part: 'summary', requestNumber: third.requestNumber },
      headers: await staff('FORENSICS'),
    });
    expect(profile.statusCode).toBe(200);
  });

  it("keeps a search's pairs for its next pages until a table they are made from changes, on any server", async () => {
    // The open pairs through the first partner: with the third (its pair with the second is reviewed).
    const search = { searchTerm: first.partner.partnerNumber, review: 'open', pageSize: 1 };
    expect((await bankPairs(search)).items.map((p) => p.second.partnerNumber)).toEqual([expect.any(String)]);
    expect((await bankPairs(search)).total).toBe(1);
    // The review removed with the feed's triggers quiet, as a bulk load writes: the search holds.
    const [a, b] = [first.partner.id, second.partner.id].sort((x, y) => x - y);
    const reviewed = { kind: 'BANK', value: SHARED_ACCOUNT, partnerIdA: a!, partnerIdB: b! };
    await writeUnheard(db, (tx) => tx.forensicReview.deleteMany({ where: reviewed }));
    expect((await bankPairs(search)).total).toBe(1);
    // A review written as another server writes it (of the second and third partners) reaches
    // this one: the search is made again, and finds the pair no longer reviewed.
    const [c, d] = [second.partner.id, third.partner.id].sort((x, y) => x - y);
    const reviewer = await db.userAccount.findFirstOrThrow({ where: { role: 'FORENSICS' } });
    await db.forensicReview.create({
      data: {
        kind: 'BANK',
        value: SHARED_ACCOUNT,
        partnerIdA: c!,
        partnerIdB: d!,
        verdict: 'DUPLICATE',
        remarks: 'Twice.',
        reviewerId: reviewer.id,
      },
    });
    expect(await eventually(async () => (await bankPairs(search)).total === 2)).toBe(true);
    expect((await bankPairs({ ...search, pageNo: 2 })).items.map((p) => p.second.partnerNumber)).toEqual([
      second.partner.partnerNumber,
    ]);
  });

  it('leaves out a kept pair whose holder went before the feed reported it', async () => {
    const search = { searchTerm: SHARED_ACCOUNT.slice(-6), review: 'all' };
    expect((await bankPairs(search)).items).toHaveLength(3);
    // The third partner's holding removed with the feed's triggers quiet: the kept pairs still name it.
    const holder = { kind: 'BANK', value: SHARED_ACCOUNT, partnerId: third.partner.id };
    const row = await db.sharedHolder.findUniqueOrThrow({ where: { kind_value_partnerId: holder } });
    await writeUnheard(db, (tx) => tx.sharedHolder.delete({ where: { kind_value_partnerId: holder } }));
    try {
      // A page not answered before (the one answered is kept as it was), cut from the kept pairs.
      const page = await bankPairs({ ...search, pageSize: 10 });
      expect(page.items.map((p) => [p.first.partnerNumber, p.second.partnerNumber])).toEqual([
        [first.partner.partnerNumber, second.partner.partnerNumber],
      ]);
    } finally {
      await writeUnheard(db, (tx) => tx.sharedHolder.create({ data: row }));
    }
  });

  it('pages a search of more pairs than a server keeps by its statement, each time from the tables', async () => {
    const small = await buildTestApp(db, { env: { CACHE_FORENSIC_SEARCH_PAIRS_MAX: '1' } });
    const headers = await staff('FORENSICS');
    const pairs = async (query: Record<string, string | number>) =>
      (await callApi(small, api.forensics.comparison, { params: { kind: 'bank' }, query, headers })).json().response;
    // The three holders' three pairs, by the shared account's number, one a page.
    const search = { searchTerm: SHARED_ACCOUNT.slice(-6), pageSize: 1 };
    const pages = await Promise.all([1, 2, 3, 4].map((pageNo) => pairs({ ...search, pageNo })));
    expect(pages.map((p) => p.total)).toEqual([3, 3, 3, 3]);
    expect(pages.map((p) => p.items.length)).toEqual([1, 1, 1, 0]);
    const all = await bankPairs({ searchTerm: SHARED_ACCOUNT.slice(-6) });
    expect(pages.flatMap((p) => p.items.map((i) => [i.first.partnerNumber, i.second.partnerNumber]))).toEqual(
      all.items.map((i) => [i.first.partnerNumber, i.second.partnerNumber]),
    );
    // Not kept: a review removed with the feed's triggers quiet is seen at once.
    const reviews = await db.forensicReview.count();
    expect(reviews).toBeGreaterThan(0);
    const open = (await pairs({ ...search, review: 'open' })).total;
    await writeUnheard(db, (tx) => tx.forensicReview.deleteMany({}));
    // A page not asked before: a page as answered is kept, however its pairs were found.
    expect((await pairs({ ...search, review: 'open', pageNo: 1 })).total).toBe(open + reviews);
  });

  it('keeps a page as answered until a table it names changes, on any server, and reads it again when asked', async () => {
    const headers = await staff('FORENSICS');
    const page = async (language = 'en', more: Record<string, string> = {}) => {
      const res = await callApi(app, api.forensics.comparison, {
        params: { kind: 'bank' },
        query: { review: 'all' },
        headers: { ...headers, 'accept-language': language, ...more },
      });
      expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
      return res.json().response.items;
    };
    const shown = (await page())[0]!;
    const partner = await db.partner.findUniqueOrThrow({ where: { partnerNumber: shown.first.partnerNumber } });
    const country = await db.country.findUniqueOrThrow({ where: { countryCode: partner.countryCode } });
    const account = await db.userAccount.findUniqueOrThrow({ where: { partnerId: partner.id } });
    const profile = await db.onboardingProfile.findFirstOrThrow({ where: { requestNumber: shown.first.requestNumber } });
    // A verdict on one of the pairs, as another server writes it (the test before removed them all).
    const reviewer = await db.userAccount.findFirstOrThrow({ where: { role: 'FORENSICS' } });
    const [a, b] = [first.partner.id, second.partner.id].sort((x, y) => x - y);
    await db.forensicReview.create({
      data: {
        kind: 'BANK',
        value: SHARED_ACCOUNT,
        partnerIdA: a!,
        partnerIdB: b!,
        verdict: 'GENUINE_GROUP',
        remarks: 'Sister firms.',
        reviewerId: reviewer.id,
      },
    });
    expect(await eventually(async () => (await page()).some((p) => p.review?.reviewerName === reviewer.displayName))).toBe(true);
    expect(shown.first.countryName).toBe(country.countryName);
    expect((await page('hi'))[0]!.first.countryName).toBe(country.countryNameHi);
    try {
      // Renamed with the feed's triggers quiet: the page holds, unless the caller asks for no cached answer.
      await writeUnheard(db, (tx) =>
        tx.country.update({ where: { countryCode: country.countryCode }, data: { countryName: 'Quietly' } }),
      );
      expect((await page())[0]!.first.countryName).toBe(country.countryName);
      expect((await page('en', { 'cache-control': 'no-cache' }))[0]!.first.countryName).toBe('Quietly');
      // Each table a page names, written as another server writes it, reaches this one.
      const changes: [string, () => Promise<unknown>, (p: Awaited<ReturnType<typeof page>>[number]) => boolean][] = [
        [
          'a country renamed',
          () => db.country.update({ where: { countryCode: country.countryCode }, data: { countryName: 'Renamed' } }),
          (p) => p.first.countryName === 'Renamed',
        ],
        [
          "a holder's account disabled",
          () => db.userAccount.update({ where: { id: account.id }, data: { status: 'DISABLED' } }),
          (p) => p.first.accountStatus === 'DISABLED',
        ],
        [
          "a holder's request renumbered",
          () => db.onboardingProfile.update({ where: { id: profile.id }, data: { requestNumber: 'REQ-FORENSIC-1' } }),
          (p) => p.first.requestNumber === 'REQ-FORENSIC-1',
        ],
        [
          "a holder's partner registered again",
          () => db.partner.update({ where: { id: partner.id }, data: { createdAt: new Date('2020-01-02T03:04:05Z') } }),
          (p) => p.first.registeredAt === '2020-01-02T03:04:05.000Z',
        ],
        [
          'a reviewer renamed',
          () => db.userAccount.update({ where: { id: reviewer.id }, data: { displayName: 'Renamed Reviewer' } }),
          (p) => p.review?.reviewerName === 'Renamed Reviewer',
        ],
      ];
      for (const [change, write, seen] of changes) {
        await write();
        expect(await eventually(async () => (await page()).some(seen)), change).toBe(true);
      }
    } finally {
      await db.country.update({ where: { countryCode: country.countryCode }, data: { countryName: country.countryName } });
      await db.userAccount.update({ where: { id: account.id }, data: { status: account.status } });
      await db.onboardingProfile.update({ where: { id: profile.id }, data: { requestNumber: profile.requestNumber } });
      await db.partner.update({ where: { id: partner.id }, data: { createdAt: partner.createdAt } });
      await db.userAccount.update({ where: { id: reviewer.id }, data: { displayName: reviewer.displayName } });
    }
  });
});

describe('forensics: the numbers a saved profile registers', () => {
  it("registers a contact's e-mail of the longest length the form takes, and forgets a contact deleted", async () => {
    const { partner, username } = await createPartnerUser(db);
    const headers = { ...(await signIn(app, username)).auth, ...freshIp() };
    const email = `${'a'.repeat(80)}@example-group.in`;
    expect(email.length).toBeLessThanOrEqual(100);
    const save = await callApi(app, api.onboarding.saveGeneral, {
      body: {
        contacts: [{ departmentCode: 'ACCTS', name: 'Asha Rao', designation: 'Accounts Manager', mobile: '9876500009', email }],
      },
      headers,
    });
    expect(save.statusCode, JSON.stringify(save.error())).toBe(200);
    const held = () => db.partnerIdentifier.count({ where: { partnerId: partner.id, kind: 'EMAIL', value: email } });
    expect(await held()).toBe(1);
    const contact = save.json().response.contacts.find((c) => c.email === email)!;
    const removed = await callApi(app, api.onboarding.deleteContact, { body: { id: contact.id }, headers });
    expect(removed.statusCode, JSON.stringify(removed.error())).toBe(200);
    expect(await held()).toBe(0);
  });

  it('counts a number as shared once a second partner registers it, even both at once, and no more once one of them drops it', async () => {
    const email = `shared.${Date.now()}@example-group.in`;
    const contactWith = (mobile: string) => ({
      departmentCode: 'ACCTS',
      name: 'Asha Rao',
      designation: 'Accounts',
      mobile,
      email,
    });
    const partners = await Promise.all(
      [0, 1, 2].map(async () => {
        const { username } = await createPartnerUser(db);
        return { ...(await signIn(app, username)).auth, ...freshIp() };
      }),
    );
    const save = async (headers: Record<string, string>, mobile: string) => {
      const res = await callApi(app, api.onboarding.saveGeneral, { body: { contacts: [contactWith(mobile)] }, headers });
      expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
      return res.json().response.contacts.find((c) => c.email === email)!;
    };
    const holders = async () => {
      const res = await callApi(app, api.forensics.comparison, {
        params: { kind: 'email' },
        query: { searchTerm: email },
        headers: await staff('FORENSICS'),
      });
      return res.json().response.items.length;
    };
    await save(partners[0]!, '9876500011');
    expect(await holders()).toBe(0);
    // The other two at once: each sees the other's row only after it commits.
    const [second] = await Promise.all([save(partners[1]!, '9876500012'), save(partners[2]!, '9876500013')]);
    // Three holders: three pairs. A partner's write reaches what this server keeps for staff
    // through the change feed, which is asynchronous (decision 006), as another server's would.
    expect(await eventually(async () => (await holders()) === 3)).toBe(true);
    const removed = await callApi(app, api.onboarding.deleteContact, { body: { id: second.id }, headers: partners[1]! });
    expect(removed.statusCode).toBe(200);
    expect(await eventually(async () => (await holders()) === 1)).toBe(true);
  });

  it('lets partners that share numbers change them at the same time, every save answered', async () => {
    // A save took every old number away, then registered the new ones. One partner going from one
    // e-mail to two while another went from two to one held, each, a number the other waited for:
    // PostgreSQL ended one of them to break the deadlock, and the partner saw a 500.
    const stamp = Date.now();
    const [first, second] = ['a', 'b'].map((tag) => `${tag}.together.${stamp}@example-group.in`) as [string, string];
    const contact = (email: string, id?: number) => ({
      ...(id ? { id } : {}),
      departmentCode: 'ACCTS',
      name: 'Asha Rao',
      designation: 'Accounts',
      mobile: '9876500021',
      email,
    });
    // Two contacts each: the first one's e-mail goes back and forth, the second keeps the second e-mail.
    const emailsIn = (state: number) => (state === 0 ? [second, second] : [first, second]);
    const partners = await Promise.all(
      [0, 1, 2, 3].map(async (i) => {
        const { username } = await createPartnerUser(db);
        const headers = { ...(await signIn(app, username)).auth, ...freshIp() };
        const res = await callApi(app, api.onboarding.saveGeneral, {
          body: { contacts: emailsIn(i % 2).map((email) => contact(email)) },
          headers,
        });
        expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
        return { headers, ids: res.json().response.contacts.map((c) => c.id) };
      }),
    );
    for (let round = 1; round <= 9; round++) {
      const answers = await Promise.all(
        partners.map(({ headers, ids }, i) =>
          callApi(app, api.onboarding.saveGeneral, {
            body: { contacts: emailsIn((round + i) % 2).map((email, c) => contact(email, ids[c])) },
            headers,
          }),
        ),
      );
      for (const res of answers) expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    }
    // The last round left partners 0 and 2 with both e-mails, 1 and 3 with the second alone.
    const holders = (value: string) => db.partnerIdentifier.count({ where: { kind: 'EMAIL', value } });
    expect(await holders(first)).toBe(2);
    expect(await holders(second)).toBe(4);
  });

  it('keeps the same counts and holders, change by change, as counting every registered number again', async () => {
    const kept = async () => ({
      dashboard: (await callApi(app, api.forensics.dashboard, { headers: await staff('FORENSICS') })).json().response,
      ofCompany: (
        await callApi(app, api.forensics.dashboard, { query: { companyCode: 1 }, headers: await staff('FORENSICS') })
      ).json().response,
      counts: await db.sharedCount.findMany({
        where: { numbers: { not: 0 } },
        orderBy: [{ companyCode: 'asc' }, { kind: 'asc' }, { month: 'asc' }],
      }),
      numbers: await db.sharedNumber.findMany({ orderBy: [{ kind: 'asc' }, { value: 'asc' }] }),
      holders: await db.sharedHolder.findMany({ orderBy: [{ kind: 'asc' }, { value: 'asc' }, { partnerId: 'asc' }] }),
    });
    const before = await kept();
    expect(before.counts.length).toBeGreaterThan(0);
    await db.$executeRaw`SELECT pp_shared_holders_rebuild()`;
    expect(await kept()).toEqual(before);
  });
});

describe('forensics: who may call, and bad input', () => {
  it('refuses staff without viewForensics, partners and anonymous callers', async () => {
    for (const role of ['BUYER', 'REPORTS'] as const) {
      const res = await callApi(app, api.forensics.dashboard, { headers: await staff(role) });
      expect(res.statusCode).toBe(403);
      expect(res.error().failureMessage).toBe(MESSAGES.permissionRequired('viewForensics'));
    }
    expect((await callApi(app, api.forensics.comparison, { params: { kind: 'gst' }, headers: first.headers })).statusCode).toBe(
      403,
    );
    expect((await callApi(app, api.forensics.comparison, { params: { kind: 'gst' }, headers: freshIp() })).statusCode).toBe(401);
    const review = await callApi(app, api.forensics.review, {
      body: { kind: 'bank', value: SHARED_ACCOUNT, partnerNumbers: ['A', 'B'], verdict: 'DUPLICATE', remarks: 'Looks the same' },
      headers: first.headers,
    });
    expect(review.statusCode).toBe(403);
    expect(await db.forensicReview.count({ where: { remarks: 'Looks the same' } })).toBe(0);
  });

  it('names the field of a bad kind, page, filter or review', async () => {
    const headers = await staff('FORENSICS');
    const field = async (res: Promise<{ statusCode: number; error(): { fieldErrors?: { field: string }[] } }>) => {
      const answer = await res;
      expect(answer.statusCode).toBe(400);
      return answer.error().fieldErrors?.[0]?.field;
    };
    expect(await field(callApi(app, api.forensics.comparison, { params: { kind: 'iban' as 'gst' }, headers }))).toBe('kind');
    expect(
      await field(callApi(app, api.forensics.comparison, { params: { kind: 'gst' }, query: { pageSize: 1000 }, headers })),
    ).toBe('pageSize');
    expect(
      await field(callApi(app, api.forensics.comparison, { params: { kind: 'gst' }, query: { review: 'maybe' }, headers })),
    ).toBe('review');
    expect(
      await field(callApi(app, api.forensics.dashboard, { query: { companyCode: 'one' as unknown as number }, headers })),
    ).toBe('companyCode');
    const body = {
      kind: 'bank' as const,
      value: SHARED_ACCOUNT,
      partnerNumbers: [first.partner.partnerNumber, second.partner.partnerNumber] as [string, string],
      verdict: 'GENUINE_GROUP' as const,
      remarks: 'Checked with the buyer.',
    };
    expect(await field(callApi(app, api.forensics.review, { body: { ...body, remarks: 'ok' }, headers }))).toBe('remarks');
    expect(
      await field(
        callApi(app, api.forensics.review, {
          body: { ...body, partnerNumbers: [body.partnerNumbers[0], body.partnerNumbers[0]] },
          headers,
        }),
      ),
    ).toBe('partnerNumbers');
    expect(
      await field(
        callApi(app, api.forensics.review, { body: { ...body, partnerNumbers: ['NOPE1', body.partnerNumbers[1]] }, headers }),
      ),
    ).toBe('partnerNumbers.0');
    const notShared = await callApi(app, api.forensics.review, { body: { ...body, value: 'SBIN0000018:999' }, headers });
    expect(notShared.statusCode).toBe(400);
    expect(notShared.error()).toMatchObject({
      failureMessage: `value: ${MESSAGES.numberNotShared('SBIN0000018:999')}`,
      fieldErrors: [{ field: 'value' }],
    });
  });
});

describe('forensics: which holder may be merged', () => {
  it('says a holder may go into the other exactly where the merge takes it: no request, not disabled', async () => {
    // A partner that saved the profile (with the shared bank account) and sent nothing.
    const { username, partner: newcomer } = await createPartnerUser(db);
    const { auth } = await signIn(app, username);
    await completeDomesticProfile(app, { ...auth, ...freshIp() }, { pan: 'AAWCZ9999K' });
    const holders = async () => {
      const { items } = await bankPairs({ review: 'all', pageSize: 100 });
      return new Map(items.flatMap((p) => [p.first, p.second]).map((h) => [h.partnerNumber, h]));
    };
    const before = await holders();
    expect(before.get(newcomer.partnerNumber)?.mergeable).toBe(true);
    expect(before.get(first.partner.partnerNumber)?.mergeable).toBe(false);

    const admin = await staff('ADMIN');
    const merge = (from: string, into: string) =>
      callApi(app, api.admin.mergeAccounts, { headers: admin, body: { fromPartnerNumber: from, intoPartnerNumber: into } });
    // Not offered, and refused: a holder with a request.
    expect((await merge(first.partner.partnerNumber, newcomer.partnerNumber)).statusCode).toBe(409);
    // Offered, and taken; then the holder is disabled and offered no more.
    const res = await merge(newcomer.partnerNumber, first.partner.partnerNumber);
    expect(res.statusCode, JSON.stringify(res.error())).toBe(200);
    expect(await eventually(async () => (await holders()).get(newcomer.partnerNumber)?.mergeable === false)).toBe(true);
  });
});
