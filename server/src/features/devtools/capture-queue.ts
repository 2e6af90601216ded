import { ringFor, type AnswerRing } from './answer-ring.ts';

/** A body longer than this is kept cut, with a note: the journal is for reading, not for replaying uploads. */
export const JOURNAL_BODY_MAX_CHARS = 64 * 1024;

/** What a journal entry says of a request, as the request path hands it and as the entry keeps it. */
export interface JournalFacts {
  method: string;
  operationId: string | null;
  status: number;
  durationMs: number;
  userId: number | null;
  client: string | null;
  ip: string;
  fault: number | null;
}

/**
 * What the request path hands the journal: the request and its answer as they are, made into an
 * entry (redacted, serialised) only when the writer keeps it.
 */
export interface JournalCapture extends JournalFacts {
  /** When it was answered, by the server's clock (ms). */
  atMs: number;
  /** As asked for: made safe (secret parameters redacted, numbers masked) with the entry. */
  url: string;
  /** The route as Fastify writes it (`/api/mail/activate/:code`): where the secret parameters are. */
  routeUrl: string | undefined;
  requestHeaders: Record<string, unknown>;
  requestBody: unknown;
  responseHeaders: Record<string, unknown>;
  /** The answer as sent. */
  payload: unknown;
}

/** A capture read back from the queue: its headers as one string each, its answer copied back if it was copied. */
export interface QueuedCapture extends Omit<JournalCapture, 'requestHeaders' | 'responseHeaders'> {
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
  /** The answer is a copy of the text sent (a new string), not the answer itself. */
  copied: boolean;
}

/** Whether a content type is one whose body the journal keeps as text (others it only names). */
export const isTextType = (type: string | undefined): type is string => type !== undefined && /json|text/.test(type);

export const headerOf = (headers: Record<string, unknown>, name: string) => {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A header's value as one string, as the journal keeps it. */
export const headerText = (value: unknown) =>
  typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : JSON.stringify(value);

// A record is lines: no field can hold a line break (HTTP allows none in a header or the request
// line); one that somehow did would shift every line after it.
const oneLine = (text: string) => (text.includes('\n') ? text.replace(/\n/g, ' ') : text);

function headerLines(headers: Record<string, unknown>): string {
  let lines = '';
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) lines += `${name}:${oneLine(headerText(value))}\n`;
  }
  return lines;
}

/** A capture's every part but its bodies, as one text: the scalars a line each, then each side's headers. */
function recordOf(c: JournalCapture): string {
  return (
    `${c.atMs}\n${c.method}\n${c.status}\n${c.durationMs}\n${c.userId ?? ''}\n${c.fault ?? ''}\n` +
    `${oneLine(c.client ?? '')}\n${c.ip}\n${c.operationId ?? ''}\n${c.routeUrl ?? ''}\n${oneLine(c.url)}\n` +
    `${headerLines(c.requestHeaders)}\n${headerLines(c.responseHeaders)}`
  );
}

const orNull = (text: string) => (text === '' ? null : text);
const numberOrNull = (text: string) => (text === '' ? null : Number(text));

function headersOf(lines: string[], from: number): { headers: Record<string, string>; next: number } {
  const headers: Record<string, string> = {};
  let i = from;
  for (; i < lines.length && lines[i] !== ''; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    headers[line.slice(0, colon)] = line.slice(colon + 1);
  }
  return { headers, next: i + 1 };
}

function captureOf(record: string, requestBody: unknown, payload: unknown, copied: boolean): QueuedCapture {
  const lines = record.split('\n');
  const asked = headersOf(lines, 11);
  const answered = headersOf(lines, asked.next);
  return {
    atMs: Number(lines[0]),
    method: lines[1]!,
    status: Number(lines[2]),
    durationMs: Number(lines[3]),
    userId: numberOrNull(lines[4]!),
    fault: numberOrNull(lines[5]!),
    client: orNull(lines[6]!),
    ip: lines[7]!,
    operationId: orNull(lines[8]!),
    routeUrl: orNull(lines[9]!) ?? undefined,
    url: lines[10]!,
    requestHeaders: asked.headers,
    requestBody,
    responseHeaders: answered.headers,
    payload,
    copied,
  };
}

/** Where a text lies that the ring refused (too long to share it): held as it is. */
const HELD = -1;

/**
 * The captures waiting for the journal's writer, and the batch it is writing. A capture holding the
 * request's and the answer's objects kept them alive until its batch was written: at tens of
 * thousands of requests a second they outlived the garbage collector's young generation, and
 * carrying them into the old one cost more than answering a request kept in memory. So a capture is
 * taken apart as it is queued: its headers and scalars, and its answer if a text or bytes sent for
 * the first time, are copied into the ring (docs/decisions/009); the queue holds their places in
 * typed arrays, going round, and references only to a request's body and to an answer kept in
 * memory (which lives anyway).
 *
 * At most the caps' worth waits; past them the oldest waiting capture goes, and with it the batch
 * being written, older still and so past the caps too.
 */
export class CaptureQueue {
  private readonly ring: AnswerRing;
  /** Text answers' bytes sent once: sent again, they are an answer kept in memory. */
  private readonly sentBefore = new WeakSet<Buffer>();
  /** Room for a full batch and a full queue behind it, and the capture about to push the oldest out. */
  private readonly slots: number;
  /** Per slot: where its record and its answer lie in the ring (or HELD), and what it weighs. */
  private readonly records: Float64Array;
  private readonly answers: Float64Array;
  private readonly sizes: Float64Array;
  /** Per slot: the request's body, the answer when not copied, the record when the ring refused it. */
  private readonly held: unknown[];
  /** Captures are numbered as queued: [batchStart, waitingStart) the batch, [waitingStart, next) waiting. */
  private batchStart = 0;
  private waitingStart = 0;
  private next = 0;
  private waitingBytes = 0;

  constructor(private readonly caps: { maxEntries: number; maxBytes: number }) {
    this.ring = ringFor(caps.maxBytes);
    this.slots = 2 * caps.maxEntries + 1;
    this.records = new Float64Array(this.slots);
    this.answers = new Float64Array(this.slots);
    this.sizes = new Float64Array(this.slots);
    this.held = new Array<unknown>(3 * this.slots).fill(undefined);
  }

  get waiting(): { entries: number; bytes: number } {
    return { entries: this.next - this.waitingStart, bytes: this.waitingBytes };
  }

  /** Queues a capture; answers how many waiting ones it pushed out, the oldest, past the caps. */
  push(c: JournalCapture): number {
    const slot = this.next % this.slots;
    const record = recordOf(c);
    const recordAt = this.ring.keep(record);
    this.records[slot] = recordAt ?? HELD;
    const payload = c.payload;
    const answerAt =
      typeof payload === 'string' || (Buffer.isBuffer(payload) && this.isFirstSending(payload, c.responseHeaders))
        ? this.ring.keep(payload)
        : null;
    this.answers[slot] = answerAt ?? HELD;
    this.held[3 * slot] = c.requestBody;
    this.held[3 * slot + 1] = answerAt === null ? payload : undefined;
    this.held[3 * slot + 2] = recordAt === null ? record : undefined;
    const size = estimateOf(record, c);
    this.sizes[slot] = size;
    this.waitingBytes += size;
    this.next++;
    let dropped = 0;
    while (
      this.next - this.waitingStart > 1 &&
      (this.next - this.waitingStart > this.caps.maxEntries || this.waitingBytes > this.caps.maxBytes)
    ) {
      this.letGo(this.batchStart, this.waitingStart);
      this.waitingBytes -= this.sizes[this.waitingStart % this.slots]!;
      this.letGo(this.waitingStart, this.waitingStart + 1);
      this.batchStart = ++this.waitingStart;
      dropped++;
    }
    return dropped;
  }

  /** The waiting captures become the batch (the one before is done with): answers how many. */
  takeBatch(): number {
    this.letGo(this.batchStart, this.waitingStart);
    this.batchStart = this.waitingStart;
    this.waitingStart = this.next;
    this.waitingBytes = 0;
    return this.waitingStart - this.batchStart;
  }

  /** The batch's captures not yet read (none once newer ones pushed the batch out). */
  get batchLeft(): number {
    return this.waitingStart - this.batchStart;
  }

  /** What the batch's i-th capture not yet read will weigh, about: what the caps count. */
  sizeAhead(i: number): number {
    return this.sizes[(this.batchStart + i) % this.slots]!;
  }

  /**
   * The batch's next capture, read back and let go; undefined if there is none, or once newer
   * copies in the ring have written over it, as pruning would have taken it.
   */
  takeNext(): QueuedCapture | undefined {
    if (this.batchStart >= this.waitingStart) return undefined;
    const slot = this.batchStart % this.slots;
    const recordAt = this.records[slot]!;
    const answerAt = this.answers[slot]!;
    const record = recordAt === HELD ? (this.held[3 * slot + 2] as string) : this.ring.read(recordAt);
    const copy = answerAt === HELD ? undefined : this.ring.read(answerAt);
    const capture =
      record === null || copy === null
        ? undefined
        : captureOf(record, this.held[3 * slot], copy ?? this.held[3 * slot + 1], copy !== undefined);
    this.letGo(this.batchStart, this.batchStart + 1);
    this.batchStart++;
    return capture;
  }

  private letGo(from: number, to: number) {
    for (let n = from; n < to; n++) {
      const slot = n % this.slots;
      this.held[3 * slot] = this.held[3 * slot + 1] = this.held[3 * slot + 2] = undefined;
    }
  }

  /** Whether these bytes are a text answer's, sent for the first time. */
  private isFirstSending(payload: Buffer, headers: Record<string, unknown>) {
    if (this.sentBefore.has(payload) || !isTextType(headerOf(headers, 'content-type'))) return false;
    this.sentBefore.add(payload);
    return true;
  }
}

/** About what a capture's entry will weigh, read from the sizes at hand (the queue's bound needs no more). */
function estimateOf(record: string, c: JournalCapture): number {
  const payload = c.payload;
  const answer = typeof payload === 'string' || Buffer.isBuffer(payload) ? payload.length : 0;
  const asked = Number(headerOf(c.requestHeaders, 'content-length') ?? 0) || 0;
  return record.length + Math.min(asked, JOURNAL_BODY_MAX_CHARS) + Math.min(answer, JOURNAL_BODY_MAX_CHARS);
}
