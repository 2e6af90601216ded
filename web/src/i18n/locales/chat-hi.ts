import type { TranslationsOf } from './en.ts';
import type { chatTextsEn } from './chat-en.ts';

/** The chat panel's texts in Hindi, key for key as chat-en.ts. */
export const chatTextsHi: TranslationsOf<typeof chatTextsEn> = {
  chat: {
    'callback.label': 'कॉलबैक अनुरोध',
    'callback.name': 'आपका नाम',
    'callback.company': 'कंपनी का नाम',
    'callback.mobile': 'मोबाइल नंबर',
    'callback.email': 'ई-मेल',
    'callback.submit': 'जमा करें',
    title: '{{name}} से चैट करें!',
    readAloud: 'उत्तर पढ़कर भी सुनाए जाते हैं',
    restart: 'बातचीत फिर से शुरू करें',
    close: 'चैट बंद करें',
    chooseLanguage: 'भाषा चुनें',
    chooseLanguageText: 'अपनी भाषा चुनें',
    queued: '{{name}} के तैयार होने पर भेजा जाएगा',
    typing: '{{name}} लिख रहे हैं',
    listening: 'सुन रहे हैं…',
    recognising: 'पहचान रहे हैं…',
    message: 'संदेश',
    speak: 'बोलें',
    stopRecording: 'रिकॉर्डिंग रोकें',
    send: 'भेजें',
    voiceFailed: 'आवाज़ इनपुट विफल रहा।',
  },
};
