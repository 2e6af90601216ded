import { describe, expect, it } from 'vitest';
import { INVALID_INPUT_KEY, endpointUrl, gatewayApi, TTS_MAX_CHARS } from '@pp/contract';
import { buildTestStack } from '../test/gateway.ts';
import { parseMp3 } from './mp3-frames.ts';

const BOT_URL = endpointUrl(gatewayApi.bot);
const TTS_URL = endpointUrl(gatewayApi.tts);

const { gateway: app } = await buildTestStack();

const speak = (textmessage: unknown, lang?: string) =>
  app.inject({ method: 'POST', url: TTS_URL, headers: lang ? { lang } : {}, payload: { textmessage } }).then((res) => ({
    statusCode: res.statusCode,
    json: () => res.json<{ response: string; failureMessage: string | null; mimeType?: string }>(),
  }));

const SENTENCES = {
  'en-IN': [
    'Hello.',
    'Registration takes four steps: your company details, your contact details, your business profile and your login credentials.',
  ],
  'hi-IN': ['नमस्ते।', 'पंजीकरण में चार चरण होते हैं: कंपनी का विवरण, संपर्क विवरण, व्यवसाय प्रोफ़ाइल और लॉगिन विवरण।'],
  'ta-IN': ['வணக்கம்.', 'பதிவு செய்ய நான்கு படிகள் உள்ளன: நிறுவன விவரங்கள், தொடர்பு விவரங்கள், வணிக விவரம் மற்றும் உள்நுழைவு விவரங்கள்.'],
  'te-IN': ['నమస్కారం.', 'నమోదుకు నాలుగు దశలు ఉన్నాయి: సంస్థ వివరాలు, సంప్రదింపు వివరాలు, వ్యాపార ప్రొఫైల్ మరియు లాగిన్ వివరాలు.'],
} as const;

describe('POST /chatbot/api/bot/texttospeech', () => {
  for (const [lang, [short, long]] of Object.entries(SENTENCES)) {
    it(`speaks ${lang} as valid MP3 whose length follows the text`, async () => {
      const a = await speak(short, lang);
      const b = await speak(long, lang);
      expect(a.statusCode).toBe(200);
      expect(a.json()).toMatchObject({ failureMessage: null, mimeType: 'audio/mpeg' });
      const shortMp3 = parseMp3(Buffer.from(a.json().response, 'base64'));
      const longMp3 = parseMp3(Buffer.from(b.json().response, 'base64'));
      expect(shortMp3.sampleRate).toBe(22050);
      expect(shortMp3.durationSeconds).toBeGreaterThan(0.3);
      expect(longMp3.durationSeconds).toBeGreaterThan(shortMp3.durationSeconds * 3);
      expect(longMp3.durationSeconds).toBeLessThan(30);
    }, 30_000);
  }

  it.each([
    [{}, 'textmessage: This field is required'],
    ['   ', 'textmessage: This field is required'],
    [42, 'textmessage: Expected string'],
    ['x'.repeat(TTS_MAX_CHARS + 1), `textmessage: Must be at most ${TTS_MAX_CHARS} characters long`],
  ])('answers 400 for %j', async (textmessage, message) => {
    const res = await app.inject({
      method: 'POST',
      url: TTS_URL,
      payload: typeof textmessage === 'object' ? textmessage : { textmessage },
    });
    expect(res.statusCode).toBe(400);
    const [field, text] = message.split(': ');
    expect(res.json()).toEqual({
      response: null,
      failureMessage: message,
      errorCode: 400,
      errorKey: INVALID_INPUT_KEY,
      fieldErrors: [{ field, message: text }],
    });
  });

  it('never holds up bot replies: a chat answer arrives while a long synthesis is still running', async () => {
    const long = 'Registration takes four steps and then you verify your mobile number. '.repeat(13).slice(0, TTS_MAX_CHARS);
    let speechDone = false;
    const speechCall = speak(long, 'en-IN').then((res) => {
      speechDone = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 50));
    const bot = await app.inject({ method: 'POST', url: BOT_URL, payload: { sender: 'tts-test', message: 'hello' } });
    expect(bot.statusCode).toBe(200);
    expect(speechDone).toBe(false);
    expect((await speechCall).statusCode).toBe(200);
  }, 30_000);

  it('answers 400 for an unknown language', async () => {
    const res = await speak('hello', 'fr-FR');
    expect(res.statusCode).toBe(400);
    expect(res.json().failureMessage).toBe('lang: must be one of en-IN, hi-IN, ta-IN, te-IN');
  });
});
