import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  VOICE_ENGINE_SAMPLE_RATE_HZ,
  VOICE_SOCKET_PATH,
  chatLanguageSchema,
  isAllowedOrigin,
  say,
  type ChatLanguage,
  type Text,
  type TextKey,
  type TextParams,
  TEXTS,
} from '@pp/contract';
import { errorBody, socketLanguage } from '@pp/platform';
import { RecognitionBusyError, type RecognitionPool } from './recognition-pool.ts';
import { Resampler } from './resampler.ts';

/** Bounds of one voice session, and of all of them together. */
export const VOICE_LIMITS = {
  maxFrameBytes: 64 * 1024,
  maxControlBytes: 1024,
  maxSpeechSeconds: 20,
  maxSessionMs: 60_000,
  /** A socket that sends nothing for this long is closed. */
  idleMs: 15_000,
  /** Open sockets per client address, and in all. */
  maxSocketsPerClient: 4,
  maxSockets: 200,
  /** New audio (in seconds) between partial results. */
  partialEverySeconds: 1,
};

/** WebSocket close code 1013, "try again later". */
const CLOSE_TRY_AGAIN = 1013;

const startSchema = z.object({
  type: z.literal('start'),
  lang: chatLanguageSchema,
  sampleRate: z.number().int().min(8000).max(96000),
});
const controlSchema = z.union([startSchema, z.object({ type: z.literal('stop') })]);

interface Session {
  language: ChatLanguage;
  resampler: Resampler;
  /** 16 kHz audio so far. */
  chunks: Int16Array[];
  samples: number;
  partialAt: number;
  busy: boolean;
}

/** An error says its text in the page's language, with the catalogue key and parameters beside it. */
type Outgoing =
  { type: 'partial' | 'final'; text: string } | { type: 'error'; message: string; key: TextKey; params?: TextParams };

/**
 * The voice WebSocket (spec section 7): {"type":"start","lang","sampleRate"}, then binary frames of
 * 16-bit little-endian mono PCM, then {"type":"stop"}; answers partial and final text, or errors
 * in plain words. Audio is resampled to 16 kHz for the recogniser as it arrives.
 */
export default async function voiceRoutes(
  app: FastifyInstance,
  opts: { recognizer: RecognitionPool | null; allowedOrigins: string[]; limits?: Partial<typeof VOICE_LIMITS> },
) {
  // Tests shorten the waits.
  const limits = { ...VOICE_LIMITS, ...opts.limits };
  // A page of another site must not open the socket (ASVS 5 4.4.2): refused before the upgrade.
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isAllowedOrigin(request.headers.origin, opts.allowedOrigins))
      await reply.code(403).send(errorBody(403, say(TEXTS.voiceOriginRefused, socketLanguage(request))));
  };
  /** Open sockets per client address. */
  const open = new Map<string, number>();
  let openTotal = 0;

  app.get(VOICE_SOCKET_PATH, { websocket: true, preValidation }, (socket: WebSocket, request: FastifyRequest) => {
    const send = (message: Outgoing) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
    const language = socketLanguage(request);
    const refuse = (text: Text) => send({ type: 'error', message: say(text, language), ...text });
    // Over a cap the socket is told why and closed; through the server's proxy a refused upgrade
    // would only reach the page as a lost connection.
    const client = request.ip;
    const mine = open.get(client) ?? 0;
    if (mine >= limits.maxSocketsPerClient || openTotal >= limits.maxSockets) {
      refuse(mine >= limits.maxSocketsPerClient ? TEXTS.voiceTooManySockets : TEXTS.voiceBusy);
      socket.close(CLOSE_TRY_AGAIN);
      return;
    }
    open.set(client, mine + 1);
    openTotal++;

    let session: Session | null = null;
    const lifetime = setTimeout(() => {
      refuse(TEXTS.voiceSessionOver(limits.maxSessionMs / 1000));
      socket.close(1000);
    }, limits.maxSessionMs);
    let idle: NodeJS.Timeout;
    const stillThere = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        refuse(TEXTS.voiceIdle(limits.idleMs / 1000));
        socket.close(1000);
      }, limits.idleMs);
    };
    stillThere();
    socket.on('close', () => {
      clearTimeout(lifetime);
      clearTimeout(idle);
      openTotal--;
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });

    const audio = (s: Session) => {
      const all = new Int16Array(s.samples);
      let at = 0;
      for (const c of s.chunks) {
        all.set(c, at);
        at += c.length;
      }
      return all;
    };

    /** Recognises the audio so far; `anyNew` runs on any new audio instead of a whole step's worth. */
    const partial = (anyNew = false) => {
      const s = session;
      const step = anyNew ? 1 : limits.partialEverySeconds * VOICE_ENGINE_SAMPLE_RATE_HZ;
      if (!s || s.busy || !opts.recognizer || s.samples - s.partialAt < step) return;
      const running = opts.recognizer.partial(audio(s), s.language);
      // Every worker busy: no partial this time; the final text waits its turn.
      if (!running) return;
      s.busy = true;
      s.partialAt = s.samples;
      running
        .then((text) => text && session === s && send({ type: 'partial', text }))
        .catch((error: unknown) => app.log.warn({ err: error }, 'partial recognition failed'))
        .finally(() => {
          s.busy = false;
          // Audio that arrived meanwhile gets its own pass, so a fast sender still sees partials.
          if (session === s) partial(true);
        });
    };

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      stillThere();
      if (isBinary) {
        if (!session) return refuse(TEXTS.voiceStartFirst);
        if (data.length % 2 !== 0) return refuse(TEXTS.voiceOddBytes);
        const pcm = new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
        const resampled = session.resampler.processInt16(pcm);
        session.chunks.push(resampled);
        session.samples += resampled.length;
        if (session.samples > limits.maxSpeechSeconds * VOICE_ENGINE_SAMPLE_RATE_HZ) {
          session = null;
          return refuse(TEXTS.voiceTooLong(limits.maxSpeechSeconds));
        }
        return partial();
      }
      if (data.length > limits.maxControlBytes) return refuse(TEXTS.voiceControlTooBig);
      let control: z.infer<typeof controlSchema>;
      try {
        const parsed = controlSchema.safeParse(JSON.parse(data.toString('utf8')));
        if (!parsed.success)
          throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; '));
        control = parsed.data;
      } catch (error) {
        return refuse(TEXTS.voiceMalformed(error instanceof Error ? error.message : String(error)));
      }
      if (control.type === 'start') {
        if (!opts.recognizer) return refuse(TEXTS.voiceNoEngine);
        if (!opts.recognizer.supports(control.lang)) {
          return refuse(TEXTS.voiceLanguageUnsupported(control.lang));
        }
        session = {
          language: control.lang,
          resampler: new Resampler(control.sampleRate, VOICE_ENGINE_SAMPLE_RATE_HZ),
          chunks: [],
          samples: 0,
          partialAt: 0,
          busy: false,
        };
        return;
      }
      const s = session;
      session = null;
      if (!s) return refuse(TEXTS.voiceNothingToStop);
      // Waiting for its turn in the pool is not idleness.
      clearTimeout(idle);
      opts
        .recognizer!.final(audio(s), s.language)
        .then((text) => send({ type: 'final', text }))
        .catch((error: unknown) => {
          if (error instanceof RecognitionBusyError) return refuse(TEXTS.voiceBusy);
          app.log.error({ err: error }, 'recognition failed');
          refuse(TEXTS.voiceNotRecognised);
        })
        .finally(() => socket.readyState === socket.OPEN && stillThere());
    });
  });
}
