import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { clockQuery } from './api.ts';
import { ClockCard } from './ClockCard.tsx';
import { FaultsCard } from './FaultsCard.tsx';
import { JournalCard } from './JournalCard.tsx';
import { ScenariosCard } from './ScenariosCard.tsx';
import { SnapshotsCard } from './SnapshotsCard.tsx';

/**
 * The developer controls (issue 25): a front-end developer makes the local backend fail, slow
 * down or move in time, and sees what their app asked. Off (a note says so) where the server has
 * them off: production, or a client not on the server's machine.
 */
export default function DevtoolsPage() {
  const { t } = useTranslation('devtools');
  const clock = useQuery(clockQuery());
  const off = clock.error instanceof ApiError && clock.error.status === 404;
  return (
    <div className="container py-4">
      <h1 className="h3 page-title">{t('title')}</h1>
      <p className="text-muted">{t('intro')}</p>
      {off ? (
        <div className="alert alert-secondary">{t('off')}</div>
      ) : (
        <>
          <ClockCard />
          <ScenariosCard />
          <FaultsCard />
          <JournalCard />
          <SnapshotsCard />
        </>
      )}
    </div>
  );
}
