import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VOICE_ENGINE_SAMPLE_RATE_HZ, type ChatLanguage } from '@pp/contract';
import { buildJsgf, chatPhrases, dictionaryWords } from './grammar.ts';

/** Turns 16 kHz mono speech into text; one implementation per engine. */
export interface Recognizer {
  readonly name: string;
  supports(language: ChatLanguage): boolean;
  /** `grammarOnly` skips the free-speech fallback (for quick partial results). */
  recognize(pcm: Int16Array, language: ChatLanguage, options?: { grammarOnly?: boolean }): Promise<string>;
}

export function wavFile(pcm: Int16Array, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.byteLength, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.byteLength, 40);
  return Buffer.concat([header, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength)]);
}

const DEFAULT_BINARY = '/usr/bin/pocketsphinx_continuous';
const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';
const RUN_TIMEOUT_MS = 20_000;

/**
 * Debian's pocketsphinx (CLI, en-us model), offline. English only: it has no Hindi, Tamil or
 * Telugu model. First the chat grammar; when that hears nothing, the generic language model.
 */
export class PocketsphinxRecognizer implements Recognizer {
  readonly name = 'pocketsphinx';
  private grammarFile: Promise<string> | null = null;

  constructor(
    private readonly binary: string,
    private readonly modelDir: string,
  ) {}

  supports(language: ChatLanguage) {
    return language === 'en-IN';
  }

  private grammar(): Promise<string> {
    this.grammarFile ??= (async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'pp-grammar-'));
      const { jsgf } = buildJsgf(chatPhrases(), dictionaryWords(path.join(this.modelDir, 'cmudict-en-us.dict')));
      const file = path.join(dir, 'chat.jsgf');
      await writeFile(file, jsgf);
      return file;
    })();
    return this.grammarFile;
  }

  private run(wav: string, extra: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
      execFile(this.binary, ['-infile', wav, '-logfn', '/dev/null', ...extra], { timeout: RUN_TIMEOUT_MS }, (error, stdout) => {
        if (error) reject(new Error(error.message, { cause: error }));
        else
          resolve(
            stdout
              .split('\n')
              .map((l) => l.trim())
              .filter(Boolean)
              .join(' '),
          );
      });
    });
  }

  async recognize(pcm: Int16Array, _language: ChatLanguage, options: { grammarOnly?: boolean } = {}): Promise<string> {
    const dir = await mkdtemp(path.join(tmpdir(), 'pp-voice-'));
    const wav = path.join(dir, 'speech.wav');
    try {
      await writeFile(wav, wavFile(pcm, VOICE_ENGINE_SAMPLE_RATE_HZ));
      const fromGrammar = await this.run(wav, ['-jsgf', await this.grammar()]);
      if (fromGrammar || options.grammarOnly) return fromGrammar;
      return await this.run(wav, []);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** The installed engine, or null when none is (the voice socket then says so). */
export function detectRecognizer(options: { binary?: string; modelDir?: string } = {}): Recognizer | null {
  const binary = options.binary ?? DEFAULT_BINARY;
  const modelDir = options.modelDir ?? DEFAULT_MODEL_DIR;
  if (!existsSync(binary) || !existsSync(path.join(modelDir, 'cmudict-en-us.dict'))) return null;
  return new PocketsphinxRecognizer(binary, modelDir);
}
