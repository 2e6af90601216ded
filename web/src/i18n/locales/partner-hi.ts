import type { TranslationsOf } from './en.ts';
import type { partnerTextsEn } from './partner-en.ts';

/** The partner area's texts in Hindi, key for key as partner-en.ts. */
export const partnerTextsHi: TranslationsOf<typeof partnerTextsEn> = {
  partner: {
    'reminders.lead': 'आपके अनुरोधों के बारे में समूह के संदेश, और जल्द समाप्त होने वाले दस्तावेज़ों के अनुस्मारक।',
    'reminders.all': 'सभी',
    'reminders.alerts': 'सूचनाएँ',
    'reminders.reminders': 'अनुस्मारक',
    'reminders.filter': 'दिखाएँ',
    'reminders.empty': 'दिखाने के लिए कोई नई सूचना नहीं!',
    'reminders.total_one': '{{count}} सूचना',
    'reminders.total_other': '{{count}} सूचनाएँ',
    'reminders.unread': '{{count}} अपठित',
    'reminders.new': 'नया',
    'reminders.markRead': 'पढ़ा हुआ चिह्नित करें',
    'reminders.read': 'पढ़ा गया',
    'reminders.received': '{{date}} को प्राप्त',
    'reminder.expiring': 'आपका {{document}} {{date}} को समाप्त हो रहा है। कृपया नवीनीकृत दस्तावेज़ अपलोड करें।',
    'reminder.expired': 'आपका {{document}} {{date}} को समाप्त हो गया। कृपया नवीनीकृत दस्तावेज़ अपलोड करें।',
    'reminder.daysLeft_one': '{{count}} दिन शेष',
    'reminder.daysLeft_other': '{{count}} दिन शेष',
    'reminder.overdue': 'समाप्त',
    'reminder.company': 'कंपनी {{companyCode}}',
    'reminder.doc.shopEstablishment': 'दुकान और प्रतिष्ठान प्रमाणपत्र',
    'reminder.doc.factoryLicence': 'कारखाना लाइसेंस',
    'scroll.label': 'घोषणाएँ',
  },
};
