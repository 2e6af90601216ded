import { useTranslation } from 'react-i18next';
import type { Notification } from '@pp/contract';
import { calendarDayOf } from '../../lib/dates.ts';

/**
 * A notification's text: an alert as the HTML the group wrote (spec section 3), a reminder worded
 * in the reader's language from what it is about.
 */
export function NotificationText({ notification }: { notification: Notification }) {
  const { t } = useTranslation('partner');
  const reminder = notification.reminder;
  if (!reminder) return <span dangerouslySetInnerHTML={{ __html: notification.description }} />;
  const document = reminder.statutoryDocument ? t(`reminder.doc.${reminder.statutoryDocument}`) : (reminder.questionText ?? '');
  const date = calendarDayOf(reminder.expiryDate);
  return <span>{t(reminder.daysLeft < 0 ? 'reminder.expired' : 'reminder.expiring', { document, date })}</span>;
}
