/// <reference path="./espeak-ng.d.ts" />
import ESpeakNg from 'espeak-ng';

/** Speaks text with eSpeak NG (WebAssembly) into 16-bit mono PCM at its native rate (22 050 Hz). */
export async function speakToPcm(text: string, voice: string): Promise<{ pcm: Int16Array; sampleRate: number }> {
  const espeak = await ESpeakNg({ arguments: ['-v', voice, '-w', '/out.wav', '--', text], print: () => {}, printErr: () => {} });
  const wav: Uint8Array = espeak.FS.readFile('/out.wav');
  const view = new DataView(wav.buffer, wav.byteOffset, wav.byteLength);
  const sampleRate = view.getUint32(24, true);
  // eSpeak writes a canonical 44-byte header; its data chunk follows.
  const pcm = new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength));
  return { pcm, sampleRate };
}
