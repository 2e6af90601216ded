/**
 * Streaming rational resampler (polyphase, Kaiser-windowed sinc), used to turn the browser's
 * 44.1 kHz microphone audio into the 16 kHz the recogniser expects. Written here rather than
 * taken from a WebAssembly port because it is small, synchronous and streams frame by frame with
 * exact output lengths; resampler.test.ts measures its passband and alias rejection.
 */

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Zeroth-order modified Bessel function of the first kind (for the Kaiser window). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 50; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-12) break;
  }
  return sum;
}

export interface ResamplerOptions {
  /** Edge of the band kept flat, in Hz (default 90 % of the output Nyquist). */
  passbandHz?: number;
  /** Where the stopband begins, in Hz (default the output Nyquist: nothing above it may alias). */
  stopbandHz?: number;
  /** Stopband attenuation the filter is designed for, in dB. */
  attenuationDb?: number;
}

export class Resampler {
  readonly up: number;
  readonly down: number;
  /** Input samples each output sample looks at. */
  readonly tapsPerPhase: number;
  private readonly phases: Float32Array[];
  /** The last tapsPerPhase - 1 input samples, newest last, carried between calls. */
  private history: Float32Array;
  private inputCount = 0;
  private outputCount = 0;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
    options: ResamplerOptions = {},
  ) {
    const g = gcd(inputRate, outputRate);
    this.up = outputRate / g;
    this.down = inputRate / g;
    const nyquist = Math.min(inputRate, outputRate) / 2;
    const passband = options.passbandHz ?? nyquist * 0.9;
    const stopband = options.stopbandHz ?? nyquist;
    const attenuation = options.attenuationDb ?? 90;

    // Kaiser design at the up-sampled rate: cutoff in the middle of the transition band.
    const upRate = inputRate * this.up;
    const cutoff = (passband + stopband) / 2 / upRate;
    const transition = (2 * Math.PI * (stopband - passband)) / upRate;
    const beta =
      attenuation > 50 ? 0.1102 * (attenuation - 8.7) : 0.5842 * (attenuation - 21) ** 0.4 + 0.07886 * (attenuation - 21);
    const length = Math.ceil((attenuation - 8) / (2.285 * transition)) | 1;
    this.tapsPerPhase = Math.ceil(length / this.up);
    const total = this.tapsPerPhase * this.up;
    const centre = (total - 1) / 2;
    const i0Beta = besselI0(beta);
    const prototype = new Float64Array(total);
    for (let n = 0; n < total; n++) {
      const m = n - centre;
      const sinc = m === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * m) / (Math.PI * m);
      const r = (2 * n) / (total - 1) - 1;
      prototype[n] = sinc * (besselI0(beta * Math.sqrt(Math.max(0, 1 - r * r))) / i0Beta);
    }
    // Each phase sums to 1/up of the DC gain; scaling by up restores unity gain after zero-stuffing.
    let dc = 0;
    for (const v of prototype) dc += v;
    const scale = this.up / dc;
    this.phases = Array.from({ length: this.up }, (_, p) => {
      const taps = new Float32Array(this.tapsPerPhase);
      for (let k = 0; k < this.tapsPerPhase; k++) taps[k] = prototype[p + k * this.up]! * scale;
      return taps;
    });
    this.history = new Float32Array(this.tapsPerPhase - 1);
  }

  /** Output samples the whole input so far yields: ceil(inputs * up / down), whatever the framing. */
  static outputLength(inputLength: number, up: number, down: number): number {
    return Math.ceil((inputLength * up) / down);
  }

  /** Resamples the next frame (any length); the result continues the previous frames seamlessly. */
  processFloat(input: Float32Array): Float32Array {
    const keep = this.tapsPerPhase - 1;
    const buffer = new Float32Array(keep + input.length);
    buffer.set(this.history, 0);
    buffer.set(input, keep);
    const totalIn = this.inputCount + input.length;
    const totalOut = Resampler.outputLength(totalIn, this.up, this.down);
    const output = new Float32Array(totalOut - this.outputCount);
    for (let j = 0; j < output.length; j++) {
      const upIndex = (this.outputCount + j) * this.down;
      const inIndex = Math.floor(upIndex / this.up);
      const taps = this.phases[upIndex % this.up]!;
      // Position of input sample inIndex inside buffer; taps run backwards in time.
      const at = inIndex - this.inputCount + keep;
      let acc = 0;
      for (let k = 0; k < taps.length; k++) acc += taps[k]! * buffer[at - k]!;
      output[j] = acc;
    }
    this.history = buffer.slice(buffer.length - keep);
    this.inputCount = totalIn;
    this.outputCount = totalOut;
    return output;
  }

  /** 16-bit PCM in and out (rounded and clipped). */
  processInt16(input: Int16Array): Int16Array {
    const floats = new Float32Array(input.length);
    for (let i = 0; i < input.length; i++) floats[i] = input[i]! / 32768;
    const out = this.processFloat(floats);
    const pcm = new Int16Array(out.length);
    for (let i = 0; i < out.length; i++) pcm[i] = Math.max(-32768, Math.min(32767, Math.round(out[i]! * 32768)));
    return pcm;
  }

  /** Delay the filter adds, in output samples (used to line up measurements). */
  get delayInOutputSamples(): number {
    return (this.tapsPerPhase * this.up - 1) / 2 / this.down;
  }
}
