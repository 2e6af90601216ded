import { describe, expect, it } from 'vitest';
import { RecognitionBusyError, RecognitionPool } from './recognition-pool.ts';
import type { Recognizer } from './recognizer.ts';

/** A recogniser whose every run waits until the test finishes it. */
function heldRecognizer() {
  const runs: { grammarOnly: boolean; finish: (text: string) => void }[] = [];
  const recognizer: Recognizer = {
    name: 'held',
    supports: () => true,
    recognize: (_pcm, _language, options) =>
      new Promise((resolve) => runs.push({ grammarOnly: Boolean(options?.grammarOnly), finish: resolve })),
  };
  return { recognizer, runs };
}

const pcm = new Int16Array(160);

describe('RecognitionPool', () => {
  it('runs as many as it has workers, queues the next ones, and refuses beyond the queue', async () => {
    const { recognizer, runs } = heldRecognizer();
    const pool = new RecognitionPool(recognizer, { workers: 2, maxQueue: 1 });
    const first = pool.final(pcm, 'en-IN');
    const second = pool.final(pcm, 'en-IN');
    const third = pool.final(pcm, 'en-IN');
    await expect(pool.final(pcm, 'en-IN')).rejects.toBeInstanceOf(RecognitionBusyError);
    expect(runs).toHaveLength(2);
    expect(pool.load()).toEqual({ running: 2, waiting: 1 });
    // A partial result does not wait for a worker.
    expect(pool.partial(pcm, 'en-IN')).toBeNull();

    runs[0]!.finish('one');
    expect(await first).toBe('one');
    await Promise.resolve();
    expect(runs).toHaveLength(3);
    runs[1]!.finish('two');
    runs[2]!.finish('three');
    expect(await Promise.all([second, third])).toEqual(['two', 'three']);
    expect(pool.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('runs a partial result on a free worker, grammar only', async () => {
    const { recognizer, runs } = heldRecognizer();
    const pool = new RecognitionPool(recognizer, { workers: 1, maxQueue: 0 });
    const partial = pool.partial(pcm, 'en-IN');
    expect(partial).not.toBeNull();
    expect(runs[0]!.grammarOnly).toBe(true);
    runs[0]!.finish('how do i');
    expect(await partial).toBe('how do i');
  });
});
