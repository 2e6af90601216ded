import { describe, expect, it } from 'vitest';
import { VOICE_ENGINE_SAMPLE_RATE_HZ as OUT, VOICE_INPUT_SAMPLE_RATE_HZ as IN } from '@pp/contract';
import { Resampler } from './resampler.ts';

const tone = (hz: number, seconds: number, amplitude = 0.5, rate = IN) =>
  Float32Array.from({ length: Math.round(seconds * rate) }, (_, n) => amplitude * Math.sin((2 * Math.PI * hz * n) / rate));

const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
const db = (ratio: number) => 20 * Math.log10(ratio);

/** Level of the steady part (the filter's start-up and tail cut off). */
function steadyGainDb(hz: number): number {
  const r = new Resampler(IN, OUT);
  const input = tone(hz, 1);
  const out = r.processFloat(input);
  const skip = Math.ceil(r.delayInOutputSamples * 2);
  return db(rms(out.subarray(skip, out.length - skip)) / rms(input));
}

/** Frequency of the strongest bin of a tone by zero crossings (enough for a clean sine). */
function frequencyOf(x: Float32Array, rate: number): number {
  let crossings = 0;
  for (let i = 1; i < x.length; i++) if (x[i - 1]! < 0 && x[i]! >= 0) crossings++;
  return (crossings * rate) / x.length;
}

describe('Resampler 44.1 kHz → 16 kHz', () => {
  it('keeps a 1 kHz tone at its level (within 0.1 dB) and frequency', () => {
    expect(Math.abs(steadyGainDb(1000))).toBeLessThan(0.1);
    const r = new Resampler(IN, OUT);
    const out = r.processFloat(tone(1000, 1));
    const steady = out.subarray(1000, out.length - 1000);
    expect(frequencyOf(steady, OUT)).toBeCloseTo(1000, -1);
  });

  it('keeps the passband (up to 7.2 kHz) flat within 0.1 dB', () => {
    for (const hz of [100, 300, 1000, 2000, 3400, 5000, 6500, 7200]) {
      expect(Math.abs(steadyGainDb(hz)), `${hz} Hz`).toBeLessThan(0.1);
    }
  });

  it('attenuates tones above 8 kHz by at least 70 dB (no aliasing into the speech band)', () => {
    for (const hz of [8000, 8200, 9000, 11025, 15000, 20000, 22000]) {
      expect(steadyGainDb(hz), `${hz} Hz`).toBeLessThan(-70);
    }
  });

  it('gives exactly ceil(n·160/441) samples, identical whatever the frame sizes (no drift, no clicks)', () => {
    const input = tone(440, 2.3);
    const whole = new Resampler(IN, OUT).processFloat(input);
    expect(whole.length).toBe(Math.ceil((input.length * 160) / 441));
    for (const frame of [1, 7, 128, 441, 1000, 2048, 4096, 44100]) {
      const r = new Resampler(IN, OUT);
      const parts: Float32Array[] = [];
      for (let i = 0; i < input.length; i += frame) parts.push(r.processFloat(input.subarray(i, i + frame)));
      const joined = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        joined.set(p, at);
        at += p.length;
      }
      expect(joined.length, `frame ${frame}`).toBe(whole.length);
      let maxDiff = 0;
      for (let i = 0; i < whole.length; i++) maxDiff = Math.max(maxDiff, Math.abs(joined[i]! - whole[i]!));
      expect(maxDiff, `frame ${frame}`).toBeLessThan(1e-6);
    }
  });

  it('converts 16-bit PCM with rounding and clipping', () => {
    const r = new Resampler(IN, OUT);
    const pcm = Int16Array.from(tone(1000, 0.5, 1.2), (v) => Math.max(-32768, Math.min(32767, Math.round(v * 32767))));
    const out = r.processInt16(pcm);
    expect(out.length).toBe(Math.ceil((pcm.length * 160) / 441));
    expect(Math.max(...out)).toBeLessThanOrEqual(32767);
    expect(Math.min(...out)).toBeGreaterThanOrEqual(-32768);
  });
});
