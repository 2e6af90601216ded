import { describe, expect, it } from 'vitest';
import { MESSAGES, TEXTS } from '../server-messages.ts';
import { SERVER_TEXTS_EN } from './server-en.ts';
import { SERVER_TEXTS_HI } from './server-hi.ts';
import { say, text, type Text } from './texts.ts';

const placeholders = (template: string) => [...template.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const DEVANAGARI = /[\u0900-\u097F]/;

/** Which parameter is a list, for the messages that take one. */
const LIST_PARAMETERS: Record<string, number> = { fileTypeNotAccepted: 1, answerNeedsChoice: 0, financialYearNotAsked: 0 };

/** Every message TEXTS can make, with sample arguments of the types its parameters take. */
function everyText(): [string, Text][] {
  return Object.entries(TEXTS).map(([name, made]) => {
    if (typeof made !== 'function') return [name, made];
    const make = made as (...a: unknown[]) => Text;
    const sample = (value: unknown) => {
      const args: unknown[] = Array.from({ length: made.length }, () => value);
      const listAt = LIST_PARAMETERS[name];
      if (listAt !== undefined) args[listAt] = ['X1', 'X2'];
      return make(...args);
    };
    // Counts and sizes are numbers; names, codes and states are strings (a few call string methods).
    try {
      return [name, sample(2)];
    } catch {
      return [name, sample('X1')];
    }
  });
}

describe('the server catalogue', () => {
  it('gives every English text its Hindi, with the same parameters', () => {
    expect(Object.keys(SERVER_TEXTS_HI).sort()).toEqual(Object.keys(SERVER_TEXTS_EN).sort());
    for (const [key, english] of Object.entries(SERVER_TEXTS_EN)) {
      expect(placeholders(SERVER_TEXTS_HI[key as keyof typeof SERVER_TEXTS_HI]), key).toEqual(placeholders(english));
    }
  });

  it('says every message in Hindi, in Devanagari, with no parameter left unfilled', () => {
    for (const [name, message] of everyText()) {
      const hindi = say(message, 'hi');
      expect(hindi, name).not.toMatch(/\{\{/);
      // A few texts are a person's choice of codes (Y or N) or the spec's brand; all others read as Hindi.
      expect(DEVANAGARI.test(hindi), `${name}: ${hindi}`).toBe(true);
    }
  });

  it('reads the same English through MESSAGES as through say()', () => {
    expect(MESSAGES.usernameTaken).toBe('Username invalid or already registered.');
    expect(MESSAGES.otpInvalid(1)).toBe('Invalid OTP. 1 attempt left.');
    expect(MESSAGES.otpInvalid(3)).toBe('Invalid OTP. 3 attempts left.');
    expect(MESSAGES.signinDelayed(1)).toMatch(/in 1 second or/);
    expect(MESSAGES.signinDelayed(300)).toMatch(/in 5 minutes or/);
    expect(MESSAGES.workflowWrongState('BUYER_REVIEW', 'BUYER')).toBe(
      'This request is at “Buyer review”, waiting for the Buyer: that action cannot be taken there.',
    );
  });

  it('names states and roles inside a sentence in the sentence’s language, and a code it does not know as itself', () => {
    expect(say(TEXTS.workflowWrongState('BUYER_REVIEW', 'BUYER'), 'hi')).toBe(
      'यह अनुरोध “क्रेता समीक्षा” पर है, क्रेता की प्रतीक्षा में: वहाँ यह कार्रवाई नहीं की जा सकती।',
    );
    expect(say(TEXTS.grievanceMoved('IN_REVIEW'), 'hi')).toContain('“समीक्षा में”');
    expect(say(TEXTS.grievanceMoved('IN_REVIEW'))).toContain('it is now at “In review”.');
    expect(say(TEXTS.workflowMoved('SOMEWHERE_NEW'))).toContain('it is now at “SOMEWHERE_NEW”.');
    expect(say(TEXTS.workflowMoved('toString'))).toContain('it is now at “toString”.');
  });

  it('chooses plural forms by the language’s rules and fills parameters', () => {
    expect(say(TEXTS.otpInvalid(1), 'hi')).toBe('अमान्य ओटीपी। 1 प्रयास शेष है।');
    expect(say(TEXTS.otpInvalid(2), 'hi')).toBe('अमान्य ओटीपी। 2 प्रयास शेष हैं।');
    expect(say(TEXTS.workflowApproved('ON-1-2026-7'), 'hi')).toContain('ON-1-2026-7');
  });

  it('says the contract’s validation texts by the same means', () => {
    expect(say(text('validation.max', { max: 180 }), 'en')).toBe('Must be at most 180 characters long');
    expect(say(text('validation.max', { max: 180 }), 'hi')).toMatch(/180/);
    expect(say(text('validation.max', { max: 180 }), 'hi')).toMatch(DEVANAGARI);
  });
});
