/** The local SMTP sink as its own process (`npm start` runs it; compose runs it as a service). */
import { z } from 'zod';
import { createDb } from '@pp/db';
import { closeOnStop } from '@pp/platform';
import { startSmtpSink } from '@pp/server';

const env = z
  .object({
    DATABASE_URL: z.string().min(1),
    SMTP_SINK_HOST: z.string().default('127.0.0.1'),
    SMTP_SINK_PORT: z.coerce.number().int().default(2525),
  })
  .parse(process.env);

const db = createDb(env.DATABASE_URL, { max: 2 });
const sink = await startSmtpSink({ db, host: env.SMTP_SINK_HOST, port: env.SMTP_SINK_PORT, log: (m) => console.error(m) });
console.log(`[smtp-sink] listening on ${env.SMTP_SINK_HOST}:${sink.port}`);

closeOnStop(() => sink.close().finally(() => db.$disconnect()));
