import { describe, expect, it } from 'vitest';
import { INTERNAL_TOKEN_HEADER, api, encryptId, type PartnerQueryDetail } from '@pp/contract';
import { DEV_INTERNAL_TOKEN } from '@pp/platform';
import {
  callApi,
  createPartnerUser,
  createStaffUser,
  freshIp,
  latestMessage,
  okResponse as ok,
  samplePdf,
  setupFeatureTest,
  signIn,
  uploadFile,
  withReferenceData,
} from '@pp/testing';

const { db, app } = await setupFeatureTest({ referenceData: false });
await withReferenceData(db);
const pq = api.partnerQueries;

/** A signed-in partner's support-form query, with a file it attached. */
async function askedByPartner(message = 'Our invoice upload fails with an error every time we attach the signed PDF.') {
  const user = await createPartnerUser(db);
  const { auth } = await signIn(app, user.username);
  const upload = await uploadFile(app, { name: 'screen.pdf', content: samplePdf('screen') }, { headers: auth });
  const res = await callApi(app, api.queries.insertPartnerQueryEntry, {
    query: { source: 'SUPPORT_FORM' },
    body: {
      partnerEmailId: 'ignored@example.org',
      displayName: 'Kiran and Sons',
      message,
      attachmentDocId: upload.json().response.UniqueID,
    },
    headers: { ...freshIp(), ...auth },
  });
  expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
  return {
    ...user,
    auth,
    reference: res.json().response.referenceNumber,
    fileId: upload.json().response.UniqueID,
  };
}

const staffOf = async (role: 'BUYER' | 'APPROVER' | 'SEGREGATOR' | 'FORENSICS') =>
  (await signIn(app, (await createStaffUser(db, role)).username)).auth;

describe('partner queries for staff', () => {
  it('lists, answers (mailed and noticed), lets the partner write again, resolves and closes', async () => {
    const asked = await askedByPartner();
    const buyer = await staffOf('BUYER');
    const list = await ok(callApi(app, pq.list, { headers: buyer, query: { searchTerm: asked.partner.partnerNumber } }));
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      referenceNumber: asked.reference,
      source: 'SUPPORT_FORM',
      state: 'OPEN',
      partnerNumber: asked.partner.partnerNumber,
      companyCode: 1,
    });

    let query: PartnerQueryDetail = await ok(
      callApi(app, pq.detail, { headers: buyer, params: { referenceNumber: asked.reference } }),
    );
    expect(query.attachment?.fileName).toBe('screen.pdf');
    expect(query.actions).toEqual(['REPLY', 'RESOLVE', 'CLOSE']);
    // Staff working queries read the partner's attachment.
    expect((await callApi(app, api.files.download, { headers: buyer, params: { uniqueId: asked.fileId } })).statusCode).toBe(200);

    query = await ok(
      callApi(app, pq.insertChatMessage, {
        headers: buyer,
        body: { referenceNumber: asked.reference, message: 'Please save the PDF without a password and upload it again.' },
      }),
    );
    expect(query.state).toBe('ANSWERED');
    expect(query.messages.map((m) => [m.author, m.text])).toEqual([
      ['STAFF', 'Please save the PDF without a password and upload it again.'],
    ]);
    expect(query.messages[0]!.authorName).toMatch(/\S/);
    const mail = await latestMessage(db, asked.partner.email);
    expect(mail).toMatchObject({ subject: `Re: your query ${asked.reference} to Partner Portal support` });
    expect(mail!.textBody).toContain('Please save the PDF without a password');
    const notices = await db.notification.findMany({ where: { partnerId: asked.partner.id } });
    expect(notices.map((n) => n.description)).toContain(
      `Your query ${asked.reference} was answered: Please save the PDF without a password and upload it again.`,
    );

    // The partner sees the state and the answer (not who wrote it), and writes again.
    const mine = await ok(callApi(app, pq.mine, { headers: asked.auth }));
    expect(mine.items.map((i) => [i.referenceNumber, i.state])).toEqual([[asked.reference, 'ANSWERED']]);
    const seen = await ok(callApi(app, pq.detail, { headers: asked.auth, params: { referenceNumber: asked.reference } }));
    expect(seen.messages[0]!.authorName).toBeNull();
    expect(seen.actions).toEqual(['REPLY', 'CLOSE']);
    query = await ok(
      callApi(app, pq.insertChatMessage, {
        headers: asked.auth,
        body: { referenceNumber: asked.reference, message: 'It has no password; it still fails.' },
      }),
    );
    expect(query.state).toBe('OPEN');

    query = await ok(
      callApi(app, pq.setResolved, { headers: buyer, body: { referenceNumber: asked.reference, remarks: 'Fixed on our side.' } }),
    );
    expect(query).toMatchObject({ state: 'RESOLVED', resolvedAt: expect.any(String) });
    expect((await latestMessage(db, asked.partner.email))!.subject).toBe(`Your query ${asked.reference} is resolved`);
    // Resolved: staff may only close it now.
    const again = await callApi(app, pq.insertChatMessage, {
      headers: buyer,
      body: { referenceNumber: asked.reference, message: 'One more thing.' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.error().failureMessage).toBe('This query is “Resolved”: that step cannot be taken now.');
    query = await ok(callApi(app, pq.setClosed, { headers: asked.auth, body: { referenceNumber: asked.reference } }));
    expect(query).toMatchObject({ state: 'CLOSED', actions: [] });
    const row = await db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber: asked.reference } });
    expect(row.status).toBe('CLOSED');
    expect(await db.partnerQueryMessage.count({ where: { queryId: row.id } })).toBe(3);
  });

  it('shows a chat callback with its transcript, and filters by company, state and source', async () => {
    const recorded = await callApi(app, api.queries.insertPartnerQueryEntry, {
      query: { source: 'CHATBOT' },
      body: {
        displayName: 'Asha Verma',
        companyName: 'Verma Steel',
        mobileNumber: '9876543210',
        partnerEmailId: `asha.${Date.now()}@verma.in`,
        message: 'Callback requested through the chat assistant (en).',
        transcript: [
          { author: 'VISITOR', text: 'Request a callback', at: '2026-11-20T10:00:00.000Z' },
          { author: 'BOT', text: 'Please give your name, company, mobile and e-mail.', at: '2026-11-20T10:00:01.000Z' },
        ],
      },
      headers: { [INTERNAL_TOKEN_HEADER]: DEV_INTERNAL_TOKEN },
    });
    const reference = recorded.json().response.referenceNumber;
    const approver = await staffOf('APPROVER');
    const query = await ok(callApi(app, pq.detail, { headers: approver, params: { referenceNumber: reference } }));
    expect(query).toMatchObject({ source: 'CHATBOT', companyName: 'Verma Steel', partnerNumber: null, companyCode: null });
    expect(query.messages.map((m) => m.author)).toEqual(['VISITOR', 'BOT']);

    const search = { searchTerm: 'Verma Steel', pageSize: 100 };
    const chats = await ok(callApi(app, pq.list, { headers: approver, query: { ...search, source: 'CHATBOT', state: 'OPEN' } }));
    expect(chats.items.map((i) => i.referenceNumber)).toContain(reference);
    const forms = await ok(callApi(app, pq.list, { headers: approver, query: { ...search, source: 'SUPPORT_FORM' } }));
    expect(forms.items.map((i) => i.referenceNumber)).not.toContain(reference);
    // A visitor's query belongs to no company.
    const company = await ok(callApi(app, pq.list, { headers: approver, query: { ...search, encCompanyCode: encryptId(1) } }));
    expect(company.items.map((i) => i.referenceNumber)).not.toContain(reference);
    // A search's total counts what the page's search finds, filter by filter.
    const titled = { title: { contains: search.searchTerm, mode: 'insensitive' } } as const;
    expect([chats.total, forms.total, company.total]).toEqual([
      await db.partnerQuery.count({ where: { ...titled, source: 'CHATBOT', status: 'OPEN' } }),
      await db.partnerQuery.count({ where: { ...titled, source: 'SUPPORT_FORM' } }),
      await db.partnerQuery.count({ where: { ...titled, companyCode: 1 } }),
    ]);
    expect(chats.total).toBeGreaterThan(0);

    const required = await ok(callApi(app, pq.isRequired, { headers: approver, query: { encCompanyCode: encryptId(1) } }));
    expect(required.required).toBe(true);
    expect((await ok(callApi(app, pq.isRequired, { headers: await staffOf('SEGREGATOR') }))).required).toBe(false);
  });

  it('totals the list before a search, and the waiting queries, from counts kept as queries come and move', async () => {
    const approver = await staffOf('APPROVER');
    const filters = [
      {},
      { encCompanyCode: 1 },
      { state: 'OPEN' },
      { state: 'RESOLVED', source: 'SUPPORT_FORM' },
      { source: 'CHATBOT' },
      { encCompanyCode: 1, state: 'OPEN', source: 'SUPPORT_FORM' },
    ] as const;
    const totalsAgree = async () => {
      for (const f of filters) {
        const query = { ...f, ...('encCompanyCode' in f ? { encCompanyCode: encryptId(f.encCompanyCode) } : {}) };
        const { total } = await ok(callApi(app, pq.list, { headers: approver, query }));
        const counted = await db.partnerQuery.count({
          where: {
            ...('encCompanyCode' in f ? { companyCode: f.encCompanyCode } : {}),
            ...('state' in f ? { status: f.state } : {}),
            ...('source' in f ? { source: f.source } : {}),
          },
        });
        expect(total, JSON.stringify(f)).toBe(counted);
      }
      const { waiting } = await ok(callApi(app, pq.isRequired, { headers: approver, query: { encCompanyCode: encryptId(1) } }));
      expect(waiting).toBe(await db.partnerQuery.count({ where: { status: 'OPEN', companyCode: 1 } }));
    };
    const asked = await askedByPartner();
    await totalsAgree();
    await ok(callApi(app, pq.setResolved, { headers: approver, body: { referenceNumber: asked.reference, remarks: 'Done.' } }));
    await totalsAgree();
    // The partner goes; its queries stay, of no partner.
    await db.partner.delete({ where: { id: asked.partner.id } });
    await db.partnerQuery.deleteMany({ where: { referenceNumber: asked.reference } });
    await totalsAgree();
  });

  it('refuses the wrong caller and names the bad input; another partner’s query is not found', async () => {
    const asked = await askedByPartner('Cannot see the RFQ that closes this week on the auctions page.');
    const segregator = await staffOf('SEGREGATOR');
    expect((await callApi(app, pq.list, { headers: segregator })).statusCode).toBe(403);
    expect(
      (await callApi(app, pq.detail, { headers: segregator, params: { referenceNumber: asked.reference } })).statusCode,
    ).toBe(403);
    expect((await callApi(app, pq.list, { headers: asked.auth })).statusCode).toBe(403);
    expect((await callApi(app, pq.list)).statusCode).toBe(401);
    expect(
      (await callApi(app, pq.setResolved, { headers: asked.auth, body: { referenceNumber: asked.reference } })).statusCode,
    ).toBe(403);
    // Forensics may not read the attachment of a query.
    const forensics = await staffOf('FORENSICS');
    expect((await callApi(app, api.files.download, { headers: forensics, params: { uniqueId: asked.fileId } })).statusCode).toBe(
      404,
    );
    const stranger = await createPartnerUser(db);
    const strangerAuth = (await signIn(app, stranger.username)).auth;
    expect(
      (await callApi(app, pq.detail, { headers: strangerAuth, params: { referenceNumber: asked.reference } })).statusCode,
    ).toBe(404);
    expect(
      (
        await callApi(app, pq.insertChatMessage, {
          headers: strangerAuth,
          body: { referenceNumber: asked.reference, message: 'Me too' },
        })
      ).statusCode,
    ).toBe(404);

    const buyer = await staffOf('BUYER');
    for (const [endpoint, input, field] of [
      [pq.list, { query: { encCompanyCode: 'not-a-cipher' } }, 'encCompanyCode'],
      [pq.list, { query: { encCompanyCode: encryptId('ABC') } }, 'encCompanyCode'],
      [pq.list, { query: { state: 'LOST' } }, 'state'],
      [pq.list, { query: { colour: 'red' } }, 'query: Unknown field: colour'],
      [pq.detail, { params: { referenceNumber: 'PQ12' } }, 'referenceNumber'],
      [pq.insertChatMessage, { body: { referenceNumber: asked.reference, message: ' ' } }, 'message'],
      [pq.insertChatMessage, { body: { referenceNumber: asked.reference, message: 'x'.repeat(2001) } }, 'message'],
      [pq.setResolved, { body: { referenceNumber: 'nope' } }, 'referenceNumber'],
    ] as const) {
      const res = await callApi(app, endpoint, { headers: buyer, ...input });
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.error().failureMessage).toMatch(new RegExp(`^${field}`));
    }
    const row = await db.partnerQuery.findUniqueOrThrow({ where: { referenceNumber: asked.reference } });
    expect(row.status).toBe('OPEN');
  });

  it('lets one of two staff resolving at once win; the other is told where it went', async () => {
    const asked = await askedByPartner('The payment advice for last month does not open in any PDF reader.');
    const [a, b] = [await staffOf('BUYER'), await staffOf('APPROVER')];
    const results = await Promise.all(
      [a, b].map((headers) => callApi(app, pq.setResolved, { headers, body: { referenceNumber: asked.reference } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
