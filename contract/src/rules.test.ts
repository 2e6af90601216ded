import { describe, expect, it } from 'vitest';
import { ruleSchema, yearSchema, percentageSchema } from './rule-schemas.ts';
import { checkRule, type RuleName } from './rules.ts';

const cases: Record<string, { rule: RuleName; valid: string[]; invalid: string[] }> = {
  username: {
    rule: 'username',
    valid: ['a', 'A', '9', '-', '_', 'demo_partner-1', 'x'.repeat(30)],
    invalid: ['', 'x'.repeat(31), 'demo.partner', 'with space', 'ü', 'a@b'],
  },
  password: {
    rule: 'password',
    valid: ['Abcdef1@', 'Abcdef1$', 'Abcdef1!', 'Abcdef1#', `Ab1@${'x'.repeat(28)}`],
    invalid: [
      'Abcde1@', // 7 characters
      `Ab1@${'x'.repeat(29)}`, // 33 characters
      'abcdef1@', // no uppercase
      'ABCDEF1@', // no lowercase
      'Abcdefg@', // no digit
      'Abcdefg1', // no special
      'Abcdef1%', // a symbol outside @ $ ! #
      'Abcdef1@ ', // a space
    ],
  },
  email: {
    rule: 'email',
    valid: ['a@b.co', 'first.last+tag@sub.example.com', 'x_y@ex-ample.org'],
    invalid: ['', 'plain', '@example.com', 'a@', 'a@b', 'a@b.c', 'a b@example.com', 'a@exa mple.com'],
  },
  mobile: {
    rule: 'mobile',
    valid: ['9876543210', '1000000000'],
    invalid: ['0876543210', '987654321', '98765432101', '98765x3210', '+919876543210'],
  },
  universalMobile: {
    rule: 'universalMobile',
    valid: ['9876543210', '98765432101', '987654321012'],
    invalid: ['0876543210', '987654321', '9876543210123'],
  },
  duns: { rule: 'duns', valid: ['123456789', '000000000'], invalid: ['12345678', '1234567890', '12345678a'] },
  url: {
    rule: 'url',
    valid: ['https://example.com', 'http://www.example.co.in/path?q=1', 'example.com', 'sub.example.org:8080/x'],
    invalid: ['', 'not a url', 'http://', 'example', 'https://exa mple.com'],
  },
  companyName: {
    rule: 'companyName',
    valid: ['Demo Steel Traders Pvt. Ltd.', 'A & B (India)', 'X-Y 123'],
    invalid: ['', 'Name, Inc', 'Name@Co', 'Name/Co'],
  },
  indianPinCode: { rule: 'indianPinCode', valid: ['110001', '999999'], invalid: ['011000', '11000', '1100011'] },
  pan: { rule: 'pan', valid: ['ABCDE1234F'], invalid: ['abcde1234f', 'ABCD1234F', 'ABCDE12345'] },
  gst: { rule: 'gst', valid: ['22AAAAA0000A1Z5'], invalid: ['22AAAAA0000A1Z', '22AAAAA0000A1Z56', '22AAAAA0000A1Z-'] },
  msme: {
    rule: 'msme',
    valid: ['UDYAM-MH-12-1234567'],
    invalid: ['UDYAM-M-12-1234567', 'udyam-MH-12-1234567', 'UDYAM-MH-12-123456'],
  },
  cin: {
    rule: 'cin',
    valid: ['L12345MH2000PLC123456', 'U12345DL1999PTC654321'],
    invalid: ['A12345MH2000PLC123456', 'L1234MH2000PLC123456'],
  },
  esi: { rule: 'esi', valid: ['12345678901234567', '00000000000000001'], invalid: ['00000000000000000', '1234567890123456'] },
  ratio: { rule: 'ratio', valid: ['1:8.5', '0:1', '2.5:0'], invalid: ['0:0', '0.0:0', '1-8', ':1'] },
  accountNumber: { rule: 'accountNumber', valid: ['0012345', 'AB-12/3.4\\5'], invalid: ['0000', 'ABC', '12 34'] },
  ifsc: { rule: 'ifsc', valid: ['SBIN0001234'], invalid: ['SBI00012345', 'SBIN000123'] },
  swift: { rule: 'swift', valid: ['DEUTDEFF', 'DEUTDEFF500'], invalid: ['DEUTDEF', 'DEUTDEFF50', 'DEU1DEFF'] },
  tan: { rule: 'tan', valid: ['ABCD12345E'], invalid: ['ABC12345E', 'ABCD1234E'] },
  aadhaar: { rule: 'aadhaar', valid: ['123456789012'], invalid: ['12345678901', '1234567890123'] },
  creditRating: { rule: 'creditRating', valid: ['AAA', 'BBB+', 'A1-', '0'], invalid: ['aa', 'A+1', ''] },
  personName: {
    rule: 'personName',
    valid: ['Al', "Asha D'Souza", 'R. K. Verma-Rao', `A${'b'.repeat(99)}`],
    invalid: ['A', ' Asha', '1Asha', 'Asha2', 'Asha@Verma', `A${'b'.repeat(100)}`],
  },
  designation: {
    rule: 'designation',
    valid: ['CEO', 'Head - Sales & Marketing', 'Manager (Projects) / Site 2'],
    invalid: ['C', '-Head', 'Head#1', `H${'x'.repeat(100)}`],
  },
  registrationOtp: { rule: 'registrationOtp', valid: ['000000', '123456'], invalid: ['12345', '1234567', '12345a', ' 123456'] },
};

describe('section 5 rules', () => {
  for (const [name, { rule, valid, invalid }] of Object.entries(cases)) {
    it.each(valid)(`${name} accepts %j`, (value) => expect(checkRule(rule, value)).toBe(true));
    it.each(invalid)(`${name} refuses %j`, (value) => expect(checkRule(rule, value)).toBe(false));
  }

  it('reports the rule message key through zod', () => {
    const result = ruleSchema('mobile').safeParse('0123');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('rule.mobile');
  });

  it('bounds the year by 1900 and the current year', () => {
    const schema = yearSchema(() => new Date('2026-06-01'));
    expect(schema.safeParse(1900).success).toBe(true);
    expect(schema.safeParse(2026).success).toBe(true);
    expect(schema.safeParse(1899).success).toBe(false);
    expect(schema.safeParse(2027).success).toBe(false);
  });

  it('bounds a percentage by 0 and 100', () => {
    expect(percentageSchema.safeParse('0').success).toBe(true);
    expect(percentageSchema.safeParse(100).success).toBe(true);
    expect(percentageSchema.safeParse(100.01).success).toBe(false);
    expect(percentageSchema.safeParse(-1).success).toBe(false);
  });
});
