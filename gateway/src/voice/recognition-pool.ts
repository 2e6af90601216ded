import type { ChatLanguage } from '@pp/contract';
import type { Recognizer } from './recognizer.ts';

/** Thrown when every worker is busy and the queue is full: the socket says "busy, try again". */
export class RecognitionBusyError extends Error {}

interface Job {
  run: () => Promise<string>;
  resolve: (text: string) => void;
  reject: (error: unknown) => void;
}

/**
 * A fixed number of recognitions at a time, the rest waiting in a bounded queue. Each recognition
 * is a process using a whole core, so 50 at once made every one of them slow enough to fail;
 * behind the pool they take turns and finish. Partial results only run on a free worker and never
 * wait: a final result matters, a partial one is a nicety.
 */
export class RecognitionPool {
  private running = 0;
  private readonly queue: Job[] = [];

  constructor(
    private readonly recognizer: Recognizer,
    private readonly options: { workers: number; maxQueue: number },
  ) {}

  supports(language: ChatLanguage) {
    return this.recognizer.supports(language);
  }

  /** Recognitions running and waiting now (for health and the abuse script). */
  load() {
    return { running: this.running, waiting: this.queue.length };
  }

  /** The final text: runs now, or waits its turn; RecognitionBusyError when the queue is full. */
  final(pcm: Int16Array, language: ChatLanguage): Promise<string> {
    return this.submit(() => this.recognizer.recognize(pcm, language), true)!;
  }

  /** A partial text on a free worker, or null at once when none is free. */
  partial(pcm: Int16Array, language: ChatLanguage): Promise<string> | null {
    return this.submit(() => this.recognizer.recognize(pcm, language, { grammarOnly: true }), false);
  }

  private submit(run: () => Promise<string>, mayWait: boolean): Promise<string> | null {
    if (this.running >= this.options.workers) {
      if (!mayWait) return null;
      if (this.queue.length >= this.options.maxQueue) return Promise.reject(new RecognitionBusyError('recognition is busy'));
      return new Promise((resolve, reject) => this.queue.push({ run, resolve, reject }));
    }
    return this.start(run);
  }

  private start(run: () => Promise<string>): Promise<string> {
    this.running++;
    return run().finally(() => {
      this.running--;
      const next = this.queue.shift();
      if (next) this.start(next.run).then(next.resolve, next.reject);
    });
  }
}
