import type { FastifyInstance } from 'fastify';
import { TEXTS, gatewayApi } from '@pp/contract';
import { Unavailable, addRoute } from '@pp/platform';
import { TtsBusyError, type TtsEngine } from './tts-engine.ts';

/** Seconds a client is asked to wait when the speech queue is full. */
const BUSY_RETRY_AFTER_S = 5;

export default async function ttsRoutes(app: FastifyInstance, opts: { engine: TtsEngine }) {
  addRoute(app, gatewayApi.tts, async ({ body, headers }) => {
    try {
      const mp3 = await opts.engine.speak(body.textmessage, headers.lang);
      return { response: mp3, failureMessage: null, mimeType: 'audio/mpeg' as const };
    } catch (error) {
      if (error instanceof TtsBusyError) throw Unavailable(TEXTS.speechBusy, BUSY_RETRY_AFTER_S);
      throw error;
    }
  });
}
