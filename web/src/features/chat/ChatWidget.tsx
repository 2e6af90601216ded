import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_ASSISTANT_NAME, CHAT_ICON_HIDE_SCROLL_PX } from '@pp/contract';
import { ChatIcon } from '../../components/Icons.tsx';

// The panel (conversation, voice, callback form, tooltip) loads when the visitor first opens the
// chat, so a page carries only this button.
const ChatPanel = lazy(() => import('./ChatPanel.tsx'));

/** The chat assistant's floating icon (spec section 2), hidden once the page is scrolled 50 px. */
export function ChatWidget() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY >= CHAT_ICON_HIDE_SCROLL_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <>
      {!open && !scrolled && (
        <button
          type="button"
          className="chat-fab btn btn-primary rounded-circle shadow"
          aria-label={t('chatOpen', { name: CHAT_ASSISTANT_NAME })}
          onClick={() => {
            setOpen(true);
            setOpened(true);
          }}
        >
          <ChatIcon />
        </button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <ChatPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
