import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChatLanguage } from '@pp/contract';

/** eSpeak NG voice for each chat language (it has no Indian-English voice; American English is the clearest). */
export const TTS_VOICES: Record<ChatLanguage, string> = { 'en-IN': 'en-us', 'hi-IN': 'hi', 'ta-IN': 'ta', 'te-IN': 'te' };

const PROCESS_FILE = fileURLToPath(new URL('./tts-process.ts', import.meta.url));

export class TtsBusyError extends Error {}

interface Pending {
  resolve: (base64: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * Runs synthesis in one child process, one job at a time in order, with a bounded queue and a
 * per-job time limit; a child that dies or hangs is replaced.
 */
export class TtsEngine {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  constructor(private readonly options: { maxQueue: number; timeoutMs: number }) {}

  private start(): ChildProcess {
    const child = fork(PROCESS_FILE, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.on('message', (message: { id?: number; mp3?: string; error?: string }) => {
      const job = message.id === undefined ? undefined : this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id!);
      clearTimeout(job.timer);
      if (message.mp3) job.resolve(message.mp3);
      else job.reject(new Error(message.error ?? 'speech synthesis failed'));
    });
    child.once('exit', () => {
      if (this.child === child) this.child = null;
      for (const [id, job] of this.pending) {
        clearTimeout(job.timer);
        job.reject(new Error('speech synthesis stopped'));
        this.pending.delete(id);
      }
    });
    this.child = child;
    return child;
  }

  speak(text: string, language: ChatLanguage): Promise<string> {
    if (this.pending.size >= this.options.maxQueue) return Promise.reject(new TtsBusyError('speech synthesis is busy'));
    const child = this.child ?? this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error('speech synthesis timed out'));
        child.kill();
      }, this.options.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      child.send({ id, text, voice: TTS_VOICES[language] });
    });
  }

  close() {
    this.child?.kill();
    this.child = null;
  }
}
