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

interface PendingSave {
  sender: string;
  conversation: Conversation;
  now: Date;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The most saves one statement writes: a bound on its parameters' size, far above what waits at once. */
const SAVE_BATCH_MAX = 200;

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

  /**
   * Keeps the sender's conversation; resolves once it is committed. Saves that arrive while one is
   * being written go together in the next statement, as a group commit does: one round trip for
   * many replies under load, none waiting when the gateway is quiet. A sender's later save wins,
   * as when each had its own statement (a sender waits for its reply before it says more).
   */
  save(sender: string, conversation: Conversation, now: Date): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ sender, conversation, now, resolve, reject });
      if (!this.writing) void this.writeWaiting();
    });
  }

  private waiting: PendingSave[] = [];
  private writing = false;

  private async writeWaiting(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0, SAVE_BATCH_MAX);
      // One row per sender: an upsert may not touch a row twice.
      const latest = [...new Map(batch.map((s) => [s.sender, s])).values()];
      try {
        await this.pool.query({
          name: 'pp_chat_conversation_save',
          text: `INSERT INTO "ChatConversation" ("sender", "language", "state", "turns", "transcript", "lastMessageAt", "createdAt")
           SELECT c.sender, c.language, c.state, c.turns, c.transcript, c.at, c.at
             FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::jsonb[], $6::timestamp(3)[])
                  AS c(sender, language, state, turns, transcript, at)
           ON CONFLICT ("sender") DO UPDATE SET "language" = EXCLUDED."language", "state" = EXCLUDED."state",
              "turns" = EXCLUDED."turns", "transcript" = EXCLUDED."transcript", "lastMessageAt" = EXCLUDED."lastMessageAt"`,
          values: [
            latest.map((s) => s.sender),
            latest.map((s) => s.conversation.language),
            latest.map((s) => s.conversation.state),
            latest.map((s) => s.conversation.turns),
            latest.map((s) => JSON.stringify(s.conversation.transcript)),
            latest.map((s) => s.now),
          ],
        });
        for (const s of batch) s.resolve();
      } catch (error) {
        for (const s of batch) s.reject(error);
      }
    }
    this.writing = false;
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
