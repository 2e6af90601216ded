import { describe, expect, it } from 'vitest';
import { contractTextsEn, contractTextsHi } from './contract-texts.ts';
import { onboardingTextsEn } from './onboarding-en.ts';
import { onboardingTextsHi } from './onboarding-hi.ts';
import { staffTextsEn } from './staff-en.ts';
import { staffTextsHi } from './staff-hi.ts';
import { pageTextsEn } from './pages-en.ts';
import { pageTextsHi } from './pages-hi.ts';
import { chatTextsEn } from './chat-en.ts';
import { chatTextsHi } from './chat-hi.ts';
import { helpTextsEn } from './help-en.ts';
import { helpTextsHi } from './help-hi.ts';
import { partnerTextsEn } from './partner-en.ts';
import { partnerTextsHi } from './partner-hi.ts';
import { en as coreEn } from './en.ts';
import { hi as coreHi } from './hi.ts';

// Every namespace, the first page's and those that load with their feature.
const en = {
  ...coreEn,
  ...contractTextsEn,
  ...onboardingTextsEn,
  ...staffTextsEn,
  ...pageTextsEn,
  ...partnerTextsEn,
  ...helpTextsEn,
  ...chatTextsEn,
};
const hi = {
  ...coreHi,
  ...contractTextsHi,
  ...onboardingTextsHi,
  ...staffTextsHi,
  ...pageTextsHi,
  ...partnerTextsHi,
  ...helpTextsHi,
  ...chatTextsHi,
};

/** The {{values}} and <n> tags a text fills in: both languages must have the same. */
const slots = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<(\d+)>/g)].map((m) => m[1] ?? `<${m[2]}>`).sort();

describe('the translations', () => {
  const namespaces = Object.keys(en) as (keyof typeof en)[];

  it('give every English text its Hindi text, and no Hindi text without an English one', () => {
    for (const ns of namespaces) {
      const english = Object.keys(en[ns]).sort();
      expect(Object.keys(hi[ns]).sort(), `namespace ${ns}`).toEqual(english);
      for (const key of english) {
        const text = (hi[ns] as Record<string, string>)[key]!;
        expect(text.trim(), `${ns}:${key} is empty in Hindi`).not.toBe('');
      }
    }
  });

  it('fill in the same values in both languages', () => {
    for (const ns of namespaces) {
      for (const [key, text] of Object.entries(en[ns] as Record<string, string>)) {
        expect(slots((hi[ns] as Record<string, string>)[key]!), `${ns}:${key}`).toEqual(slots(text));
      }
    }
  });

  it('count with plural forms wherever a number meets a noun ("1 request", "2 requests")', () => {
    // Words after a count that do not change with it.
    const invariable = new Set(['of', 'unread']);
    const singularOnly: string[] = [];
    for (const ns of namespaces) {
      for (const [key, text] of Object.entries(en[ns] as Record<string, string>)) {
        const word = text.match(/\{\{count\}\} (\p{L}+)/u)?.[1];
        if (word && !invariable.has(word) && !/_(one|other)$/.test(key)) singularOnly.push(`${ns}:${key}`);
      }
    }
    expect(singularOnly).toEqual([]);
  });

  it('are Hindi where they are not names, codes or numbers', () => {
    const devanagari = /[\u0900-\u097F]/;
    const untranslated: string[] = [];
    for (const ns of namespaces) {
      for (const [key, text] of Object.entries(hi[ns] as Record<string, string>)) {
        const english = (en[ns] as Record<string, string>)[key]!;
        if (/[a-z]{3}/i.test(english.replace(/\{\{\s*\w+\s*\}\}/g, '')) && !devanagari.test(text))
          untranslated.push(`${ns}:${key}`);
      }
    }
    expect(untranslated).toEqual([]);
  });
});
