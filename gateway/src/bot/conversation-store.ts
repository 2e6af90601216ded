import type pg from 'pg';
import { consumeRateLimitAndRead, type RateLimitHit } from '@pp/platform';
import type { ChatLanguage, ChatTranscriptLine } from '@pp/contract';

export type BotState = 'CALLBACK_FORM' | null;

export interface Conversation {
  language: ChatLanguage;
  state: BotState;
  turns: number;
  /** The last lines said (CHAT_TRANSCRIPT_MAX_LINES): a callback request carries them to staff. */
  transcript: ChatTranscriptLine[];
}

/**
 * Conversation state per sender, in Postgres (the ChatConversation table the server's migrations
 * create), so a gateway restart or a second gateway instance picks up where the last one was.
 * Its two statements are named: node-postgres prepares them once per connection.
 */
export class ConversationStore {
  constructor(private readonly pool: pg.Pool) {}

  /** The sender's conversation; with `hit`, the sender's message counted against its limit first, in the same round trip. */
  async get(sender: string, hit?: RateLimitHit): Promise<Conversation | null> {
    const read = {
      name: 'pp_chat_conversation_get',
      text: 'SELECT "language", "state", "turns", "transcript" FROM "ChatConversation" WHERE "sender" = $1',
      values: [sender],
    };
    if (hit) return (await consumeRateLimitAndRead(this.pool, hit, read)) as Conversation | null;
    const { rows } = await this.pool.query<Conversation>(read);
    return rows[0] ?? null;
  }

  async save(sender: string, conversation: Conversation, now: Date): Promise<void> {
    await this.pool.query({
      name: 'pp_chat_conversation_save',
      text: `INSERT INTO "ChatConversation" ("sender", "language", "state", "turns", "transcript", "lastMessageAt", "createdAt")
       VALUES ($1, $2, $3, $4, $6::jsonb, $5, $5)
       ON CONFLICT ("sender") DO UPDATE SET "language" = $2, "state" = $3, "turns" = $4, "transcript" = $6::jsonb, "lastMessageAt" = $5`,
      values: [
        sender,
        conversation.language,
        conversation.state,
        conversation.turns,
        now,
        JSON.stringify(conversation.transcript),
      ],
    });
  }

  /**
   * Forgets conversations idle longer than `idleMs`: anyone can start one, so without this the
   * table only grows. A sender who comes back later starts over, as after a language change.
   */
  async pruneIdle(now: Date, idleMs: number): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM "ChatConversation" WHERE "lastMessageAt" < $1', [
      new Date(now.getTime() - idleMs),
    ]);
    return rowCount ?? 0;
  }
}
