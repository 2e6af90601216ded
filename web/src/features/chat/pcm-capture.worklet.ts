/// <reference lib="webworker" />
/**
 * Audio worklet that hands the microphone's samples to the page as 16-bit PCM frames. It runs on
 * the audio thread, so it only converts and posts; the page sends the frames on the voice socket.
 */
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}
declare function registerProcessor(name: string, processor: new () => AudioWorkletProcessor): void;

const FRAME_SAMPLES = 4096;

class PcmCapture extends AudioWorkletProcessor {
  private buffer = new Int16Array(FRAME_SAMPLES);
  private filled = 0;

  process(inputs: Float32Array[][]): boolean {
    const channel = inputs[0]?.[0];
    if (channel) {
      for (let i = 0; i < channel.length; i++) {
        const s = Math.max(-1, Math.min(1, channel[i]!));
        this.buffer[this.filled++] = s < 0 ? s * 0x8000 : s * 0x7fff;
        if (this.filled === FRAME_SAMPLES) {
          this.port.postMessage(this.buffer.buffer, [this.buffer.buffer]);
          this.buffer = new Int16Array(FRAME_SAMPLES);
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
