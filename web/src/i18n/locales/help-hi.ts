import type { TranslationsOf } from './en.ts';
import type { helpTextsEn } from './help-en.ts';

/** The help flaps' texts in Hindi, key for key as help-en.ts. */
export const helpTextsHi: TranslationsOf<typeof helpTextsEn> = {
  help: {
    'support.title': 'पार्टनर पोर्टल सहायता से पूछें',
    myQueries: 'आपकी क्वेरी',
    'guides.title': 'इस पृष्ठ के वीडियो गाइड',
    'guides.empty': 'इस पृष्ठ के लिए कोई गाइड उपलब्ध नहीं!',
    close: 'बंद करें',
    name: 'नाम',
    email: 'ई-मेल',
    otp: 'ई-मेल OTP',
    verify: 'सत्यापित करें',
    verified: 'ई-मेल सत्यापित',
    message: 'अपनी समस्या बताएँ',
    messageHint: '500 में से {{count}} अक्षर; कम से कम 50।',
    attachment: 'फ़ाइल संलग्न करें (वैकल्पिक)',
    submit: 'सबमिट करें',
    otpSent: '{{email}} पर OTP भेजा गया है। कृपया OTP दर्ज करें और सत्यापित करें।',
    otpVerified: 'आपका ई-मेल सत्यापित है। अपनी समस्या बताएँ और सबमिट करें।',
    invalidEmail: 'कृपया मान्य ईमेल दर्ज करें।',
    verifyFirst: 'कृपया ईमेल OTP सत्यापित करें और फिर से प्रयास करें',
    openChat: 'इस ईमेल के साथ खुली चैट पहले से मौजूद है, कृपया चैट का लिंक पाने के लिए मौजूदा ईमेल सूचनाएँ देखें',
    failure: 'कुछ गलत हो गया! कृपया सहायता से संपर्क करें।',
    submitted: 'आपकी क्वेरी सबमिट कर दी गई है, कृपया अपनी क्वेरी के अपडेट के लिए ईमेल देखें',
  },
};
