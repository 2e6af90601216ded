import { noticeOf, type Text } from '@pp/contract';
import type { Prisma } from '@pp/db';

/** A notification to a partner from a catalogue text (noticeOf), as Prisma writes it. */
export function noticeTo(
  partnerId: number,
  text: Text,
): { partnerId: number; description: string; params: Prisma.InputJsonObject } {
  const { description, params } = noticeOf(text);
  // A text is JSON: a key, and parameters that are strings, numbers or texts again.
  return { partnerId, description, params: { ...params } as Prisma.InputJsonObject };
}
