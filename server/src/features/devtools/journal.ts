import { api, patternSource, redactBody, redactHeader, redactUrl, type Endpoint, type JournalEntry } from '@pp/contract';
import type { Db } from '@pp/db';
import type { FastifyBaseLogger } from 'fastify';

/** A body longer than this is kept cut, with a note: the journal is for reading, not for replaying uploads. */
export const JOURNAL_BODY_MAX_CHARS = 64 * 1024;
/** Entries are written in batches: at most this long after the answer, or at this many. */
const FLUSH_MS = 200;
const FLUSH_AT = 50;

export interface JournalRecord {
  at: Date;
  method: string;
  url: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  userId: number | null;
  client: string | null;
  ip: string;
  fault: number | null;
  request: { headers: Record<string, string>; body: string | null };
  response: { headers: Record<string, string>; body: string | null };
}

/** Headers as the journal keeps them: one string each, only the known-safe ones as they came. */
export function keptHeaders(headers: Record<string, unknown>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : JSON.stringify(value);
    kept[name] = redactHeader(name, text);
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
  let text: string;
  if (typeof body === 'string') text = body;
  else if (Buffer.isBuffer(body)) {
    if (!contentType || !/json|text/.test(contentType)) return `[${body.length} bytes of ${contentType ?? 'data'}]`;
    text = body.toString('utf8');
  } else if (typeof (body as { pipe?: unknown }).pipe === 'function') return `[a stream of ${contentType ?? 'data'}]`;
  else text = JSON.stringify(body);
  const redacted = redactBody(text);
  return redacted.length > JOURNAL_BODY_MAX_CHARS
    ? `${redacted.slice(0, JOURNAL_BODY_MAX_CHARS)}… [${redacted.length - JOURNAL_BODY_MAX_CHARS} more characters not kept]`
    : redacted;
}

/** What an entry weighs against the bytes cap (stored with it, so pruning sums the same figure). */
const bytesOf = (r: JournalRecord) => JSON.stringify(r.request).length + JSON.stringify(r.response).length + r.url.length;

/**
 * The journal's writer: answers are queued and written in batches after they were sent, so the
 * journal adds no wait to a request; after each batch the oldest entries past the caps go.
 *
 * One batch is written at a time. When the database falls behind (a slow disk, a table locked by a
 * reset, load), the queue holds at most the caps' worth — more could not be kept anyway — and the
 * oldest queued entries go first, as pruning would take them: the server's memory stays bounded.
 */
export class JournalWriter {
  private queue: { record: JournalRecord; bytes: number }[] = [];
  private queuedBytes = 0;
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

  constructor(
    private readonly dbOf: () => Db,
    private readonly caps: { maxEntries: number; maxBytes: number },
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Entries waiting to be written (tests and the bench read it). */
  get pending(): { entries: number; bytes: number } {
    return { entries: this.queue.length, bytes: this.queuedBytes };
  }

  add(record: JournalRecord) {
    const bytes = bytesOf(record);
    this.queue.push({ record, bytes });
    this.queuedBytes += bytes;
    this.added++;
    while (this.queue.length > 1 && (this.queue.length > this.caps.maxEntries || this.queuedBytes > this.caps.maxBytes)) {
      this.queuedBytes -= this.queue.shift()!.bytes;
      this.dropped++;
      this.overflowed = true;
      this.settle(1);
    }
    if (this.writing) return;
    if (this.queue.length >= FLUSH_AT) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), FLUSH_MS);
      this.timer.unref();
    }
  }

  /** Resolves once every entry added before the call is written (tests call it to read their requests back at once). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const upTo = this.added;
    const done = upTo <= this.settled ? Promise.resolve() : new Promise<void>((resolve) => this.waiters.push({ upTo, resolve }));
    this.writing ??= this.drain().finally(() => {
      this.writing = null;
    });
    return done;
  }

  private async drain() {
    while (this.queue.length > 0) {
      const batch = this.queue;
      const overflowed = this.overflowed;
      this.queue = [];
      this.queuedBytes = 0;
      this.overflowed = false;
      await this.write(batch, overflowed);
      this.settle(batch.length);
    }
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'journal entries dropped: the database fell behind the requests');
      this.dropped = 0;
    }
  }

  private settle(count: number) {
    this.settled += count;
    const waiting = this.waiters;
    this.waiters = waiting.filter((w) => w.upTo > this.settled);
    for (const w of waiting) if (w.upTo <= this.settled) w.resolve();
  }

  private async write(batch: { record: JournalRecord; bytes: number }[], overflowed: boolean) {
    try {
      // The account's name is looked up here, once a batch, not while the request is answered.
      const ids = [...new Set(batch.flatMap(({ record: r }) => (r.userId === null ? [] : [r.userId])))];
      const names = new Map(
        (await this.dbOf().userAccount.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })).map(
          (u) => [u.id, u.username.toLowerCase()],
        ),
      );
      // Every entry written before is older than the ones dropped from this batch, so past the caps too.
      if (overflowed) await this.dbOf().devJournalEntry.deleteMany({});
      await this.dbOf().devJournalEntry.createMany({
        data: batch.map(({ record: r, bytes }) => ({
          ...r,
          username: r.userId === null ? null : (names.get(r.userId) ?? null),
          request: r.request,
          response: r.response,
          bytes,
        })),
      });
      await prune(this.dbOf(), this.caps);
    } catch (error) {
      if (!this.closing) this.log.warn({ err: error }, 'journal entries not written');
    }
  }
}

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
