import type { TranslationsOf } from './en.ts';
import type { staffTextsEn } from './staff-en.ts';

/** The staff pages' texts in Hindi, key for key as staff-en.ts. */
export const staffTextsHi: TranslationsOf<typeof staffTextsEn> = {
  staff: {
    'workbench.title': 'वर्कबेंच',
    'workbench.lead': 'आपकी डेस्क पर प्रतीक्षारत अनुरोध, नवीनतम पहले।',
    'workbench.search': 'संगठन, पार्टनर संख्या या अनुरोध संख्या से खोजें',
    'workbench.empty': 'आपकी डेस्क पर कुछ भी प्रतीक्षारत नहीं है।',
    'workbench.noMatch': 'कोई अनुरोध खोज से मेल नहीं खाता।',
    'workbench.total': '{{count}} अनुरोध',
    'workbench.counts': 'स्थिति के अनुसार खुले अनुरोध',
    'workbench.requestNumber': 'अनुरोध संख्या',
    'workbench.organisation': 'संगठन',
    'workbench.state': 'स्थिति',
    'workbench.submitted': 'जमा किया गया',
    'workbench.updated': 'अंतिम चरण',
    'workbench.previous': 'पिछला',
    'workbench.next': 'अगला',
    'workbench.page': 'पृष्ठ {{pageNo}}',
    'state.DRAFT': 'प्रारूप',
    'state.REKYC_DUE': 'पुनः-केवाईसी देय',
    'state.SEGREGATION': 'पृथक्करण',
    'state.CATEGORISATION': 'वर्गीकरण',
    'state.BUYER_REVIEW': 'क्रेता समीक्षा',
    'state.APPROVAL': 'अनुमोदन',
    'state.FINANCE_APPROVAL': 'वित्त अनुमोदन',
    'state.SENT_BACK': 'वापस भेजा गया',
    'state.APPROVED': 'स्वीकृत',
    'state.REJECTED': 'अस्वीकृत',
  },
};
