/**
 * Texts of the partner area (the partner-sidebar pages, reminders, the bell's reminder wording),
 * in English; they load with those pages (i18n/index.ts), so /home does not carry them.
 */
export const partnerTextsEn = {
  partner: {
    'reminders.lead': 'Messages from the group about your requests, and reminders of documents that are about to expire.',
    'reminders.all': 'All',
    'reminders.alerts': 'Alerts',
    'reminders.reminders': 'Reminders',
    'reminders.filter': 'Show',
    'reminders.empty': 'No new notifications to show!',
    'reminders.total_one': '{{count}} notification',
    'reminders.total_other': '{{count}} notifications',
    'reminders.unread': '{{count}} unread',
    'reminders.new': 'New',
    'reminders.markRead': 'Mark as read',
    'reminders.read': 'Read',
    'reminders.received': 'Received {{date}}',
    'reminder.expiring': 'Your {{document}} expires on {{date}}. Please upload the renewed document.',
    'reminder.expired': 'Your {{document}} expired on {{date}}. Please upload the renewed document.',
    'reminder.daysLeft_one': '{{count}} day left',
    'reminder.daysLeft_other': '{{count}} days left',
    'reminder.overdue': 'Expired',
    'reminder.company': 'Company {{companyCode}}',
    'reminder.doc.shopEstablishment': 'shop and establishment certificate',
    'reminder.doc.factoryLicence': 'factory licence',
    'scroll.label': 'Announcements',
  },
} as const;
