import type { FastifyInstance } from 'fastify';
import { CHAT_PATHS, ttsRequestSchema } from '@pp/contract';
import { languageOf, parseBody, sendError } from '../http.ts';
import { TtsBusyError, type TtsEngine } from './tts-engine.ts';

export default async function ttsRoutes(app: FastifyInstance, opts: { engine: TtsEngine }) {
  app.post(CHAT_PATHS.tts, async (request, reply) => {
    const language = languageOf(request);
    const { textmessage } = parseBody(ttsRequestSchema, request);
    try {
      const mp3 = await opts.engine.speak(textmessage, language);
      return { response: mp3, failureMessage: null, mimeType: 'audio/mpeg' };
    } catch (error) {
      if (error instanceof TtsBusyError)
        return sendError(reply.header('Retry-After', '5'), 503, 'Speech synthesis is busy; please try again shortly.');
      request.log.error({ err: error }, 'speech synthesis failed');
      return sendError(reply, 500, 'Speech synthesis failed.');
    }
  });
}
