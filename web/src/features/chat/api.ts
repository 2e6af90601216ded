import {
  CHAT_LANGUAGE_HEADER,
  gatewayApi,
  CHAT_REQUEST_TIMEOUT_MS,
  TTS_REQUEST_TIMEOUT_MS,
  encryptId,
  type BotMessage,
  type ChatLanguage,
} from '@pp/contract';
import { call } from '../../api/client.ts';

const SENDER_KEY = 'chatSender';

/** An encoded id unique to this browser session (spec section 3), kept for the tab's life. */
export function chatSender(): string {
  let sender = sessionStorage.getItem(SENDER_KEY);
  if (!sender) {
    sender = encryptId(crypto.randomUUID());
    sessionStorage.setItem(SENDER_KEY, sender);
  }
  return sender;
}

export function askBot(message: string, language: ChatLanguage): Promise<BotMessage[]> {
  return call(
    gatewayApi.bot,
    { body: { sender: chatSender(), message } },
    { headers: { [CHAT_LANGUAGE_HEADER]: language }, timeoutMs: CHAT_REQUEST_TIMEOUT_MS },
  );
}

export async function speech(text: string, language: ChatLanguage, signal?: AbortSignal): Promise<string> {
  const answer = await call(
    gatewayApi.tts,
    { body: { textmessage: text } },
    {
      headers: { [CHAT_LANGUAGE_HEADER]: language },
      timeoutMs: TTS_REQUEST_TIMEOUT_MS,
      background: true,
      ...(signal ? { signal } : {}),
    },
  );
  return answer.response;
}
