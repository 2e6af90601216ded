/**
 * Resampler figures: speed as a multiple of real time on one core (44.1 kHz → 16 kHz, 4096-sample
 * frames), passband ripple up to 7.2 kHz and the worst alias rejection above 8 kHz.
 * Run: npm run bench:resampler
 */
import { Resampler } from '@pp/gateway';

const IN = 44_100;
const OUT = 16_000;
const tone = (hz: number, seconds: number) =>
  Float32Array.from({ length: Math.round(seconds * IN) }, (_, n) => 0.5 * Math.sin((2 * Math.PI * hz * n) / IN));
const rms = (x: Float32Array) => Math.sqrt(x.reduce((s, v) => s + v * v, 0) / x.length);
function gainDb(hz: number) {
  const r = new Resampler(IN, OUT);
  const input = tone(hz, 1);
  const out = r.processFloat(input);
  const skip = Math.ceil(r.delayInOutputSamples * 2);
  return 20 * Math.log10(rms(out.subarray(skip, out.length - skip)) / rms(input));
}

const seconds = 60;
const audio = tone(440, seconds);
const r = new Resampler(IN, OUT);
const start = performance.now();
for (let i = 0; i < audio.length; i += 4096) r.processFloat(audio.subarray(i, i + 4096));
const elapsed = (performance.now() - start) / 1000;

const passband = Array.from({ length: 72 }, (_, i) => gainDb(100 * (i + 1)));
const stopband = Array.from({ length: 57 }, (_, i) => gainDb(8000 + 250 * i));
console.log(`Resampler ${IN} → ${OUT} Hz, ${r.tapsPerPhase} taps per output sample`);
console.log(
  `  speed: ${seconds} s of audio in ${elapsed.toFixed(2)} s = ${(seconds / elapsed).toFixed(0)}x real time (one core)`,
);
console.log(
  `  passband ripple 100 Hz–7.2 kHz: ${(Math.max(...passband) - Math.min(...passband)).toFixed(4)} dB (gain ${Math.min(...passband).toFixed(4)} … ${Math.max(...passband).toFixed(4)} dB)`,
);
console.log(`  alias rejection 8–22 kHz: at least ${(-Math.max(...stopband)).toFixed(1)} dB`);
