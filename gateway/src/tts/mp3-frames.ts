/** Walks the frames of an MPEG audio Layer III stream; used to check what the TTS answers. */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] } as Record<number, number[]>;

export interface Mp3Summary {
  frames: number;
  sampleRate: number;
  durationSeconds: number;
}

/** Throws at the first byte that is not a valid Layer III frame header. */
export function parseMp3(data: Uint8Array): Mp3Summary {
  let offset = 0;
  let frames = 0;
  let samples = 0;
  let sampleRate = 0;
  while (offset + 4 <= data.length) {
    const b1 = data[offset + 1]!;
    const b2 = data[offset + 2]!;
    if (data[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at byte ${offset}`);
    const version = (b1 >> 3) & 0x03; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const layer = (b1 >> 1) & 0x03; // 1 = Layer III
    if (layer !== 1 || version === 1) throw new Error(`not MPEG Layer III at byte ${offset}`);
    const bitrateKbps = (version === 3 ? BITRATES_V1 : BITRATES_V2)[(b2 >> 4) & 0x0f];
    const rate = RATES[version]![(b2 >> 2) & 0x03];
    if (!bitrateKbps || !rate) throw new Error(`bad bitrate or sample rate at byte ${offset}`);
    const padding = (b2 >> 1) & 0x01;
    const perFrame = version === 3 ? 1152 : 576;
    const length = Math.floor(((perFrame / 8) * bitrateKbps * 1000) / rate) + padding;
    offset += length;
    frames++;
    samples += perFrame;
    sampleRate = rate;
  }
  if (offset !== data.length) throw new Error(`stream ends inside a frame (${data.length - (offset - 0)} bytes off)`);
  return { frames, sampleRate, durationSeconds: sampleRate ? samples / sampleRate : 0 };
}
