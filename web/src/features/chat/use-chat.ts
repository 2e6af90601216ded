import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BOT_REPLY_MIN_DELAY_MS, CHAT_PAYLOADS, TYPING_STATE_DELAY_MS, type BotMessage, type ChatLanguage } from '@pp/contract';
import { askBot, speech } from './api.ts';

/** Chat states of spec section 4. */
export type ChatState = 'start' | 'ready' | 'typing' | 'language';

export interface Line {
  id: number;
  from: 'user' | 'bot';
  text: string;
  buttons?: BotMessage['buttons'];
  form?: boolean;
}

interface Chat {
  state: ChatState;
  language: ChatLanguage;
  lines: Line[];
  nextId: number;
  /** Messages typed while the assistant was answering: shown at once, sent in order when it is ready. */
  queued: string[];
  /** The 3 s after a failure when the assistant is not ready (spec section 4): input waits in the box. */
  paused: boolean;
}

type Event =
  | { type: 'line'; line: Omit<Line, 'id'> }
  | { type: 'state'; state: ChatState }
  | { type: 'queued'; queued: string[] }
  | { type: 'paused'; paused: boolean }
  | { type: 'restarted'; language: ChatLanguage };

function reduce(chat: Chat, event: Event): Chat {
  switch (event.type) {
    case 'line':
      return { ...chat, lines: [...chat.lines, { ...event.line, id: chat.nextId }], nextId: chat.nextId + 1 };
    case 'state':
      return { ...chat, state: event.state };
    case 'queued':
      return { ...chat, queued: event.queued };
    case 'paused':
      return { ...chat, paused: event.paused };
    case 'restarted':
      return { ...chat, language: event.language, lines: [], queued: [] };
  }
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The conversation with the assistant (spec sections 4 and 9): replies shown no sooner than 800 ms
 * and read aloud, messages typed meanwhile queued and sent in order, the failure messages and the
 * 3 s pause after a failure, and a new conversation on restart or a language change.
 */
export function useChat() {
  const { t } = useTranslation(['chat', 'messages']);
  const [chat, dispatch] = useReducer(reduce, {
    state: 'start',
    language: 'en-IN',
    lines: [],
    nextId: 1,
    queued: [],
    paused: false,
  });
  const queue = useRef<string[]>([]);
  const conversation = useRef(0);
  const audio = useRef<HTMLAudioElement | null>(null);
  const add = useCallback((line: Omit<Line, 'id'>) => dispatch({ type: 'line', line }), []);

  // Only the newest reply is read aloud: its request replaces the one before, so speech never holds
  // the browser's few connections to the portal while the next chat message waits for one.
  const speaking = useRef<AbortController | null>(null);
  const readAloud = useCallback((text: string, lang: ChatLanguage) => {
    speaking.current?.abort();
    const request = new AbortController();
    speaking.current = request;
    speech(text, lang, request.signal)
      .then((mp3) => {
        if (request.signal.aborted) return;
        audio.current?.pause();
        audio.current = new Audio(`data:audio/mpeg;base64,${mp3}`);
        return audio.current.play();
      })
      .catch(() => undefined); // Reading aloud is a bonus; the text is already on screen.
  }, []);

  /**
   * One exchange with the bot, then the next queued message, if any, until the queue is empty;
   * a new conversation (restart, language) abandons what is in flight.
   */
  const send = useCallback(
    async (message: string, options: { show?: string; lang?: ChatLanguage } = {}): Promise<void> => {
      const lang = options.lang ?? chat.language;
      const generation = conversation.current;
      let text = message.trim();
      let shown = options.show;
      while (text) {
        if (shown !== '') add({ from: 'user', text: shown ?? text });
        dispatch({ type: 'state', state: 'typing' });
        const started = Date.now();
        try {
          const replies = await askBot(text, lang);
          await wait(Math.max(0, BOT_REPLY_MIN_DELAY_MS - (Date.now() - started)));
          if (generation !== conversation.current) return;
          if (!Array.isArray(replies) || replies.length === 0) {
            add({ from: 'bot', text: t('messages:chatBadResponse') });
          } else {
            for (const r of replies) add({ from: 'bot', text: r.text, ...(r.buttons?.length ? { buttons: r.buttons } : {}) });
            readAloud(replies.map((r) => r.text).join(' '), lang);
          }
          if (text === CHAT_PAYLOADS.callback) add({ from: 'bot', text: '', form: true });
        } catch {
          await wait(Math.max(0, BOT_REPLY_MIN_DELAY_MS - (Date.now() - started)));
          if (generation !== conversation.current) return;
          add({ from: 'bot', text: t('messages:chatTrouble') });
          add({ from: 'bot', text: t('messages:chatTroubleGuru') });
          // Not ready for a while after a failure (spec section 4).
          dispatch({ type: 'paused', paused: true });
          await wait(TYPING_STATE_DELAY_MS);
          dispatch({ type: 'paused', paused: false });
          if (generation !== conversation.current) return;
        }
        const [next, ...rest] = queue.current;
        queue.current = rest;
        dispatch({ type: 'queued', queued: rest });
        text = next ?? '';
        shown = undefined;
      }
      dispatch({ type: 'state', state: 'ready' });
    },
    [chat.language, add, readAloud, t],
  );

  const restart = (language: ChatLanguage = chat.language) => {
    conversation.current++;
    audio.current?.pause();
    speaking.current?.abort();
    queue.current = [];
    dispatch({ type: 'restarted', language });
    void send(CHAT_PAYLOADS.greet, { show: '', lang: language });
  };

  // The conversation starts when the panel first opens.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    restart();
  });

  /** A message typed by the partner: sent now, or queued while the assistant answers; refused while paused. */
  const say = (text: string): boolean => {
    if (!text || chat.paused) return false;
    if (chat.state === 'typing') {
      queue.current = [...queue.current, text];
      dispatch({ type: 'queued', queued: queue.current });
    } else if (chat.state === 'ready') void send(text);
    return true;
  };

  return {
    ...chat,
    send,
    say,
    add,
    restart,
    chooseLanguage: restart,
    showLanguages: () => dispatch({ type: 'state', state: 'language' }),
  };
}
