import { pendingRequests } from '../app/ui-state.ts';
import { useStore } from '../lib-store.ts';

/** Full-page spinner while any request (other than the chat bot's) is in flight. */
export function GlobalSpinner() {
  const pending = useStore(pendingRequests);
  if (pending <= 0) return null;
  return (
    <div className="global-spinner" role="status" aria-live="polite">
      <div className="spinner-border text-primary" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
