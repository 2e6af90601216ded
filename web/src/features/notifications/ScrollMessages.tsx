import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { scrollMessagesQuery } from './api.ts';

/**
 * The scrolling messages of a dashboard (types 2 and 4 on onboarding, 3 and 4 in the partner
 * area), as one ticker; it stands still for readers who ask for less motion, and on hover.
 */
export function ScrollMessages({ types }: { types: readonly number[] }) {
  const { t } = useTranslation('partner');
  const { data } = useQuery(scrollMessagesQuery(types));
  // While they load, the bar's line is held so that the page below does not jump when they come.
  if (data === undefined)
    return (
      <div className="scroll-messages bg-warning-subtle border-bottom small" aria-hidden="true">
        {'\u00a0'}
      </div>
    );
  if (data.length === 0) return null;
  return (
    <div className="scroll-messages bg-warning-subtle border-bottom small" role="region" aria-label={t('scroll.label')}>
      <div className="scroll-messages-track">
        {data.map((m) => (
          // Written by the group as HTML, as notifications are.
          <span key={m.id} className="me-5" dangerouslySetInnerHTML={{ __html: m.message }} />
        ))}
      </div>
    </div>
  );
}
