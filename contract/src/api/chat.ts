import { z } from 'zod';
import { CHAT_LANGUAGE_HEADER, CHAT_LANGUAGES, CHAT_MESSAGE_MAX_CHARS, TTS_MAX_CHARS } from '../constants.ts';
import { GATEWAY_PREFIX, endpoint } from '../endpoint.ts';

/** Gateway calls (spec section 7), under /chatbot; the bot speaks Rasa's REST-channel shape. */
export const chatLanguageSchema = z.enum(CHAT_LANGUAGES);

export const botRequestSchema = z
  .object({
    /** Encoded id unique to the browser session. */
    sender: z.string().trim().min(1).max(200),
    /** Typed text (trimmed) or a button payload. */
    message: z.string().trim().min(1, { error: 'validation.required' }).max(CHAT_MESSAGE_MAX_CHARS),
  })
  .strict();
export type BotRequest = z.infer<typeof botRequestSchema>;

export const botButtonSchema = z.object({ title: z.string(), payload: z.string() });
export const botMessageSchema = z.object({
  recipient_id: z.string(),
  text: z.string(),
  buttons: z.array(botButtonSchema).optional(),
});
export const botReplySchema = z.array(botMessageSchema);
export type BotMessage = z.infer<typeof botMessageSchema>;

export const ttsRequestSchema = z
  .object({ textmessage: z.string().trim().min(1, { error: 'validation.required' }).max(TTS_MAX_CHARS) })
  .strict();

export const ttsResponseSchema = z.object({
  /** Base64 MP3 (spec section 7). */
  response: z.string(),
  failureMessage: z.null(),
  mimeType: z.literal('audio/mpeg'),
});

/** The chat's language header (en-IN when absent); other headers pass untouched. */
export const chatHeadersSchema = z.looseObject({
  [CHAT_LANGUAGE_HEADER]: z.enum(CHAT_LANGUAGES, { error: `must be one of ${CHAT_LANGUAGES.join(', ')}` }).default('en-IN'),
});

/** The gateway's health answer (its own shape, as load balancers read it). */
export const gatewayHealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  service: z.literal('gateway'),
  /** Conversations and limits live in the database: without it the chat cannot answer. */
  database: z.enum(['up', 'down']),
});

/** The gateway's HTTP calls (spec section 7), under /chatbot; served by the gateway, proxied by the server. */
export const gatewayApi = {
  health: endpoint({
    prefix: GATEWAY_PREFIX,
    method: 'GET',
    path: '/health',
    summary: 'Liveness and database check of the gateway (503 when the database is down)',
    tags: ['chat'],
    access: 'public',
    response: gatewayHealthSchema,
  }),
  bot: endpoint({
    prefix: GATEWAY_PREFIX,
    method: 'POST',
    path: '/api/bot',
    summary: "The chat bot's reply (Rasa REST shape); a partner's bearer lets it answer about their own status",
    tags: ['chat'],
    access: 'public',
    headers: chatHeadersSchema,
    body: botRequestSchema,
    response: botReplySchema,
  }),
  tts: endpoint({
    prefix: GATEWAY_PREFIX,
    method: 'POST',
    path: '/api/bot/texttospeech',
    summary: 'A text read aloud in the chat language, as base64 MP3',
    tags: ['chat'],
    access: 'public',
    headers: chatHeadersSchema,
    body: ttsRequestSchema,
    response: ttsResponseSchema,
  }),
};

/** The voice WebSocket (not an HTTP call: start / binary PCM / stop → partial / final / error). */
export const VOICE_SOCKET_PATH = `${GATEWAY_PREFIX}/api/voice`;
/**
 * The page's language on the socket's address (`?language=hi`): a page cannot give a WebSocket's
 * upgrade headers, and the browser's Accept-Language is not the language the reader chose.
 */
export const VOICE_LANGUAGE_PARAM = 'language';
