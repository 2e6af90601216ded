import { CHAT_PATHS, VOICE_INPUT_SAMPLE_RATE_HZ, VOICE_MESSAGES, type ChatLanguage } from '@pp/contract';
import workletUrl from './pcm-capture.worklet.ts?worker&url';

/** Longest recording before it stops by itself. */
const MAX_RECORDING_MS = 10_000;
/** Audio kept while the socket opens: 3 s at 44.1 kHz, 16-bit. */
const MAX_PENDING_BYTES = 3 * VOICE_INPUT_SAMPLE_RATE_HZ * 2;

export interface VoiceCallbacks {
  onPartial: (text: string) => void;
  onFinal: (text: string) => void;
  onError: (message: string) => void;
}

/**
 * Streams the microphone to the voice socket: 44.1 kHz 16-bit mono frames after a start message,
 * a stop message at the end, partial and final text back (spec section 7).
 */
export async function startVoice(language: ChatLanguage, callbacks: VoiceCallbacks): Promise<() => void> {
  // The socket opens while the microphone and the worklet get ready; the audio context is made
  // first, inside the click, so the browser's autoplay policy lets it run.
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_PATHS.voice}`);
  socket.binaryType = 'arraybuffer';
  const context = new AudioContext({ sampleRate: VOICE_INPUT_SAMPLE_RATE_HZ });
  let media: MediaStream;
  try {
    await context.audioWorklet.addModule(workletUrl);
    media = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    socket.close();
    void context.close();
    throw error;
  }
  const source = context.createMediaStreamSource(media);
  const capture = new AudioWorkletNode(context, 'pcm-capture');
  let stopped = false;
  let started = false;
  // Speech that starts before the socket is open is kept and sent after the start message, so the
  // first words are not lost on a slow connection.
  let pending: ArrayBuffer[] = [];
  let pendingBytes = 0;

  const release = () => {
    source.disconnect();
    capture.disconnect();
    media.getTracks().forEach((t) => t.stop());
    void context.close();
  };

  capture.port.onmessage = (e: MessageEvent<ArrayBuffer>) => {
    if (stopped) return;
    if (started && socket.readyState === WebSocket.OPEN) socket.send(e.data);
    else if (pendingBytes + e.data.byteLength <= MAX_PENDING_BYTES) {
      pending.push(e.data);
      pendingBytes += e.data.byteLength;
    }
  };
  source.connect(capture);

  const begin = () => {
    socket.send(JSON.stringify({ type: 'start', lang: language, sampleRate: context.sampleRate }));
    started = true;
    for (const frame of pending) socket.send(frame);
    pending = [];
    pendingBytes = 0;
    if (stopped) socket.send(JSON.stringify({ type: 'stop' }));
  };
  if (socket.readyState === WebSocket.OPEN) begin();
  else socket.onopen = begin;
  socket.onmessage = (e: MessageEvent<string>) => {
    const message = JSON.parse(e.data) as { type: string; text?: string; message?: string };
    if (message.type === 'partial') callbacks.onPartial(message.text ?? '');
    if (message.type === 'final') {
      callbacks.onFinal(message.text ?? '');
      socket.close();
    }
    if (message.type === 'error') {
      callbacks.onError(message.message ?? 'Voice input failed.');
      stop();
      socket.close();
    }
  };
  socket.onerror = () => callbacks.onError(VOICE_MESSAGES.notReachable);

  const timer = setTimeout(() => stop(), MAX_RECORDING_MS);
  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    release();
    // Before the start message went out, begin() sends the stop after the kept audio.
    if (started && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' }));
  }
  return stop;
}
