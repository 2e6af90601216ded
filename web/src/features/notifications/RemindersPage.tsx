import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notification, NotificationKind } from '@pp/contract';
import { Pager } from '../../components/Pager.tsx';
import { markNotificationRead, notificationPageQuery } from './api.ts';
import { NotificationText } from './NotificationText.tsx';
import { dateTimeOf } from '../../lib/dates.ts';

const PAGE_SIZE = 20;
const FILTERS: { kind: NotificationKind | undefined; label: 'reminders.all' | 'reminders.alerts' | 'reminders.reminders' }[] = [
  { kind: undefined, label: 'reminders.all' },
  { kind: 'ALERT', label: 'reminders.alerts' },
  { kind: 'REMINDER', label: 'reminders.reminders' },
];

function ReminderDue({ notification }: { notification: Notification }) {
  const { t } = useTranslation('partner');
  if (!notification.reminder) return null;
  // Counted by the server's clock (a developer's virtual one too), not the browser's.
  const days = notification.reminder.daysLeft;
  return (
    <span className={`badge ${days < 0 ? 'text-bg-danger' : days <= 7 ? 'text-bg-warning' : 'text-bg-info'}`}>
      {days < 0 ? t('reminder.overdue') : t('reminder.daysLeft', { count: days })}
    </span>
  );
}

/**
 * /partnerreminder (Alerts & Reminders): the partner's notifications, newest first and paged on
 * the server — the group's alerts and the reminders of expiring documents. Opening an unread one
 * marks it read (D → R): the server answers it read and the bells' count drops.
 */
export default function RemindersPage() {
  const { t } = useTranslation(['partner', 'routes']);
  const [kind, setKind] = useState<NotificationKind | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const queryClient = useQueryClient();
  const { data: page } = useQuery(notificationPageQuery({ pageNo, pageSize: PAGE_SIZE, ...(kind ? { kind } : {}) }));
  const markRead = useMutation({
    mutationFn: markNotificationRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });

  return (
    <section className="container-fluid py-3">
      <h1 className="h4 page-title mb-1">{t('routes:title.partnerReminder')}</h1>
      <p className="text-muted small">{t('reminders.lead')}</p>
      <div className="d-flex align-items-center gap-3 mb-3">
        <div className="btn-group" role="group" aria-label={t('reminders.filter')}>
          {FILTERS.map((f) => (
            <button
              key={f.label}
              type="button"
              className={`btn btn-sm ${kind === f.kind ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={kind === f.kind}
              onClick={() => {
                setKind(f.kind);
                setPageNo(1);
              }}
            >
              {t(f.label)}
            </button>
          ))}
        </div>
        {page && page.unreadCount > 0 && (
          <span className="badge text-bg-danger" data-testid="unread-count">
            {t('reminders.unread', { count: page.unreadCount })}
          </span>
        )}
      </div>
      {page && page.items.length === 0 ? (
        <p className="text-muted">{t('reminders.empty')}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={t('routes:title.partnerReminder')}>
          {page?.items.map((n) => {
            const unread = n.notificationStatus === 'D';
            return (
              <li
                key={n.notificationId}
                className={`list-group-item d-flex gap-3 align-items-start ${unread ? 'list-group-item-light fw-semibold' : ''}`}
                data-testid="notification"
              >
                <div className="flex-grow-1">
                  <div className="d-flex gap-2 align-items-center mb-1">
                    {unread && <span className="badge text-bg-primary">{t('reminders.new')}</span>}
                    <span className="badge text-bg-light border">{t(`reminders.kind.${n.kind}`)}</span>
                    <ReminderDue notification={n} />
                  </div>
                  <div className={unread ? '' : 'text-muted fw-normal'}>
                    <NotificationText notification={n} />
                  </div>
                  <small className="text-muted fw-normal">{t('reminders.received', { date: dateTimeOf(n.createdAt) })}</small>
                </div>
                {unread ? (
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary text-nowrap"
                    disabled={markRead.isPending && markRead.variables === n.notificationId}
                    onClick={() => markRead.mutate(n.notificationId)}
                  >
                    {t('reminders.markRead')}
                  </button>
                ) : (
                  <span className="small text-muted fw-normal">{t('reminders.read')}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {page && (
        <Pager
          pageNo={pageNo}
          pageSize={PAGE_SIZE}
          page={page}
          totalText={(count) => t('reminders.total', { count })}
          onPage={setPageNo}
        />
      )}
    </section>
  );
}
