import { describe, expect, it } from 'vitest';
import { AnswerRing } from './answer-ring.ts';

describe('the answer ring', () => {
  it('gives back texts and bytes as they were copied, Hindi included', () => {
    const ring = new AnswerRing(4096);
    const hindi = '{"name":"देशपांडे स्टील","amount":1200}';
    const text = ring.keep(hindi)!;
    const bytes = ring.keep(Buffer.from('{"status":"Open"}'))!;
    expect(ring.read(text)).toBe(hindi);
    expect(ring.read(bytes)).toBe('{"status":"Open"}');
  });

  it('goes round: a copy that would not fit before the end starts at the start, over the oldest', () => {
    const ring = new AnswerRing(4000);
    const copies = Array.from({ length: 14 }, (_, i) => `${i}`.padEnd(300, '.'));
    const places = copies.map((copy) => ring.keep(copy)!);
    // Each copy takes 304 bytes but needs room for 904 (three bytes a character at most): the
    // twelfth goes to the start, and it and the next two are written over the first three.
    expect(places.map((p) => ring.read(p))).toEqual([null, null, null, ...copies.slice(3)]);
  });

  it('refuses an answer too long to share the ring, which the journal then holds as it is', () => {
    const ring = new AnswerRing(1000);
    expect(ring.keep('x'.repeat(100))).toBeNull();
    expect(ring.keep(Buffer.alloc(300))).toBeNull();
    expect(ring.read(ring.keep('x'.repeat(50))!)).toBe('x'.repeat(50));
  });
});
