import type { ChatLanguage } from '@pp/contract';
import type { FaqLanguage } from '@pp/fixtures';

export const FAQ_LANGUAGE: Record<ChatLanguage, FaqLanguage> = { 'en-IN': 'en', 'hi-IN': 'hi', 'ta-IN': 'ta', 'te-IN': 'te' };

/** Words that carry no meaning for matching, per language. */
const STOPWORDS: Record<FaqLanguage, Set<string>> = {
  en: new Set(
    'a an the i me my we our you your is are am was be do does did can could should would will to of in on at for with how what when where which who why it this that and or please there as by from about'.split(
      ' ',
    ),
  ),
  hi: new Set('मैं मुझे मेरा मेरी मेरे हम आप क्या कैसे कब कहाँ कौन है हैं था की का के को में से पर और या तो भी करूँ करें कर सकता सकती'.split(' ')),
  ta: new Set('நான் என் எனக்கு நீங்கள் உங்கள் என்ன எப்படி எப்போது எங்கே ஒரு மற்றும் அல்லது'.split(' ')),
  te: new Set('నేను నా నాకు మీరు మీ ఏమి ఎలా ఎప్పుడు ఎక్కడ ఒక మరియు లేదా'.split(' ')),
};

/** Lower-cased words of a text in any of the four scripts, without punctuation and stopwords. */
export function tokenize(text: string, language: FaqLanguage): string[] {
  return text
    .toLowerCase()
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N}\s]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 1 && !STOPWORDS[language].has(w));
}
