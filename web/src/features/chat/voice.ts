import { CHAT_PATHS, VOICE_INPUT_SAMPLE_RATE_HZ, VOICE_MESSAGES, type ChatLanguage } from '@pp/contract';
import workletUrl from './pcm-capture.worklet.ts?worker&url';

/** Longest recording before it stops by itself. */
const MAX_RECORDING_MS = 10_000;

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
  const media = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true } });
  const context = new AudioContext({ sampleRate: VOICE_INPUT_SAMPLE_RATE_HZ });
  await context.audioWorklet.addModule(workletUrl);
  const source = context.createMediaStreamSource(media);
  const capture = new AudioWorkletNode(context, 'pcm-capture');
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${CHAT_PATHS.voice}`);
  socket.binaryType = 'arraybuffer';
  let stopped = false;

  const release = () => {
    source.disconnect();
    capture.disconnect();
    media.getTracks().forEach((t) => t.stop());
    void context.close();
  };

  socket.onopen = () => {
    socket.send(JSON.stringify({ type: 'start', lang: language, sampleRate: context.sampleRate }));
    capture.port.onmessage = (e: MessageEvent<ArrayBuffer>) => {
      if (!stopped && socket.readyState === WebSocket.OPEN) socket.send(e.data);
    };
    source.connect(capture);
  };
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
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' }));
  }
  return stop;
}
