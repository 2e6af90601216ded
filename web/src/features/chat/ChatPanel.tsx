import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOT_REPLY_MIN_DELAY_MS,
  CHAT_ASSISTANT_NAME,
  CHAT_PAYLOADS,
  CHAT_LANGUAGES,
  TYPING_STATE_DELAY_MS,
  type BotMessage,
  type ChatLanguage,
} from '@pp/contract';
import { askBot, speech } from './api.ts';
import { startVoice } from './voice.ts';
import { CallbackForm } from './CallbackForm.tsx';
import { GLYPHS, InfoIcon, MicIcon } from '../../components/Icons.tsx';

const LANGUAGE_NAMES: Record<ChatLanguage, string> = { 'en-IN': 'English', 'hi-IN': 'हिन्दी', 'ta-IN': 'தமிழ்', 'te-IN': 'తెలుగు' };
const START_PAYLOAD = CHAT_PAYLOADS.greet;
const CALLBACK_PAYLOAD = CHAT_PAYLOADS.callback;

/** Chat states of spec section 4. */
type ChatState = 'start' | 'ready' | 'typing' | 'language';

interface Line {
  id: number;
  from: 'user' | 'bot';
  text: string;
  buttons?: BotMessage['buttons'];
  form?: boolean;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The chat assistant's panel (spec sections 2, 4, 5, 9): language screen, replies with buttons
 * shown no sooner than 800 ms and read aloud, failure messages and the 3 s pause after a failure,
 * and the callback mini form. It stays mounted once opened, so closing keeps the conversation.
 */
export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['chat', 'messages', 'common']);
  const name = CHAT_ASSISTANT_NAME;
  const [state, setState] = useState<ChatState>('start');
  const [language, setLanguage] = useState<ChatLanguage>('en-IN');
  const [lines, setLines] = useState<Line[]>([]);
  const [input, setInput] = useState('');
  const nextId = useRef(1);
  const audio = useRef<HTMLAudioElement | null>(null);
  const conversation = useRef(0);
  const log = useRef<HTMLDivElement>(null);
  const [voice, setVoice] = useState<'off' | 'listening' | 'recognising'>('off');
  /** Messages typed while the assistant was answering: shown at once, sent in order when it is ready. */
  const [queued, setQueued] = useState<string[]>([]);
  const queue = useRef<string[]>([]);
  /** The 3 s after a failure when the assistant is not ready (spec section 4): input waits in the box. */
  const [paused, setPaused] = useState(false);
  const stopVoice = useRef<(() => void) | null>(null);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [lines, state]);

  const add = (line: Omit<Line, 'id'>) => setLines((l) => [...l, { ...line, id: nextId.current++ }]);

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
      const lang = options.lang ?? language;
      const generation = conversation.current;
      let text = message.trim();
      let shown = options.show;
      while (text) {
        if (shown !== '') add({ from: 'user', text: shown ?? text });
        setState('typing');
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
          if (text === CALLBACK_PAYLOAD) add({ from: 'bot', text: '', form: true });
        } catch {
          await wait(Math.max(0, BOT_REPLY_MIN_DELAY_MS - (Date.now() - started)));
          if (generation !== conversation.current) return;
          add({ from: 'bot', text: t('messages:chatTrouble') });
          add({ from: 'bot', text: t('messages:chatTroubleGuru') });
          // Not ready for a while after a failure (spec section 4).
          setPaused(true);
          await wait(TYPING_STATE_DELAY_MS);
          setPaused(false);
          if (generation !== conversation.current) return;
        }
        const [next, ...rest] = queue.current;
        queue.current = rest;
        setQueued(rest);
        text = next ?? '';
        shown = undefined;
      }
      setState('ready');
    },
    [language, readAloud, t],
  );

  const restart = (lang: ChatLanguage = language) => {
    conversation.current++;
    audio.current?.pause();
    speaking.current?.abort();
    queue.current = [];
    setQueued([]);
    setLines([]);
    setInput('');
    void send(START_PAYLOAD, { show: '', lang });
  };

  // The conversation starts when the panel first opens.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    restart();
  });

  const chooseLanguage = (lang: ChatLanguage) => {
    setLanguage(lang);
    restart(lang);
  };

  const toggleVoice = async () => {
    if (voice === 'listening') {
      stopVoice.current?.();
      setVoice('recognising');
      return;
    }
    if (voice !== 'off' || state !== 'ready') return;
    setVoice('listening');
    try {
      stopVoice.current = await startVoice(language, {
        onPartial: (text) => setInput(text),
        onFinal: (text) => {
          setInput(text);
          setVoice('off');
        },
        onError: (message) => {
          add({ from: 'bot', text: message });
          setVoice('off');
        },
      });
    } catch {
      add({ from: 'bot', text: t('messages:microphoneBlocked') });
      setVoice('off');
    }
  };

  const submit = () => {
    const text = input.trim();
    if (!text || paused) return;
    setInput('');
    // While the assistant answers, the message waits in view and goes as soon as it is ready.
    if (state === 'typing') {
      queue.current = [...queue.current, text];
      setQueued(queue.current);
    } else if (state === 'ready') void send(text);
  };

  return (
    <>
      {open && (
        <section className="chat-panel shadow-lg" role="dialog" aria-label={t('title', { name })}>
          <header className="chat-header d-flex align-items-center gap-2 px-3 py-2">
            <h2 className="h6 mb-0 me-auto">{t('title', { name })}</h2>
            <OverlayTrigger placement="bottom" overlay={<Tooltip id="chat-info-tip">{t('readAloud')}</Tooltip>}>
              <button type="button" className="btn btn-link text-white p-0 chat-info d-inline-flex" aria-label={t('readAloud')}>
                <InfoIcon />
              </button>
            </OverlayTrigger>
            <button
              type="button"
              className="btn btn-sm btn-link text-white p-0"
              aria-label={t('common:language')}
              onClick={() => setState('language')}
            >
              {LANGUAGE_NAMES[language]}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link text-white p-0"
              aria-label={t('restart')}
              onClick={() => restart()}
            >
              {GLYPHS.home}
            </button>
            <button type="button" className="btn-close btn-close-white" aria-label={t('close')} onClick={onClose} />
          </header>
          {state === 'language' ? (
            <div className="p-3" aria-label={t('chooseLanguage')}>
              <p className="small text-muted">{t('chooseLanguageText')}</p>
              <div className="d-grid gap-2">
                {CHAT_LANGUAGES.map((lang) => (
                  <button
                    key={lang}
                    type="button"
                    className={`btn ${lang === language ? 'btn-primary' : 'btn-outline-primary'}`}
                    onClick={() => chooseLanguage(lang)}
                  >
                    {LANGUAGE_NAMES[lang]}
                  </button>
                ))}
              </div>
            </div>
          ) : (
            <>
              <div className="chat-log p-2" ref={log} aria-live="polite">
                {lines.map((line) =>
                  line.form ? (
                    <CallbackForm key={line.id} onSubmit={(text) => void send(text, { show: text.split(',').join(', ') })} />
                  ) : (
                    <div key={line.id} className={`chat-line ${line.from}`}>
                      <div className="chat-bubble">{line.text}</div>
                      {line.buttons && (
                        <div className="d-flex flex-wrap gap-1 mt-1">
                          {line.buttons.map((b) => (
                            <button
                              key={b.payload}
                              type="button"
                              className="btn btn-outline-primary btn-sm chat-choice"
                              disabled={state !== 'ready'}
                              onClick={() => void send(b.payload, { show: b.title })}
                            >
                              {b.title}
                            </button>
                          ))}
                        </div>
                      )}
                    </div>
                  ),
                )}
                {queued.map((text, i) => (
                  <div key={`queued-${i}`} className="chat-line user queued">
                    <div className="chat-bubble">{text}</div>
                    <div className="small text-muted">{t('queued', { name })}</div>
                  </div>
                ))}
                {state === 'typing' && (
                  <div className="chat-line bot" aria-label={t('typing', { name })}>
                    <div className="chat-bubble typing">
                      <span />
                      <span />
                      <span />
                    </div>
                  </div>
                )}
              </div>
              <form
                className="chat-input d-flex gap-1 p-2 border-top"
                onSubmit={(e) => {
                  e.preventDefault();
                  submit();
                }}
              >
                <input
                  className="form-control form-control-sm"
                  placeholder={
                    voice === 'listening'
                      ? t('listening')
                      : voice === 'recognising'
                        ? t('recognising')
                        : t('messages:chatPlaceholder')
                  }
                  aria-label={t('message')}
                  maxLength={500}
                  value={input}
                  onChange={(e) => setInput(e.target.value)}
                />
                <button
                  type="button"
                  className={`btn btn-sm ${voice === 'listening' ? 'btn-danger' : 'btn-outline-primary'}`}
                  aria-label={t(voice === 'listening' ? 'stopRecording' : 'speak')}
                  aria-pressed={voice === 'listening'}
                  disabled={voice === 'recognising' || (voice === 'off' && state !== 'ready')}
                  onClick={() => void toggleVoice()}
                >
                  <MicIcon />
                </button>
                <button
                  type="submit"
                  className="btn btn-primary btn-sm"
                  aria-label={t('send')}
                  disabled={paused || (state !== 'ready' && state !== 'typing')}
                >
                  {GLYPHS.send}
                </button>
              </form>
            </>
          )}
        </section>
      )}
    </>
  );
}
