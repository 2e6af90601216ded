import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { pendingRequests } from '../lib/ui-state.ts';
import { useStore } from '../lib/store.ts';

/** Calls quicker than this show no spinner, so fast look-ups do not flicker the page. */
const SHOW_AFTER_MS = 250;

/** Full-page spinner while any request (other than the chat bot's) is in flight. */
export function GlobalSpinner() {
  const { t } = useTranslation();
  const pending = useStore(pendingRequests) > 0;
  const [delayPassed, setDelayPassed] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setDelayPassed(true), SHOW_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setDelayPassed(false);
    };
  }, [pending]);
  if (!pending || !delayPassed) return null;
  return (
    <div className="global-spinner" role="status" aria-live="polite">
      <div className="spinner-border text-primary" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
