import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import {
  VOICE_ENGINE_SAMPLE_RATE_HZ,
  VOICE_MESSAGES,
  VOICE_SOCKET_PATH,
  chatLanguageSchema,
  isAllowedOrigin,
  type ChatLanguage,
} from '@pp/contract';
import { errorBody } from '@pp/platform';
import type { Recognizer } from './recognizer.ts';
import { Resampler } from './resampler.ts';

/** Bounds of one voice session. */
export const VOICE_LIMITS = {
  maxFrameBytes: 64 * 1024,
  maxControlBytes: 1024,
  maxSpeechSeconds: 20,
  maxSessionMs: 60_000,
  /** New audio (in seconds) between partial results. */
  partialEverySeconds: 1,
};

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

type Outgoing = { type: 'partial' | 'final'; text: string } | { type: 'error'; message: string };

/**
 * The voice WebSocket (spec section 7): {"type":"start","lang","sampleRate"}, then binary frames of
 * 16-bit little-endian mono PCM, then {"type":"stop"}; answers partial and final text, or errors
 * in plain words. Audio is resampled to 16 kHz for the recogniser as it arrives.
 */
export default async function voiceRoutes(
  app: FastifyInstance,
  opts: { recognizer: Recognizer | null; allowedOrigins: string[] },
) {
  // A page of another site must not open the socket (ASVS 5 4.4.2): refused before the upgrade.
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isAllowedOrigin(request.headers.origin, opts.allowedOrigins))
      await reply.code(403).send(errorBody(403, VOICE_MESSAGES.originRefused));
  };
  app.get(VOICE_SOCKET_PATH, { websocket: true, preValidation }, (socket: WebSocket) => {
    const send = (message: Outgoing) => socket.readyState === socket.OPEN && socket.send(JSON.stringify(message));
    let session: Session | null = null;
    const lifetime = setTimeout(() => {
      send({ type: 'error', message: VOICE_MESSAGES.sessionOver(VOICE_LIMITS.maxSessionMs / 1000) });
      socket.close(1000);
    }, VOICE_LIMITS.maxSessionMs);
    socket.on('close', () => clearTimeout(lifetime));

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
      const step = anyNew ? 1 : VOICE_LIMITS.partialEverySeconds * VOICE_ENGINE_SAMPLE_RATE_HZ;
      if (!s || s.busy || !opts.recognizer || s.samples - s.partialAt < step) return;
      s.busy = true;
      s.partialAt = s.samples;
      opts.recognizer
        .recognize(audio(s), s.language, { grammarOnly: true })
        .then((text) => text && session === s && send({ type: 'partial', text }))
        .catch((error: unknown) => app.log.warn({ err: error }, 'partial recognition failed'))
        .finally(() => {
          s.busy = false;
          // Audio that arrived meanwhile gets its own pass, so a fast sender still sees partials.
          if (session === s) partial(true);
        });
    };

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (isBinary) {
        if (!session) return send({ type: 'error', message: VOICE_MESSAGES.startFirst });
        if (data.length % 2 !== 0) return send({ type: 'error', message: VOICE_MESSAGES.oddBytes });
        const pcm = new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
        const resampled = session.resampler.processInt16(pcm);
        session.chunks.push(resampled);
        session.samples += resampled.length;
        if (session.samples > VOICE_LIMITS.maxSpeechSeconds * VOICE_ENGINE_SAMPLE_RATE_HZ) {
          session = null;
          return send({ type: 'error', message: VOICE_MESSAGES.tooLong(VOICE_LIMITS.maxSpeechSeconds) });
        }
        return partial();
      }
      if (data.length > VOICE_LIMITS.maxControlBytes) return send({ type: 'error', message: VOICE_MESSAGES.controlTooBig });
      let control: z.infer<typeof controlSchema>;
      try {
        const parsed = controlSchema.safeParse(JSON.parse(data.toString('utf8')));
        if (!parsed.success)
          throw new Error(parsed.error.issues.map((i) => `${i.path.join('.') || 'message'}: ${i.message}`).join('; '));
        control = parsed.data;
      } catch (error) {
        return send({ type: 'error', message: VOICE_MESSAGES.malformed(error instanceof Error ? error.message : String(error)) });
      }
      if (control.type === 'start') {
        if (!opts.recognizer) return send({ type: 'error', message: VOICE_MESSAGES.noEngine });
        if (!opts.recognizer.supports(control.lang)) {
          return send({ type: 'error', message: VOICE_MESSAGES.languageUnsupported(control.lang) });
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
      if (!s) return send({ type: 'error', message: VOICE_MESSAGES.nothingToStop });
      opts
        .recognizer!.recognize(audio(s), s.language)
        .then((text) => send({ type: 'final', text }))
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'recognition failed');
          send({ type: 'error', message: VOICE_MESSAGES.notRecognised });
        });
    });
  });
}
