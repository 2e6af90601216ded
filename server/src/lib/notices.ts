import { say, type Text } from '@pp/contract';
import type { Prisma } from '@pp/db';

/**
 * A notification to a partner from a catalogue text: the English words in `description` (for
 * API clients that read it as it is) and the text itself in `params`, so the list answers each
 * reader in the language the request asks for.
 */
export function noticeTo(
  partnerId: number,
  text: Text,
): { partnerId: number; description: string; params: Prisma.InputJsonObject } {
  // A text is JSON: a key, and parameters that are strings, numbers or texts again.
  return { partnerId, description: say(text), params: { ...text } as Prisma.InputJsonObject };
}
