/**
 * Text-to-speech in a child process of its own: eSpeak NG compiled to WebAssembly synthesises a
 * WAV, the LAME port encodes it as MP3. Both are synchronous and take a few hundred milliseconds,
 * so they run here and never hold up the gateway's bot replies.
 */
import { Mp3Encoder } from '@breezystack/lamejs';
import { speakToPcm } from './espeak.ts';

interface Job {
  id: number;
  text: string;
  voice: string;
}

const MP3_KBPS = 48;
const FRAME = 1152;

async function synthesize(text: string, voice: string): Promise<Buffer> {
  const { pcm, sampleRate } = await speakToPcm(text, voice);
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const chunks: Buffer[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const mp3 = encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
    if (mp3.length > 0) chunks.push(Buffer.from(mp3.buffer, mp3.byteOffset, mp3.length));
  }
  const tail = encoder.flush();
  if (tail.length > 0) chunks.push(Buffer.from(tail.buffer, tail.byteOffset, tail.length));
  return Buffer.concat(chunks);
}

/** Answers the gateway, unless it has gone away meanwhile. */
function reply(message: object) {
  if (process.connected) process.send?.(message);
}

process.on('message', (job: Job) => {
  synthesize(job.text, job.voice).then(
    (mp3) => reply({ id: job.id, mp3: mp3.toString('base64') }),
    (error: unknown) => reply({ id: job.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The gateway went away (even by SIGKILL): nobody is left to answer, so no orphan stays behind.
process.on('disconnect', () => process.exit(0));
process.on('error', () => process.exit(0));
process.send?.({ ready: true });
