import { z } from 'zod';
import { RULES } from './rules.ts';
import type { MessageKey } from './i18n/en.ts';

/** Button payloads the bot sends and understands (Rasa-style intents); the web sends greet and callback itself. */
export const CHAT_PAYLOADS = {
  greet: '/greet',
  menu: '/menu',
  callback: '/callback',
  status: '/status',
  topic: (id: string) => `/topic:${id}`,
  faq: (id: number) => `/faq:${id}`,
} as const;

/** The four parts of the chat's callback mini form, in the order they are joined (spec section 3). */
export const CALLBACK_PARTS = ['name', 'company', 'mobile', 'email'] as const;
export type CallbackPart = (typeof CALLBACK_PARTS)[number];
export type CallbackRequest = Record<CallbackPart, string>;

const PART_RULES: Record<CallbackPart, { pattern: RegExp; message: MessageKey }> = {
  name: RULES.chatName,
  company: RULES.chatName,
  mobile: RULES.mobile,
  email: RULES.chatEmail,
};

const callbackPartSchema = (part: CallbackPart) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .regex(PART_RULES[part].pattern, { error: PART_RULES[part].message });

/** The callback form of spec section 5: every part required, each with its chat rule. */
export const callbackRequestSchema = z.object({
  name: callbackPartSchema('name'),
  company: callbackPartSchema('company'),
  mobile: callbackPartSchema('mobile'),
  email: callbackPartSchema('email'),
});

/** Checks one part with the chat rules of spec section 5; null when it is valid. */
export function checkCallbackPart(part: CallbackPart, value: string): MessageKey | null {
  const result = callbackRequestSchema.shape[part].safeParse(value);
  return result.success ? null : (result.error.issues[0]!.message as MessageKey);
}

export function joinCallbackRequest(request: CallbackRequest): string {
  return CALLBACK_PARTS.map((p) => request[p].trim()).join(',');
}

/** Reads "name,company,mobile,email"; says which part is wrong, or gives the parts. */
export function parseCallbackRequest(
  text: string,
): { ok: true; value: CallbackRequest } | { ok: false; part: CallbackPart | 'message'; message: MessageKey } {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length !== CALLBACK_PARTS.length) return { ok: false, part: 'message', message: 'validation.invalid' };
  const value = Object.fromEntries(CALLBACK_PARTS.map((p, i) => [p, parts[i]!])) as CallbackRequest;
  for (const part of CALLBACK_PARTS) {
    const problem = checkCallbackPart(part, value[part]);
    if (problem) return { ok: false, part, message: problem };
  }
  return { ok: true, value };
}

/** Looks like a callback submission: four comma-separated parts, the last with an @. */
export function looksLikeCallbackRequest(text: string): boolean {
  const parts = text.split(',');
  return parts.length === CALLBACK_PARTS.length && parts[3]!.includes('@');
}
