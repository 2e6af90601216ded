import { constants } from 'node:buffer';

/** Each copy's length, written before it. */
const LENGTH_BYTES = 4;

/**
 * Answers the journal has yet to write, copied as UTF-8 into one buffer that is written round and
 * round. A capture holding its answer keeps it alive until its batch is written: at thousands of
 * answers a second, each read from the database, they outlived the garbage collector's young
 * generation and were carried into the old one (the orders page's bytes, each in memory of its
 * own, as external memory that brings on full collections). A copy lives outside the JavaScript
 * heap, in memory allocated once (docs/decisions/009).
 *
 * A copy is good until newer ones are written over it; by then the ring's size of newer answers has
 * come after it, more than the journal would keep, so the writer passes over it as pruning would.
 */
export class AnswerRing {
  private buffer: Buffer | null = null;
  /** Bytes written since the ring began, not wrapped: where the next copy goes. */
  private written = 0;

  constructor(private readonly size: number) {}

  /**
   * Copies an answer in and answers its place (a number: no object to keep per copy), or null for
   * one too long to share the ring with others (the caller keeps it as it is).
   */
  keep(answer: string | Buffer): number | null {
    // UTF-8 takes at most three bytes for each of a string's UTF-16 units.
    const most = LENGTH_BYTES + (typeof answer === 'string' ? answer.length * 3 : answer.length);
    if (most > this.size / 4) return null;
    // Allocated on the first copy: a server whose journal is off never holds it.
    this.buffer ??= Buffer.allocUnsafeSlow(this.size);
    let offset = this.written % this.size;
    if (this.size - offset < most) {
      // A copy never wraps round the end: the rest of the ring is skipped.
      this.written += this.size - offset;
      offset = 0;
    }
    const length =
      typeof answer === 'string'
        ? this.buffer.write(answer, offset + LENGTH_BYTES)
        : answer.copy(this.buffer, offset + LENGTH_BYTES);
    this.buffer.writeUInt32LE(length, offset);
    const place = this.written;
    this.written += LENGTH_BYTES + length;
    return place;
  }

  /** The text at a place, or null once newer copies have been written over it. */
  read(place: number): string | null {
    if (this.buffer === null || this.written - place > this.size) return null;
    const offset = place % this.size;
    const length = this.buffer.readUInt32LE(offset);
    return this.buffer.toString('utf8', offset + LENGTH_BYTES, offset + LENGTH_BYTES + length);
  }
}

/** The ring for a journal whose answers weigh at most `maxBytes`: the queue's worth and the batch being written. */
export const ringFor = (maxBytes: number) => new AnswerRing(Math.min(2 * maxBytes, constants.MAX_LENGTH));
