import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { VOICE_INPUT_SAMPLE_RATE_HZ } from '@pp/contract';
import { speakToPcm, wavFile, Resampler } from '@pp/gateway';
import { FAKE_MIC_WAV, FAKE_MIC_PHRASE } from './fake-mic.ts';
import { forgetCheckedPages } from './accessibility.ts';

/** Records the phrase the fake microphone plays (our own eSpeak voice, 44.1 kHz, with silence around it). */
export default async function globalSetup() {
  forgetCheckedPages();
  const { pcm, sampleRate } = await speakToPcm(FAKE_MIC_PHRASE, 'en-us');
  const speech = new Resampler(sampleRate, VOICE_INPUT_SAMPLE_RATE_HZ).processInt16(pcm);
  const silence = (seconds: number) => new Int16Array(Math.round(seconds * VOICE_INPUT_SAMPLE_RATE_HZ));
  // A second of silence first, as a person takes a moment after pressing Speak; the device starts
  // playing when the page asks for the microphone, before the capture is wired up.
  const lead = silence(1).length;
  const all = new Int16Array(lead + speech.length + silence(1.5).length);
  all.set(speech, lead);
  await mkdir(path.dirname(FAKE_MIC_WAV), { recursive: true });
  await writeFile(FAKE_MIC_WAV, wavFile(all, VOICE_INPUT_SAMPLE_RATE_HZ));
}
