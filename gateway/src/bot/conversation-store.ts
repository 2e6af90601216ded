import pg from 'pg';
import { rateLimitHits, type AppError, type RateLimitHit } from '@pp/platform';
import { GroupedStatement } from './grouped-statement.ts';
import type { ChatLanguage, ChatTranscriptLine } from '@pp/contract';

/**
 * The gateway's connections to the portal's database. Conversation state and the per-client
 * counters are all the gateway writes, and none is worth a disk flush per chat message: a commit
 * returns before its WAL is on disk (synchronous_commit off, these connections only). Should
 * PostgreSQL itself crash, the last fraction of a second of menu positions and counts may be lost —
 * never anything half-written, and never a partner's data (that goes through the API server).
 *
 * Each statement is planned for the rows it is run on (plan_cache_mode): a named statement's plan is
 * otherwise fixed after five runs, and the chat's was made while ChatConversation was new and empty
 * (the demo set's load analyses every table), so it read the conversations by scanning the table as
 * the table grew. On a new demo stack the chat fell from 910 to 396 replies a second in 30 s (3,753
 * scans reading 33 million rows); planned each time, it held 1,350-2,100.
 */
export const gatewayPool = (databaseUrl: string, max = 4) =>
  new pg.Pool({
    connectionString: databaseUrl,
    max,
    options: '-c synchronous_commit=off -c plan_cache_mode=force_custom_plan',
  });

export type BotState = 'CALLBACK_FORM' | null;

export interface Conversation {
  language: ChatLanguage;
  state: BotState;
  turns: number;
  /** The last lines said (CHAT_TRANSCRIPT_MAX_LINES): a callback request carries them to staff. */
  transcript: ChatTranscriptLine[];
}

interface Read {
  kind: 'read';
  sender: string;
  hit: RateLimitHit;
}
interface Save {
  kind: 'save';
  sender: string;
  conversation: Conversation;
  now: Date;
}

/** A read's answer: the 429 its message earned, or the conversation (null for a save). */
interface Outcome {
  refusal: AppError | null;
  conversation: Conversation | null;
}

/**
 * Conversation state per sender, in Postgres (the ChatConversation table the server's migrations
 * create), so a gateway restart or a second gateway instance picks up where the last one was.
 *
 * One statement carries the work of the messages that arrive together: each one counted against
 * its client's limit, the conversations they continue read, the conversations of the replies
 * before them saved (GroupedStatement). A reply does not wait for its save: the save rides in the
 * next statement. On the demo set the chat's rate went from 2,000 to 2,750 replies a second with
 * that alone (one round trip per message instead of two). What a reply does not wait for:
 * - the row: the sender's next message is read from the save this gateway still holds;
 * - the disk: these connections commit without it already (synchronous_commit off), so a crash of
 *   PostgreSQL or of the gateway may lose the last fraction of a second of menu positions. A
 *   visitor who had just opened the callback form would see the greeting again; nothing a partner
 *   or staff wrote goes through here;
 * - a failed save, which `onSaveFailed` is told of.
 * Closing the gateway waits for the saves it holds (`flush`). The statement is named: node-postgres
 * prepares it once per connection.
 */
export class ConversationStore {
  private readonly work = new GroupedStatement<Read | Save, Outcome>((batch) => this.readAndSave(batch));
  /** Saves not yet committed, by sender: the latest of each. */
  private readonly unsaved = new Map<string, Conversation>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly onSaveFailed: (error: unknown) => void,
  ) {}

  /** The sender's conversation, read after its message is counted against its limit (429 once over it). */
  async get(sender: string, hit: RateLimitHit): Promise<Conversation | null> {
    // Taken now: a save still held now is newer than the row the statement will read.
    const held = this.unsaved.get(sender);
    const { refusal, conversation } = await this.work.add({ kind: 'read', sender, hit });
    if (refusal) throw refusal;
    return held ?? conversation;
  }

  /** Keeps the sender's conversation, in the next statement; the sender's later save wins. */
  save(sender: string, conversation: Conversation, now: Date): void {
    this.unsaved.set(sender, conversation);
    this.work.add({ kind: 'save', sender, conversation, now }).then(
      () => this.forget(sender, conversation),
      (error: unknown) => {
        this.forget(sender, conversation);
        this.onSaveFailed(error);
      },
    );
  }

  /** Resolves once every save held so far is committed (or has failed). */
  flush(): Promise<void> {
    return this.work.settled();
  }

  private forget(sender: string, conversation: Conversation) {
    if (this.unsaved.get(sender) === conversation) this.unsaved.delete(sender);
  }

  /** One statement: the saves done, the reads' messages counted, their conversations read. */
  private async readAndSave(batch: (Read | Save)[]): Promise<Outcome[]> {
    const reads = batch.filter((w): w is Read => w.kind === 'read');
    // One row per sender: an upsert may not touch a row twice. In sender order, as the counters are
    // in key order, so statements running at once lock rows they share in the same order.
    const saves = [...new Map(batch.filter((w): w is Save => w.kind === 'save').map((s) => [s.sender, s])).values()].sort(
      (a, b) => (a.sender < b.sender ? -1 : a.sender > b.sender ? 1 : 0),
    );
    const hits = rateLimitHits(
      reads.map((r) => r.hit),
      8,
    );
    const { rows } = await this.pool.query<{ counts: number[] | null; conversations: (Conversation & { sender: string })[] }>({
      name: 'pp_chat_conversations',
      text: `WITH saved AS (
           INSERT INTO "ChatConversation" ("sender", "language", "state", "turns", "transcript", "lastMessageAt", "createdAt")
           SELECT c.sender, c.language, c.state, c.turns, c.transcript, c.at, c.at
             FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::jsonb[], $6::timestamp(3)[])
                  AS c(sender, language, state, turns, transcript, at)
           ON CONFLICT ("sender") DO UPDATE SET "language" = EXCLUDED."language", "state" = EXCLUDED."state",
              "turns" = EXCLUDED."turns", "transcript" = EXCLUDED."transcript", "lastMessageAt" = EXCLUDED."lastMessageAt"
         ), ${hits.with}
         SELECT ${hits.counts} AS "counts",
                (SELECT coalesce(json_agg(r), '[]') FROM (
                   SELECT "sender", "language", "state", "turns", "transcript" FROM "ChatConversation" WHERE "sender" = ANY($7::text[])
                 ) r) AS "conversations"`,
      values: [
        saves.map((s) => s.sender),
        saves.map((s) => s.conversation.language),
        saves.map((s) => s.conversation.state),
        saves.map((s) => s.conversation.turns),
        saves.map((s) => JSON.stringify(s.conversation.transcript)),
        saves.map((s) => s.now),
        [...new Set(reads.map((r) => r.sender))],
        ...hits.values,
      ],
    });
    const refusals = hits.refusals(rows[0]?.counts);
    const found = rows[0]?.conversations ?? [];
    const bySender = new Map(found.map(({ sender, ...conversation }) => [sender, conversation]));
    const readAnswers = new Map(
      reads.map((r, i) => [r, { refusal: refusals[i]!, conversation: bySender.get(r.sender) ?? null }]),
    );
    return batch.map((w) => readAnswers.get(w as Read) ?? { refusal: null, conversation: null });
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
