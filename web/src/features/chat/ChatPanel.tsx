import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_ASSISTANT_NAME, CHAT_LANGUAGES, type ChatLanguage } from '@pp/contract';
import { useChat } from './use-chat.ts';
import { startVoice } from './voice.ts';
import { CallbackForm } from './CallbackForm.tsx';
import { GLYPHS, InfoIcon, MicIcon } from '../../components/Icons.tsx';

const LANGUAGE_NAMES: Record<ChatLanguage, string> = { 'en-IN': 'English', 'hi-IN': 'हिन्दी', 'ta-IN': 'தமிழ்', 'te-IN': 'తెలుగు' };

/**
 * The chat assistant's panel (spec sections 2, 4, 5, 9): the language screen, the conversation
 * (useChat), the callback mini form and voice input. It stays mounted once opened, so closing keeps
 * the conversation.
 */
export default function ChatPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['chat', 'messages', 'common']);
  const name = CHAT_ASSISTANT_NAME;
  const { state, language, lines, queued, paused, send, say, add, restart, chooseLanguage, showLanguages } = useChat();
  const [input, setInput] = useState('');
  const log = useRef<HTMLDivElement>(null);
  const [voice, setVoice] = useState<'off' | 'listening' | 'recognising'>('off');
  const stopVoice = useRef<(() => void) | null>(null);

  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [lines, state]);

  const startOver = (lang?: ChatLanguage) => {
    setInput('');
    if (lang) chooseLanguage(lang);
    else restart();
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

  // While the assistant answers, the message waits in view and goes as soon as it is ready.
  const submit = () => {
    if (say(input.trim())) setInput('');
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
              onClick={showLanguages}
            >
              {LANGUAGE_NAMES[language]}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-link text-white p-0"
              aria-label={t('restart')}
              onClick={() => startOver()}
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
                    onClick={() => startOver(lang)}
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
