import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_BOX_MAX_PX } from '@pp/contract';
import { markNotificationRead, notificationsQuery } from '../../features/notifications/api.ts';
import { NotificationText } from '../../features/notifications/NotificationText.tsx';
import { UnreadBell } from './UnreadBell.tsx';
import { usePopover } from '../../components/use-popover.ts';

/**
 * The dashboard navbar's bell: unread count and a list; clicking an unread item marks it read
 * (D → R) and refreshes the count (spec section 4).
 */
export function NotificationBell() {
  const { open: popoverOpen, toggle: togglePopover, ref: popoverRef } = usePopover<HTMLDivElement>();
  const { t } = useTranslation(['chrome', 'messages']);
  const { data } = useQuery(notificationsQuery);
  const queryClient = useQueryClient();
  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
  const unread = data?.unreadCount ?? 0;

  return (
    <div className="position-relative" ref={popoverRef}>
      <button
        type="button"
        className="btn btn-link nav-icon-btn position-relative"
        aria-label={t('notificationsButton', { count: unread })}
        aria-expanded={popoverOpen}
        onClick={togglePopover}
      >
        <UnreadBell unread={unread} />
      </button>
      {popoverOpen && (
        <div
          className="dropdown-menu dropdown-menu-end show notification-box p-0"
          style={{ maxWidth: NOTIFICATION_BOX_MAX_PX.width, maxHeight: NOTIFICATION_BOX_MAX_PX.height }}
        >
          <div className="dropdown-header fw-semibold">{t('notifications')}</div>
          {!data || data.items.length === 0 ? (
            <p className="px-3 py-2 mb-0 text-muted small">{t('messages:noNotifications')}</p>
          ) : (
            <ul className="list-unstyled mb-0">
              {data.items.map((n) => (
                <li key={n.notificationId}>
                  <button
                    type="button"
                    className={`dropdown-item small text-wrap ${n.notificationStatus === 'D' ? 'fw-semibold unread' : 'text-muted'}`}
                    onClick={() => n.notificationStatus === 'D' && markRead.mutate(n.notificationId)}
                  >
                    <NotificationText notification={n} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
