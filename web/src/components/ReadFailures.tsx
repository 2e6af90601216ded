import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient, type Query, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SessionEndedError, failureText } from '../api/client.ts';

/**
 * Whether a read's failure is this page's to show. A page that says a read's failure in its own
 * words (a spent sign-in ticket, an activation link) marks the query `meta: { failureShown: true }`;
 * an ended session has already moved the user on.
 */
const unshownFailure = (query: Query) =>
  query.state.status === 'error' &&
  query.state.fetchStatus === 'idle' &&
  !(query.state.error instanceof SessionEndedError) &&
  query.meta?.failureShown !== true;

const failedReads = (client: QueryClient) => client.getQueryCache().findAll({ type: 'active', predicate: unshownFailure });

/**
 * The one error state of a page's reads: when a read the page shows has failed (a 500, a dropped
 * connection, a malformed answer, a 403), the page says so in the server's or section 8's words
 * and offers to try again, which reads every failed one again. Placeholders waiting on a failed
 * read stop saying "Loading…" (`Loading`'s `of`), so no region waits for data that is not coming.
 */
export function ReadFailures() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  // A string, so the snapshot is the same value while the set of failed reads is.
  const failed = useSyncExternalStore(
    subscribe,
    () =>
      failedReads(client)
        .map((q) => q.queryHash)
        .join('\n'),
    () => '',
  );
  if (!failed) return null;
  const first = failedReads(client)[0];
  if (!first) return null;
  // Only the reads this alert speaks for: a spent ticket asked again would fail again.
  const tryAgain = () => void client.refetchQueries({ type: 'active', predicate: unshownFailure });
  return (
    <div className="container pt-3" data-testid="read-failures">
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mb-0" role="alert">
        <span className="me-auto">{failureText(first.state.error)}</span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={tryAgain}>
          {t('tryAgain')}
        </button>
      </div>
    </div>
  );
}
