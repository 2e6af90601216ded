import { describe, expect, it } from 'vitest';
import { CHAT_PAYLOADS, endpointUrl, gatewayApi, type BotMessage, type ErrorBody } from '@pp/contract';
import { createPartnerUser, signIn, withReferenceData } from '@pp/testing';
import { buildTestStack } from '../test/gateway.ts';

const BOT_URL = endpointUrl(gatewayApi.bot);

const stack = await buildTestStack();
await withReferenceData(stack.db);

let senders = 0;
const newSender = () => `sender-${Date.now()}-${++senders}`;

async function ask(
  message: string,
  options: { lang?: string; sender?: string; bearer?: string; gateway?: typeof stack.gateway } = {},
) {
  const res = await (options.gateway ?? stack.gateway).inject({
    method: 'POST',
    url: BOT_URL,
    headers: {
      ...(options.lang ? { lang: options.lang } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
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

  it('records a valid callback request as a partner query on the server and confirms it', async () => {
    const sender = newSender();
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
    await ask(CHAT_PAYLOADS.callback, { sender });
    const restarted = await stack.newGateway();
    const [reply] = await ask('Asha Verma,Verma Steel,9876543210', { sender, gateway: restarted });
    await restarted.close();
    expect(reply!.text).toContain('Please check the form');
    const stateless = await ask('Asha Verma,Verma Steel,9876543210');
    expect(stateless[0]!.text).not.toContain('Please check');
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
