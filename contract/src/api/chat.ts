import { z } from 'zod';
import { CHAT_LANGUAGES, CHAT_MESSAGE_MAX_CHARS, TTS_MAX_CHARS } from '../constants.ts';

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

export const CHAT_PATHS = {
  bot: '/chatbot/api/bot',
  tts: '/chatbot/api/bot/texttospeech',
  voice: '/chatbot/api/voice',
} as const;
