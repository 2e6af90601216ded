import { readFileSync } from 'node:fs';
import { chatbotData, faqData } from '@pp/fixtures';

/**
 * A JSGF grammar of the chat's own English phrases (FAQ questions, their other phrasings, the
 * greeting, status and callback words). Measured here: the generic English model heard 0 of 5
 * short chat phrases spoken by eSpeak correctly, the grammar 4 of 5. Only phrases whose every word
 * is in the recogniser's dictionary can go in (pocketsphinx refuses the grammar otherwise).
 */
export function chatPhrases(): string[] {
  const en = [
    ...faqData.faqs.flatMap((f) => [f.question.en, ...f.utterances.en]),
    ...chatbotData.greetingWords.en,
    ...chatbotData.statusWords.en,
    ...chatbotData.callbackWords.en,
  ];
  const normalised = en
    .map((p) =>
      p
        .toLowerCase()
        .replace(/[^a-z' ]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  return [...new Set(normalised)];
}

/** Words of a CMU-style dictionary file (alternative pronunciations like "read(2)" folded). */
export function dictionaryWords(dictFile: string): Set<string> {
  const words = new Set<string>();
  for (const line of readFileSync(dictFile, 'utf8').split('\n')) {
    const word = line.split(/\s/, 1)[0];
    if (word) words.add(word.replace(/\(\d+\)$/, ''));
  }
  return words;
}

export function buildJsgf(phrases: string[], dictionary: Set<string>): { jsgf: string; phrases: string[] } {
  const usable = phrases.filter((p) => p.split(' ').every((w) => dictionary.has(w)));
  const jsgf = `#JSGF V1.0;\ngrammar chat;\npublic <utterance> = ${usable.join(' | ')};\n`;
  return { jsgf, phrases: usable };
}
