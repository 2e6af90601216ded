import { describe, expect, it } from 'vitest';
import {
  CHAT_CONVERSATION_IDLE_MS,
  CHAT_PAYLOADS,
  MESSAGES,
  RATE_LIMITS,
  endpointUrl,
  gatewayApi,
  type BotMessage,
  type ErrorBody,
} from '@pp/contract';
import { createPartnerUser, freshIp, signIn, withReferenceData } from '@pp/testing';
import pg from 'pg';
import { ConversationStore, gatewayPool } from './conversation-store.ts';
import { buildTestStack } from '../test/gateway.ts';

const BOT_URL = endpointUrl(gatewayApi.bot);

const stack = await buildTestStack();
await withReferenceData(stack.db);

let senders = 0;
const newSender = () => `sender-${Date.now()}-${++senders}`;

/** Says something to the bot, by default as a client of its own (the per-client limits stay apart). */
async function ask(
  message: string,
  options: { lang?: string; sender?: string; bearer?: string; gateway?: typeof stack.gateway; client?: string } = {},
) {
  const res = await (options.gateway ?? stack.gateway).inject({
    method: 'POST',
    url: BOT_URL,
    headers: {
      ...(options.lang ? { lang: options.lang } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      'x-forwarded-for': options.client ?? freshIp()['x-forwarded-for'],
    },
    payload: { sender: options.sender ?? newSender(), message },
  });
  expect(res.statusCode).toBe(200);
  return res.json<BotMessage[]>();
}

describe('chat bot', () => {
  it('greets with a menu of topic buttons in the Rasa REST shape', async () => {
    const sender = newSender();
    const [reply] = await ask('hello', { sender });
    expect(reply).toMatchObject({ recipient_id: sender, text: expect.stringContaining('Guru') });
    expect(reply!.buttons!.map((b) => b.payload)).toEqual(
      expect.arrayContaining(['/topic:registration', '/topic:grievances', CHAT_PAYLOADS.callback]),
    );
  });

  it('answers a question that follows a greeting, and greets a greeting with more words but no question', async () => {
    expect((await ask('hello how do i register as a partner'))[0]!.text).toContain('KYP details');
    // The voice journey's recogniser once heard the looped phrase as "start how do i register as a partner".
    expect((await ask('start how do i register as a partner'))[0]!.text).toContain('KYP details');
    expect((await ask('hello there'))[0]!.text).toContain('Guru');
  });

  it.each([
    ['en-IN', 'How do I register as a partner?', 'KYP details'],
    ['hi-IN', 'मैं पार्टनर के रूप में पंजीकरण कैसे करूँ?', 'KYP विवरण'],
    ['ta-IN', 'நான் கூட்டாளராக எப்படி பதிவு செய்வது?', 'KYP விவரங்கள்'],
    ['te-IN', 'నేను భాగస్వామిగా ఎలా నమోదు చేసుకోవాలి?', 'KYP వివరాలు'],
  ])('answers the registration question in %s', async (lang, question, expected) => {
    const [reply] = await ask(question, { lang });
    expect(reply!.text).toContain(expected);
  });

  it.each([
    ['typos', 'en-IN', 'how do i regster as a partnr', 'KYP details'],
    ['another word order', 'en-IN', 'partner register how', 'KYP details'],
    ['different words', 'en-IN', 'i did not get the otp code', 'valid for 5 minutes'],
    ['documents', 'en-IN', 'which documnts must I upload', 'cancelled cheque'],
    ['payments', 'en-IN', 'when will my payment come', 'terms of your purchase order'],
    ['grievance', 'en-IN', 'raise a complaint', 'Grievance Request'],
    ['a Hindi typo', 'hi-IN', 'पासवर्ड भूल गय', 'पासवर्ड भूल गए'],
    ['Tamil word order', 'ta-IN', 'ஆவணங்கள் தேவையான', 'PAN, GST'],
    ['a Telugu short question', 'te-IN', 'ఇన్వాయిస్ స్థితి', 'ఇన్వాయిస్ సారాంశాన్ని'],
  ])('tolerates %s (%s)', async (_, lang, question, expected) => {
    const [reply] = await ask(question, { lang });
    expect(reply!.text).toContain(expected);
  });

  it('follows button payloads: a topic lists its questions, a question gives its answer', async () => {
    const [topic] = await ask('/topic:orders');
    expect(topic!.buttons!.map((b) => b.title)).toContain('Where can I see my purchase orders?');
    const payload = topic!.buttons!.find((b) => b.title === 'Where can I see my purchase orders?')!.payload;
    const [answer] = await ask(payload);
    expect(answer!.text).toContain('Order Summary');
    expect(answer!.buttons).toEqual([{ title: 'Main menu', payload: CHAT_PAYLOADS.menu }]);
  });

  it('falls back with the menu and the callback offer when it does not understand', async () => {
    const [reply] = await ask('purple elephants dancing');
    expect(reply!.text).toContain('did not understand');
    expect(reply!.buttons!.at(-1)).toEqual({ title: 'Request a callback', payload: CHAT_PAYLOADS.callback });
  });

  it("tells a signed-in partner their own onboarding status, read through the server's API", async () => {
    const { username, partner } = await createPartnerUser(stack.db);
    const { token } = await signIn(stack.server, username);
    const [reply] = await ask('what is my onboarding status', { bearer: token });
    expect(reply!.text).toContain(partner.organizationName);
    expect(reply!.text).toContain('in progress');
    expect(reply!.text).toContain('Meridian Engineering & Construction');
    const [anonymous] = await ask('my status');
    expect(anonymous!.text).toContain('Please log in');
  });

  it('records a valid callback request as a partner query on the server, with the chat that led to it, and confirms it', async () => {
    const sender = newSender();
    await ask('/topic:registration', { sender });
    await ask(CHAT_PAYLOADS.callback, { sender });
    const [reply] = await ask('Asha Verma,Verma Steel,9876543210,asha@verma.in', { sender });
    expect(reply!.text).toMatch(/Thank you, Asha Verma\. We have noted your request \(reference PQ\d{7}\)/);
    const query = await stack.db.partnerQuery.findFirstOrThrow({ where: { partnerEmailId: 'asha@verma.in' } });
    expect(query).toMatchObject({
      source: 'CHATBOT',
      displayName: 'Asha Verma',
      companyName: 'Verma Steel',
      mobileNumber: '9876543210',
    });
    // Staff read the chat as it went: the visitor's buttons in words, the bot's answers.
    const lines = await stack.db.partnerQueryMessage.findMany({ where: { queryId: query.id }, orderBy: { id: 'asc' } });
    expect(lines.map((l) => l.author)).toEqual(['VISITOR', 'BOT', 'VISITOR', 'BOT', 'VISITOR']);
    expect(lines[0]!.text).toBe('Registration');
    expect(lines[2]!.text).toBe('Request a callback');
    expect(lines[4]!.text).toBe('Asha Verma,Verma Steel,9876543210,asha@verma.in');
  });

  it.each([
    ['Asha1,Verma Steel,9876543210,asha@verma.in', 'name'],
    ['Asha,Verma & Co,9876543210,asha@verma.in', 'company name'],
    ['Asha,Verma Steel,98765,asha@verma.in', 'mobile number'],
    ['Asha,Verma Steel,9876543210,@verma.in', 'e-mail'],
  ])('says which part of %j is wrong', async (text, part) => {
    const [reply] = await ask(text);
    expect(reply!.text).toContain(`Please check the ${part}`);
  });

  it('names the wrong part and its rule in Tamil and Telugu too', async () => {
    const [ta] = await ask('Asha,Verma Steel,98765,asha@verma.in', { lang: 'ta-IN' });
    expect(ta!.text).toBe('கைபேசி எண் ஐ சரிபார்க்கவும்: 0 இல் தொடங்காத சரியான 10 இலக்க கைபேசி எண்ணை உள்ளிடவும்');
    const [te] = await ask('Asha1,Verma Steel,9876543210,asha@verma.in', { lang: 'te-IN' });
    expect(te!.text).toBe('దయచేసి పేరు తనిఖీ చేయండి: అక్షరాలు మాత్రమే ఉపయోగించండి, గరిష్టంగా 100');
  });

  it('keeps the conversation in Postgres: a restarted gateway still knows the callback form is open', async () => {
    const sender = newSender();
    const before = await stack.newGateway();
    await ask(CHAT_PAYLOADS.callback, { sender, gateway: before });
    // A reply does not wait for its save; closing the gateway does.
    await before.close();
    const restarted = await stack.newGateway();
    const [reply] = await ask('Asha Verma,Verma Steel,9876543210', { sender, gateway: restarted });
    await restarted.close();
    expect(reply!.text).toContain('Please check the form');
    const stateless = await ask('Asha Verma,Verma Steel,9876543210');
    expect(stateless[0]!.text).not.toContain('Please check');
  });

  it('keeps every conversation of many visitors at once, and the later of two saves of one sender', async () => {
    // Saves that meet while one is written go together in one statement.
    const senders = Array.from({ length: 30 }, newSender);
    const gateway = await stack.newGateway();
    await Promise.all(senders.map((sender) => ask(CHAT_PAYLOADS.callback, { sender, gateway })));
    await gateway.close();
    const kept = await stack.db.chatConversation.findMany({ where: { sender: { in: senders } } });
    expect(kept.map((c) => [c.state, c.turns])).toEqual(senders.map(() => ['CALLBACK_FORM', 1]));

    const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
    const failures: unknown[] = [];
    const store = new ConversationStore(pool, (error) => failures.push(error));
    const [sender] = senders;
    const at = new Date('2026-11-29T06:00:00.000Z');
    const later = {
      language: 'en-IN' as const,
      state: null,
      turns: 3,
      transcript: [{ author: 'VISITOR' as const, text: 'b', at: at.toISOString() }],
    };
    store.save(newSender(), { ...later, turns: 1 }, at);
    store.save(sender!, { ...later, turns: 2 }, at);
    store.save(sender!, later, at);
    // Until it is committed, the sender's next message reads the latest save.
    expect(
      await store.get(sender!, {
        key: `chat:${newSender()}`,
        rule: RATE_LIMITS.chatMessagePerClient,
        now: at,
        message: MESSAGES.tooManyRequests,
      }),
    ).toEqual(later);
    await store.flush();
    await pool.end();
    expect(failures).toEqual([]);
    const row = await stack.db.chatConversation.findUniqueOrThrow({ where: { sender: sender! } });
    expect(row).toMatchObject({ state: null, turns: 3, transcript: later.transcript, lastMessageAt: at });
  });

  it('reads conversations by their index however the table has grown since the gateway started', async () => {
    // As on a new database: no conversation yet, and the table analysed so (the demo set's load does).
    await stack.db.$executeRawUnsafe('TRUNCATE "ChatConversation"');
    await stack.db.$executeRawUnsafe('ANALYZE "ChatConversation"');
    const pool = gatewayPool(stack.databaseUrl, 1);
    const store = new ConversationStore(pool, () => undefined);
    const read = () =>
      store.get(newSender(), {
        key: `chat:${newSender()}`,
        rule: RATE_LIMITS.chatMessagePerClient,
        now: new Date(),
        message: MESSAGES.tooManyRequests,
      });
    /** Rows of ChatConversation read by scanning it, as the gateway's connection has reported them. */
    const scanned = async () => {
      await pool.query('SELECT pg_stat_force_next_flush()');
      const [stats] = await stack.db.$queryRawUnsafe<{ read: bigint }[]>(
        `SELECT seq_tup_read AS read FROM pg_stat_user_tables WHERE relname = 'ChatConversation'`,
      );
      return Number(stats!.read);
    };
    // More runs than PostgreSQL plans a named statement for before it may keep one plan.
    for (let i = 0; i < 8; i++) await read();
    await stack.db.$executeRawUnsafe(
      `INSERT INTO "ChatConversation" ("sender", "language", "turns", "transcript", "lastMessageAt", "createdAt")
       SELECT 'grown-' || n, 'en-IN', 1, '[]', now(), now() FROM generate_series(1, 20000) n`,
    );
    const before = await scanned();
    expect(await read()).toBeNull();
    expect((await scanned()) - before).toBe(0);
    await pool.end();
  });

  it('answers 400 for a bad body or language, never 500', async () => {
    for (const payload of [
      {},
      { sender: 'x' },
      { sender: 'x', message: '   ' },
      { sender: 'x', message: 'a'.repeat(501) },
      { sender: 'x', message: 'hi', extra: 1 },
      { sender: 'x\u0000', message: 'hi' },
    ]) {
      const res = await stack.gateway.inject({ method: 'POST', url: BOT_URL, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().errorCode).toBe(400);
    }
    const lang = await stack.gateway.inject({
      method: 'POST',
      url: BOT_URL,
      headers: { lang: 'xx' },
      payload: { sender: 'x', message: 'hi' },
    });
    expect(lang.statusCode).toBe(400);
  });
});

describe('what an anonymous visitor can make the chat write', () => {
  const CALLBACK = 'Asha Verma,Verma Steel,9876543210,asha@verma.in';

  it(`answers ${RATE_LIMITS.chatMessagePerClient.limit} messages a minute per client, then 429 in the envelope`, async () => {
    const client = '127.0.0.61';
    for (let i = 0; i < RATE_LIMITS.chatMessagePerClient.limit; i++) await ask('hello', { client });
    const over = await stack.gateway.inject({
      method: 'POST',
      url: BOT_URL,
      headers: { 'x-forwarded-for': client },
      payload: { sender: newSender(), message: 'hello' },
    });
    expect(over.statusCode).toBe(429);
    expect(over.json<ErrorBody>()).toMatchObject({ response: null, errorCode: 429, failureMessage: MESSAGES.tooManyRequests(1) });
    // Another visitor is not held up.
    expect((await ask('hello', { client: '127.0.0.62' }))[0]!.text).toContain('Guru');
  });

  it('counts messages that arrive together one after the other: those past the limit are refused, others read their conversation', async () => {
    // Reads that meet go to the database as one statement; the counts must come out as one by one.
    const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
    const failures: unknown[] = [];
    const store = new ConversationStore(pool, (error) => failures.push(error));
    const now = new Date('2026-11-29T07:00:30.000Z');
    const hit = (key: string) => ({ key, rule: { limit: 3, windowMs: 60_000 }, now, message: MESSAGES.tooManyRequests });
    const known = newSender();
    const transcript = [{ author: 'VISITOR' as const, text: 'hello', at: now.toISOString() }];
    store.save(known, { language: 'en-IN', state: 'CALLBACK_FORM', turns: 2, transcript }, now);
    await store.flush();
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 5 }, (_, i) => store.get(i === 1 ? known : newSender(), hit('chat:test-burst'))),
      store.get(known, hit('chat:test-other')),
    ]);
    await pool.end();
    expect(failures).toEqual([]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toEqual({
      status: 'fulfilled',
      value: { language: 'en-IN', state: 'CALLBACK_FORM', turns: 2, transcript },
    });
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: null });
    expect(outcomes[5]).toEqual(outcomes[1]);
    expect((outcomes[3] as PromiseRejectedResult).reason).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const counted = await stack.db.rateLimitBucket.findMany({
      where: { key: { startsWith: 'chat:test-' } },
      orderBy: { key: 'asc' },
    });
    expect(counted.map((c) => [c.key, c.count])).toEqual([
      ['chat:test-burst', 5],
      ['chat:test-other', 1],
    ]);
  });

  it(`records ${RATE_LIMITS.chatCallbackPerClient.limit} callback requests an hour per client, then says so and writes nothing`, async () => {
    const client = '127.0.0.63';
    const before = await stack.db.partnerQuery.count();
    for (let i = 0; i < RATE_LIMITS.chatCallbackPerClient.limit; i++) {
      expect((await ask(CALLBACK, { client }))[0]!.text).toMatch(/reference PQ\d{7}/);
    }
    const [limited] = await ask(CALLBACK, { client });
    expect(limited!.text).toContain('already asked us to call you back');
    expect(await stack.db.partnerQuery.count()).toBe(before + RATE_LIMITS.chatCallbackPerClient.limit);
  });

  it("links a callback to a partner only when that partner is signed in, not for typing the partner's e-mail", async () => {
    const { username, user, partner } = await createPartnerUser(stack.db);
    const request = `Asha Verma,Verma Steel,9876543210,${user.email}`;
    const reference = (text: string) => text.match(/PQ\d{7}/)![0];
    const anonymous = reference((await ask(request))[0]!.text);
    const session = await signIn(stack.server, username);
    const signedIn = reference((await ask(request, { bearer: session.token }))[0]!.text);
    const rows = await stack.db.partnerQuery.findMany({ where: { referenceNumber: { in: [anonymous, signedIn] } } });
    expect(Object.fromEntries(rows.map((r) => [r.referenceNumber, r.partnerId]))).toEqual({
      [anonymous]: null,
      [signedIn]: partner.id,
    });
  });

  it('forgets conversations idle for longer than the limit, and the sender starts over', async () => {
    const idle = newSender();
    const recent = newSender();
    const gateway = await stack.newGateway();
    await ask(CHAT_PAYLOADS.callback, { sender: idle, gateway });
    await ask(CHAT_PAYLOADS.callback, { sender: recent, gateway });
    await gateway.close();
    const now = new Date();
    await stack.db.chatConversation.update({
      where: { sender: idle },
      data: { lastMessageAt: new Date(now.getTime() - CHAT_CONVERSATION_IDLE_MS - 1000) },
    });
    const pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 1 });
    expect(await new ConversationStore(pool, () => undefined).pruneIdle(now, CHAT_CONVERSATION_IDLE_MS)).toBeGreaterThanOrEqual(
      1,
    );
    await pool.end();
    expect(await stack.db.chatConversation.findUnique({ where: { sender: idle } })).toBeNull();
    expect(await stack.db.chatConversation.findUnique({ where: { sender: recent } })).not.toBeNull();
    // The forgotten sender's open callback form is gone: a bare form is read as a new question.
    const [reply] = await ask('Asha Verma,Verma Steel,9876543210', { sender: idle });
    expect(reply!.text).not.toContain('Please check');
  });
});
