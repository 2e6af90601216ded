import type pg from 'pg';
import type { ChatLanguage } from '@pp/contract';

export type BotState = 'CALLBACK_FORM' | null;

export interface Conversation {
  language: ChatLanguage;
  state: BotState;
  turns: number;
}

/**
 * Conversation state per sender, in Postgres (the ChatConversation table the server's migrations
 * create), so a gateway restart or a second gateway instance picks up where the last one was.
 */
export class ConversationStore {
  constructor(private readonly pool: pg.Pool) {}

  async get(sender: string): Promise<Conversation | null> {
    const { rows } = await this.pool.query<{ language: ChatLanguage; state: BotState; turns: number }>(
      'SELECT "language", "state", "turns" FROM "ChatConversation" WHERE "sender" = $1',
      [sender],
    );
    return rows[0] ?? null;
  }

  async save(sender: string, conversation: Conversation, now: Date): Promise<void> {
    await this.pool.query(
      `INSERT INTO "ChatConversation" ("sender", "language", "state", "turns", "lastMessageAt", "createdAt")
       VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT ("sender") DO UPDATE SET "language" = $2, "state" = $3, "turns" = $4, "lastMessageAt" = $5`,
      [sender, conversation.language, conversation.state, conversation.turns, now],
    );
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
