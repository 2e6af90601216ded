import pg from 'pg';
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
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string, onError: (error: Error) => void) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle connection that Postgres drops (restart, failover) must not take the gateway down.
    this.pool.on('error', onError);
  }

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

  close() {
    return this.pool.end();
  }
}
