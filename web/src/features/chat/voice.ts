import { VOICE_LANGUAGE_PARAM, VOICE_SOCKET_PATH, VOICE_INPUT_SAMPLE_RATE_HZ, type ChatLanguage } from '@pp/contract';
import i18next, { languageOf } from '../../i18n/index.ts';
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
 * a stop message at the end, partial and final text back (spec section 7). Returns the function
 * that stops the recording; the final text or one error then reaches the callbacks.
 */
export async function startVoice(language: ChatLanguage, callbacks: VoiceCallbacks): Promise<() => void> {
  // The socket opens while the microphone and the worklet get ready, so its handlers are attached
  // at once; the audio context is made first, inside the click, so autoplay rules let it run.
  // The socket's errors come in the page's language, which the upgrade's headers cannot say.
  const address = `${VOICE_SOCKET_PATH}?${VOICE_LANGUAGE_PARAM}=${languageOf(i18next.language)}`;
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${address}`);
  socket.binaryType = 'arraybuffer';
  const context = new AudioContext({ sampleRate: VOICE_INPUT_SAMPLE_RATE_HZ });
  let media: MediaStream | null = null;
  let source: MediaStreamAudioSourceNode | null = null;
  let capture: AudioWorkletNode | null = null;
  /** No more audio is captured or sent. */
  let stopped = false;
  /** The start message went out. */
  let started = false;
  /** The widget got its one outcome: the final text or an error. */
  let finished = false;
  // Speech that starts before the socket is open is kept and sent after the start message, so the
  // first words are not lost on a slow connection.
  let pending: ArrayBuffer[] = [];
  let pendingBytes = 0;
  const sendStop = () => socket.send(JSON.stringify({ type: 'stop' }));
  const timer = setTimeout(() => stop(), MAX_RECORDING_MS);

  function stop() {
    if (stopped) return;
    stopped = true;
    clearTimeout(timer);
    source?.disconnect();
    capture?.disconnect();
    media?.getTracks().forEach((t) => t.stop());
    void context.close();
    // Before the start message went out, begin() sends the stop after the kept audio.
    if (started && socket.readyState === WebSocket.OPEN) sendStop();
  }
  const fail = (message: string) => {
    if (finished) return;
    finished = true;
    callbacks.onError(message);
    stop();
    socket.close();
  };
  const begin = () => {
    if (finished) return;
    socket.send(JSON.stringify({ type: 'start', lang: language, sampleRate: context.sampleRate }));
    started = true;
    for (const frame of pending) socket.send(frame);
    pending = [];
    pendingBytes = 0;
    if (stopped) sendStop();
  };
  socket.onopen = begin;
  socket.onmessage = (e: MessageEvent<string>) => {
    const message = JSON.parse(e.data) as { type: string; text?: string; message?: string };
    if (message.type === 'partial' && !finished) callbacks.onPartial(message.text ?? '');
    if (message.type === 'final' && !finished) {
      finished = true;
      callbacks.onFinal(message.text ?? '');
      socket.close();
    }
    if (message.type === 'error') fail(message.message ?? i18next.t('chat:voiceFailed'));
  };
  // A socket that fails or closes before the final text also lets the microphone go.
  socket.onerror = () => fail(i18next.t('messages:voiceNotReachable'));
  socket.onclose = () => fail(i18next.t('messages:voiceNotReachable'));

  try {
    await context.audioWorklet.addModule(workletUrl);
    media = await navigator.mediaDevices.getUserMedia({
      audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
    });
  } catch (error) {
    // A socket failure already told the user (and closed the context under the worklet's load).
    if (finished) return stop;
    finished = true;
    stop();
    socket.close();
    throw error;
  }
  if (stopped) {
    media.getTracks().forEach((t) => t.stop());
    return stop;
  }
  source = context.createMediaStreamSource(media);
  capture = new AudioWorkletNode(context, 'pcm-capture');
  capture.port.onmessage = (e: MessageEvent<ArrayBuffer>) => {
    if (stopped) return;
    if (started && socket.readyState === WebSocket.OPEN) socket.send(e.data);
    else if (pendingBytes + e.data.byteLength <= MAX_PENDING_BYTES) {
      pending.push(e.data);
      pendingBytes += e.data.byteLength;
    }
  };
  source.connect(capture);
  return stop;
}
