/**
 * Chat figures: bot reply time (median and p95) with 50 senders talking at once, and text-to-speech
 * time for a 20-word sentence per language. Runs its own embedded Postgres, API server and gateway
 * on loopback. Run: npm run bench:chat
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpointUrl, gatewayApi } from '@pp/contract';
import { buildGateway, loadGatewayConfig } from '@pp/gateway';
import { seed } from '@pp/db/seed';
import { buildApp, loadConfig } from '@pp/server';
import { createDb } from '@pp/db';
import { migrate } from '@pp/db/migrator';
import { startEmbeddedPostgres } from '@pp/db/embedded';
import { percentile } from './lib/bench.ts';

const BOT_URL = endpointUrl(gatewayApi.bot);
const TTS_URL = endpointUrl(gatewayApi.tts);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SENDERS = 50;
const MESSAGES_PER_SENDER = 20;
const QUESTIONS = [
  'hello',
  'how do i regster as a partner',
  'which documents do I need',
  'when will I get paid',
  '/topic:orders',
  '/faq:7',
  'raise a complaint',
  'purple elephants',
];
const SENTENCES: Record<string, string> = {
  'en-IN':
    'Registration takes four short steps and then you verify your mobile number and your e-mail address before you log in to the portal.',
  'hi-IN': 'पंजीकरण में चार छोटे चरण होते हैं और फिर आप लॉगिन करने से पहले अपना मोबाइल नंबर और ई-मेल पता सत्यापित करते हैं।',
  'ta-IN': 'பதிவு செய்ய நான்கு சிறிய படிகள் உள்ளன, பின்னர் உள்நுழைவதற்கு முன் உங்கள் கைபேசி எண்ணையும் மின்னஞ்சல் முகவரியையும் சரிபார்க்க வேண்டும்.',
  'te-IN': 'నమోదుకు నాలుగు చిన్న దశలు ఉన్నాయి, ఆ తర్వాత లాగిన్ అయ్యే ముందు మీ మొబైల్ నంబర్ మరియు ఇ-మెయిల్ చిరునామాను ధృవీకరించాలి.',
};

const database = await startEmbeddedPostgres({
  dataDir: path.join(root, '.data/bench-chat'),
  port: 5534,
  databaseName: 'bench',
  persistent: false,
});
await migrate(database.url);
const db = createDb(database.url);
await seed(db);
const server = await buildApp(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent', WEB_DIST_DIR: '/none' }), {
  db,
  logger: false,
});
await server.listen({ host: '127.0.0.1', port: 0 });
const serverUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
const gateway = await buildGateway(
  loadGatewayConfig({ DATABASE_URL: database.url, SERVER_URL: serverUrl, LOG_LEVEL: 'silent' }),
  { logger: false },
);
await gateway.listen({ host: '127.0.0.1', port: 0 });
const gatewayUrl = `http://127.0.0.1:${(gateway.server.address() as AddressInfo).port}`;

try {
  const times: number[] = [];
  const wall = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async (_, s) => {
      for (let i = 0; i < MESSAGES_PER_SENDER; i++) {
        const started = performance.now();
        const res = await fetch(`${gatewayUrl}${BOT_URL}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', lang: 'en-IN' },
          body: JSON.stringify({ sender: `bench-${s}`, message: QUESTIONS[(s + i) % QUESTIONS.length] }),
        });
        await res.json();
        if (!res.ok) throw new Error(`bot answered ${res.status}`);
        times.push(performance.now() - started);
      }
    }),
  );
  const elapsed = (performance.now() - wall) / 1000;
  times.sort((a, b) => a - b);
  console.log(
    `Bot: ${times.length} replies to ${SENDERS} concurrent senders in ${elapsed.toFixed(1)} s (${(times.length / elapsed).toFixed(0)}/s)`,
  );
  console.log(
    `  reply time median ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
  );

  console.log('Text-to-speech, 20-word sentence (median of 5, after one warm-up):');
  for (const [lang, text] of Object.entries(SENTENCES)) {
    const runs: number[] = [];
    for (let i = 0; i < 6; i++) {
      const started = performance.now();
      const res = await fetch(`${gatewayUrl}${TTS_URL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang },
        body: JSON.stringify({ textmessage: text }),
      });
      const body = (await res.json()) as { response: string };
      if (!res.ok) throw new Error(`tts answered ${res.status}`);
      if (i > 0) runs.push(performance.now() - started);
      if (i === 5)
        console.log(
          `  ${lang}: ${percentile(
            runs.sort((a, b) => a - b),
            50,
          ).toFixed(0)} ms (${Math.round((body.response.length * 3) / 4 / 1024)} KiB of MP3)`,
        );
    }
  }
} finally {
  await gateway.close();
  await server.close();
  await db.$disconnect();
  await database.stop();
}
