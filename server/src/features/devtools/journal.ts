import { api, patternSource, redactBody, redactHeader, redactUrl, type Endpoint, type JournalEntry } from '@pp/contract';
import { prepared, queryRows, type Db } from '@pp/db';
import type { FastifyBaseLogger } from 'fastify';
import {
  CaptureQueue,
  JOURNAL_BODY_MAX_CHARS,
  headerText,
  isTextType,
  type JournalCapture,
  type JournalFacts,
  type QueuedCapture,
} from './capture-queue.ts';

/**
 * Entries are written in batches, at most this long after the answer (a reader of the journal
 * flushes first, so it never waits for it). Longer batches write fewer entries the caps would prune
 * at once: at thousands of requests a second only the newest caps' worth of a batch is made.
 */
const FLUSH_MS = 1_000;
/**
 * How long the writer works in one turn of the event loop before letting requests in: making an
 * entry of a large answer read from the database takes as long as the answer is long, and a turn
 * of a fixed count of them held the requests waiting behind it (the orders page's p99).
 */
const TURN_MS = 1;
/**
 * The share of the server's time the writer takes while no reader waits for it: between turns it
 * pauses for as long as the rest. Making entries costs many times what answering took for a page
 * read from the database; under a load that keeps the server busy, a writer working flat out made
 * every request wait behind it (the orders page's p99 doubled), though the caps pruned most of
 * what it wrote. A reader of the journal waiting for the batch has it made at once.
 */
const WRITER_SHARE = 0.05;
/**
 * What one INSERT writes at most: what the writer holds made at once, and serialises in one go —
 * a turn no request gets between. A statement of several large answers held the orders page's p99
 * by as long.
 */
const WRITTEN_PER_STATEMENT = 64;
const STATEMENT_BYTES = 32 * 1024;

export interface JournalRecord extends JournalFacts {
  at: Date;
  url: string;
  request: { headers: Record<string, string>; body: string | null };
  response: { headers: Record<string, string>; body: string | null };
}

/** Headers as the journal keeps them: one string each, only the known-safe ones as they came. */
export function keptHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    kept[name] = redactHeader(name, headerText(value));
  }
  return kept;
}

/** The secret path parameters of each operation that has any (the contract's `secretParams`). */
const SECRET_PARAMS = new Map(
  Object.values(api).flatMap((area) =>
    Object.values(area as Record<string, Endpoint>).flatMap((e) =>
      e.secretParams && e.operationId ? [[e.operationId, e.secretParams] as const] : [],
    ),
  ),
);

/**
 * A request's address as the journal keeps it: its secret path parameters (found by their place in
 * the route's path) and query values redacted, numbers masked.
 */
export function keptUrl(url: string, route: { url?: string | undefined; operationId?: string | null | undefined }): string {
  const secrets = route.operationId ? SECRET_PARAMS.get(route.operationId) : undefined;
  const segments = secrets && route.url ? route.url.split('/') : [];
  const places = segments.flatMap((segment, index) =>
    secrets!.includes(segment.replace(/^:/, '')) && segment.startsWith(':') ? [index] : [],
  );
  return redactUrl(url, places);
}

/** A body as the journal keeps it: JSON redacted, anything else not text noted by its type, long ones cut. */
export function keptBody(body: unknown, contentType: string | undefined): string | null {
  if (body === undefined || body === null || body === '') return null;
  if (Buffer.isBuffer(body)) {
    if (!isTextType(contentType)) return `[${body.length} bytes of ${contentType ?? 'data'}]`;
    let kept = keptOfBuffer.get(body);
    if (kept === undefined) keptOfBuffer.set(body, (kept = keptText(body.toString('utf8'))));
    return kept;
  }
  if (typeof body === 'string') {
    let kept = keptOfText.get(body);
    if (kept === undefined) {
      if (keptOfText.size >= TEXTS_REMEMBERED) keptOfText.clear();
      keptOfText.set(body, (kept = keptText(body)));
    }
    return kept;
  }
  if (typeof (body as { pipe?: unknown }).pipe === 'function') return `[a stream of ${contentType ?? 'data'}]`;
  return keptText(JSON.stringify(body));
}

/**
 * An answer kept in memory is sent again and again, the same object each time: it is redacted once.
 * Buffers are remembered while they live; texts, the last few.
 */
const keptOfBuffer = new WeakMap<Buffer, string>();
const keptOfText = new Map<string, string>();
const TEXTS_REMEMBERED = 64;

function keptText(text: string): string {
  const redacted = redactBody(text);
  return redacted.length > JOURNAL_BODY_MAX_CHARS
    ? `${redacted.slice(0, JOURNAL_BODY_MAX_CHARS)}… [${redacted.length - JOURNAL_BODY_MAX_CHARS} more characters not kept]`
    : redacted;
}

/** A capture as the journal keeps it, its answer's body made already. */
function entryOf(c: QueuedCapture, responseBody: string | null): JournalRecord {
  return {
    at: new Date(c.atMs),
    method: c.method,
    url: keptUrl(c.url, { url: c.routeUrl, operationId: c.operationId }),
    operationId: c.operationId,
    status: c.status,
    durationMs: c.durationMs,
    userId: c.userId,
    client: c.client,
    ip: c.ip,
    fault: c.fault,
    request: {
      headers: keptHeaders(c.requestHeaders),
      body: keptBody(c.requestBody, c.requestHeaders['content-type']),
    },
    response: {
      headers: keptHeaders(c.responseHeaders),
      body: responseBody,
    },
  };
}

/** What an entry weighs against the bytes cap (stored with it, so pruning sums the same figure). */
const bytesOf = (r: JournalRecord) => r.url.length + partBytes(r.request) + partBytes(r.response);
/** A request's or an answer's weight, read from the strings at hand (serialising it to measure cost as much as the rest). */
function partBytes(part: { headers: Record<string, string>; body: string | null }): number {
  let bytes = part.body?.length ?? 0;
  for (const name in part.headers) bytes += name.length + part.headers[name]!.length;
  return bytes;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The journal's writer: answers are queued as captures and written in batches after they were
 * sent, so the journal adds no wait to a request; after each batch the oldest entries past the caps
 * go. A capture is made into its entry (redacted, serialised) only when its batch is written, a
 * few at a time between other work, taking a small share of the server's time unless a reader
 * waits for them.
 *
 * One batch is written at a time. The queue holds at most the caps' worth — more could not be kept
 * anyway — and the oldest queued captures go first, as pruning would take them: at thousands of
 * requests a second the server makes and writes only what the journal keeps, and its memory stays
 * bounded when the database falls behind (a slow disk, a table locked by a reset).
 */
export class JournalWriter {
  private readonly queue: CaptureQueue;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
  /** Entries added, and entries done with (written, failed, or dropped from a full queue). */
  private added = 0;
  private settled = 0;
  private dropped = 0;
  /** The server is closing: a batch the database refuses now is not worth a warning (it is going too). */
  closing = false;
  /** Entries were dropped since the last batch was taken: the queue alone fills the caps. */
  private overflowed = false;
  private waiters: { upTo: number; resolve: () => void }[] = [];
  /** When the writer's turn of work began. */
  private turnStart = 0;
  /** Ends the writer's pause between turns: a reader came to wait for it. */
  private wake: (() => void) | null = null;

  constructor(
    private readonly dbOf: () => Db,
    private readonly caps: { maxEntries: number; maxBytes: number },
    private readonly log: FastifyBaseLogger,
  ) {
    this.queue = new CaptureQueue(caps);
  }

  /** Entries waiting to be written (tests and the bench read it). */
  get pending(): { entries: number; bytes: number } {
    return this.queue.waiting;
  }

  add(capture: JournalCapture) {
    const dropped = this.queue.push(capture);
    this.added++;
    if (dropped > 0) {
      this.dropped += dropped;
      this.overflowed = true;
      this.settle(dropped);
    }
    if (!this.writing) this.schedule();
  }

  private schedule() {
    if (this.timer) return;
    // Nobody waits for a batch the timer starts: the writer takes its share of the time.
    this.timer = setTimeout(() => this.startWriting(), FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Resolves once every entry added before the call is written (a reader of the journal calls it,
   * and the writer makes what it waits for at once; tests, to read their requests back).
   */
  flush(): Promise<void> {
    const upTo = this.added;
    const done = upTo <= this.settled ? Promise.resolve() : new Promise<void>((resolve) => this.waiters.push({ upTo, resolve }));
    this.startWriting();
    this.wake?.();
    return done;
  }

  private startWriting() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writing ??= this.drain().finally(() => {
      this.writing = null;
    });
  }

  private async drain() {
    // One batch a flush: what comes meanwhile waits for the next one, unless a reader waits for it.
    // Written back to back, batches at thousands of requests a second kept the writer and the
    // database busy all the time, each batch pruning the one before.
    while (this.queue.waiting.entries > 0) {
      const overflowed = this.overflowed;
      this.overflowed = false;
      const count = this.queue.takeBatch();
      await this.write(overflowed);
      this.settle(count);
      if (this.waiters.length === 0) break;
    }
    if (this.queue.waiting.entries > 0) this.schedule();
    if (this.dropped > 0) {
      // Older than the caps' worth of newer ones: the journal would not have kept them.
      this.log.debug({ dropped: this.dropped }, 'journal entries past the caps not written');
      this.dropped = 0;
    }
  }

  private settle(count: number) {
    this.settled += count;
    if (this.waiters.length === 0) return;
    const waiting = this.waiters;
    this.waiters = waiting.filter((w) => w.upTo > this.settled);
    for (const w of waiting) if (w.upTo <= this.settled) w.resolve();
  }

  private async write(overflowed: boolean) {
    try {
      // Every entry written before is older than the ones dropped from this batch, so past the caps too.
      if (overflowed) await this.dbOf().devJournalEntry.deleteMany({});
      // Made and written a statement's worth at a time: a batch of large answers at its caps would
      // otherwise be held redacted, and serialised again, all at once. Once newer answers than
      // these fill the caps, the queue lets the rest of the batch go: it is past them.
      while (this.queue.batchLeft > 0) await this.insert(this.statementSize());
      await prune(this.dbOf(), this.caps);
    } catch (error) {
      if (!this.closing) this.log.warn({ err: error }, 'journal entries not written');
    }
  }

  /** How many of the batch's next captures one statement takes: by count, and by their weight. */
  private statementSize(): number {
    const left = this.queue.batchLeft;
    let bytes = 0;
    let n = 0;
    while (n < left && n < WRITTEN_PER_STATEMENT && (n === 0 || bytes < STATEMENT_BYTES)) bytes += this.queue.sizeAhead(n++);
    return n;
  }

  private async insert(count: number) {
    const records: JournalRecord[] = [];
    // A turn begins with each statement: the one before waited for the database, letting requests in.
    this.turnStart = performance.now();
    for (let i = 0; i < count; i++) {
      const capture = this.queue.takeNext();
      if (capture !== undefined) records.push(entryOf(capture, answerOf(capture)));
      await this.turn();
      if (this.overflowed) return;
    }
    if (records.length === 0) return;
    const rows = records.map((r) => ({ ...r, bytes: bytesOf(r) }));
    // One statement, its rows as one JSON parameter; the account's name is looked up in it, not
    // while the request is answered.
    const statement = JSON.stringify(rows);
    await this.turn();
    await queryRows(this.dbOf(), INSERT_ENTRIES, [statement]);
  }

  /** Ends the writer's turn once it has worked one: at once if a reader waits, else after its share's pause. */
  private async turn() {
    const worked = performance.now() - this.turnStart;
    if (worked < TURN_MS) return;
    if (this.waiters.length > 0) await nextTurn();
    else await this.pause(worked * (1 / WRITER_SHARE - 1));
    this.turnStart = performance.now();
  }

  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      // A closing server does not wait for the writer's pause; its flush wakes it.
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => {
      this.wake = null;
    });
  }
}

/** A capture's answer as the journal keeps it. */
function answerOf(c: QueuedCapture): string | null {
  // A copy is a new string: none is worth remembering as kept answers' redactions are.
  if (c.copied) return keptText(c.payload as string);
  return keptBody(c.payload, c.responseHeaders['content-type']);
}

const INSERT_ENTRIES = prepared<never>(`
  INSERT INTO "DevJournalEntry"
    (at, method, url, "operationId", status, "durationMs", "userId", username, client, ip, request, response, bytes, fault)
  SELECT r.at, r.method, r.url, r."operationId", r.status, r."durationMs", r."userId", lower(u.username), r.client, r.ip,
         r.request, r.response, r.bytes, r.fault
    FROM json_to_recordset($1::json) AS r(at timestamp(3), method text, url text, "operationId" text, status int,
         "durationMs" int, "userId" int, client text, ip text, request jsonb, response jsonb, bytes int, fault int)
    LEFT JOIN "UserAccount" u ON u.id = r."userId"`);

/** Deletes the oldest entries past the count cap, then past the bytes cap. */
export async function prune(db: Db, caps: { maxEntries: number; maxBytes: number }) {
  await db.$executeRaw`DELETE FROM "DevJournalEntry" WHERE id <= (
      SELECT id FROM "DevJournalEntry" ORDER BY id DESC OFFSET ${caps.maxEntries} LIMIT 1)`;
  await db.$executeRaw`DELETE FROM "DevJournalEntry" WHERE id < (
      SELECT min(id) FROM (SELECT id, sum(bytes) OVER (ORDER BY id DESC) AS total FROM "DevJournalEntry") newest
       WHERE total <= ${caps.maxBytes})`;
}

export interface JournalFilter {
  account?: string | undefined;
  client?: string | undefined;
  path?: string | undefined;
  afterId?: number | undefined;
  beforeId?: number | undefined;
  limit: number;
}

/** A filter's path with a `*` is a pattern over the whole path; without, a part of it. */
const isPattern = (path: string) => path.includes('*');

export async function readJournal(db: Db, filter: JournalFilter): Promise<JournalEntry[]> {
  const pattern = filter.path && isPattern(filter.path) ? patternSource(filter.path) : null;
  // The pattern is matched in SQL against the path without its query; its rows' ids feed the rest.
  const patterned = pattern
    ? (
        await db.$queryRaw<{ id: bigint }[]>`
          SELECT id FROM "DevJournalEntry" WHERE split_part(url, '?', 1) ~ ${pattern}`
      ).map((r) => r.id)
    : null;
  const rows = await db.devJournalEntry.findMany({
    where: {
      ...(filter.account ? { username: filter.account.toLowerCase() } : {}),
      ...(filter.client ? { client: filter.client } : {}),
      ...(filter.path && !pattern ? { url: { contains: filter.path } } : {}),
      AND: [
        ...(patterned ? [{ id: { in: patterned } }] : []),
        ...(filter.afterId !== undefined ? [{ id: { gt: BigInt(filter.afterId) } }] : []),
        ...(filter.beforeId !== undefined ? [{ id: { lt: BigInt(filter.beforeId) } }] : []),
      ],
    },
    orderBy: { id: 'desc' },
    take: filter.limit,
  });
  return rows.map((r) => ({
    id: Number(r.id),
    at: r.at.toISOString(),
    method: r.method,
    url: r.url,
    operationId: r.operationId,
    status: r.status,
    durationMs: r.durationMs,
    account: r.username,
    client: r.client,
    ip: r.ip,
    fault: r.fault,
    request: r.request as JournalEntry['request'],
    response: r.response as JournalEntry['response'],
  }));
}

export async function clearJournal(db: Db): Promise<number> {
  return (await db.devJournalEntry.deleteMany({})).count;
}

const nameValues = (headers: Record<string, string>) => Object.entries(headers).map(([name, value]) => ({ name, value }));

/** The journal as an HTTP Archive (HAR 1.2), oldest first, as browsers' tools read it. */
export function toHar(entries: JournalEntry[], origin: string) {
  return {
    log: {
      version: '1.2' as const,
      creator: { name: 'Partner Portal developer controls', version: '1.0' },
      entries: [...entries].reverse().map((e) => {
        const url = new URL(e.url, origin);
        const requestType = e.request.headers['content-type'] ?? 'application/json';
        const responseType = e.response.headers['content-type'] ?? '';
        return {
          startedDateTime: e.at,
          time: e.durationMs,
          request: {
            method: e.method,
            url: url.toString(),
            httpVersion: 'HTTP/1.1',
            headers: nameValues(e.request.headers),
            queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
            cookies: [],
            headersSize: -1,
            bodySize: e.request.body?.length ?? 0,
            ...(e.request.body !== null ? { postData: { mimeType: requestType, text: e.request.body } } : {}),
          },
          response: {
            status: e.status,
            statusText: '',
            httpVersion: 'HTTP/1.1',
            headers: nameValues(e.response.headers),
            cookies: [],
            content: { size: e.response.body?.length ?? 0, mimeType: responseType, text: e.response.body ?? '' },
            redirectURL: '',
            headersSize: -1,
            bodySize: e.response.body?.length ?? -1,
          },
          cache: {},
          timings: { send: 0, wait: e.durationMs, receive: 0 },
          comment: [e.operationId, e.fault !== null ? `fault rule ${e.fault}` : null].filter(Boolean).join(' · '),
        };
      }),
    },
  };
}
