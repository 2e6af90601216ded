import {
  CHAT_FORM_FIELD_MAX_CHARS,
  PASSWORD_MAX_CHARS,
  PASSWORD_MIN_CHARS,
  REGISTRATION_OTP_DIGITS,
  USERNAME_MAX_CHARS,
} from './constants.ts';
import type { MessageKey } from './i18n/en.ts';

/**
 * The shared form rules of spec section 5, each a pattern (or check) with the key of its
 * English/Hindi message. Forms, the server and the tests all read them from here.
 */
interface PatternRule {
  pattern: RegExp;
  message: MessageKey;
}

export const RULES = {
  url: {
    pattern: /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(:\d{1,5})?(\/[^\s]*)?$/i,
    message: 'rule.url',
  },
  indianPinCode: { pattern: /^[1-9][0-9]{5}$/, message: 'rule.indianPinCode' },
  internationalPostalCode: { pattern: /^[A-Za-z0-9 -]{2,12}$/, message: 'rule.internationalPostalCode' },
  pan: { pattern: /^[A-Z]{5}[0-9]{4}[A-Z]$/, message: 'rule.pan' },
  panOrTan: { pattern: /^[A-Z]{4,5}[0-9]{4,5}[A-Z]$/, message: 'rule.panOrTan' },
  cost: { pattern: /^\d{1,9}(\.\d{1,2})?$/, message: 'rule.cost' },
  esi: { pattern: /^(?!0{17}$)\d{17}$/, message: 'rule.esi' },
  gst: { pattern: /^[A-Za-z0-9]{15}$/, message: 'rule.gst' },
  msme: { pattern: /^UDYAM-[A-Z]{2}-\d{2}-\d{7}$/, message: 'rule.msme' },
  pf: { pattern: /^[A-Z]{5}\d{7}[A-Z0-9]{3}\d{7}$/, message: 'rule.pf' },
  cin: { pattern: /^[LU]\d{5}[A-Z]{2}\d{4}[A-Z]{3}\d{6}$/, message: 'rule.cin' },
  companyName: { pattern: /^[A-Za-z0-9 &\-.()]+$/, message: 'rule.companyName' },
  llpin: { pattern: /^[A-Za-z]{3}\d{4}$/, message: 'rule.llpin' },
  shopEstablishmentNumber: { pattern: /^[A-Za-z0-9]{5,}$/, message: 'rule.alphanumericMin5' },
  firmRegistrationNumber: { pattern: /^[A-Za-z0-9]{5,}$/, message: 'rule.alphanumericMin5' },
  ratio: { pattern: /^(?!0+(\.0+)?:0+(\.0+)?$)\d+(\.\d+)?:\d+(\.\d+)?$/, message: 'rule.ratio' },
  accountNumber: { pattern: /^(?=.*[1-9])[A-Za-z0-9.\-\\/]+$/, message: 'rule.accountNumber' },
  email: { pattern: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/, message: 'rule.email' },
  duns: { pattern: /^\d{9}$/, message: 'rule.duns' },
  mobile: { pattern: /^[1-9]\d{9}$/, message: 'rule.mobile' },
  universalMobile: { pattern: /^[1-9]\d{9,11}$/, message: 'rule.universalMobile' },
  username: { pattern: new RegExp(`^[A-Za-z0-9_-]{1,${USERNAME_MAX_CHARS}}$`), message: 'rule.username' },
  password: {
    pattern: new RegExp(
      `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[@$!#])[A-Za-z\\d@$!#]{${PASSWORD_MIN_CHARS},${PASSWORD_MAX_CHARS}}$`,
    ),
    message: 'rule.password',
  },
  ifscBranch: { pattern: /^[A-Za-z0-9]{7}$/, message: 'rule.ifscBranch' },
  ifsc: { pattern: /^[A-Z]{4}[A-Z0-9]{7}$/, message: 'rule.ifsc' },
  swift: { pattern: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, message: 'rule.swift' },
  creditRating: { pattern: /^(0|[A-Z]+\d*[+-]?)$/, message: 'rule.creditRating' },
  vat: { pattern: /^[A-Za-z0-9]+$/, message: 'rule.vat' },
  tan: { pattern: /^[A-Z]{4}\d{5}[A-Z]$/, message: 'rule.tan' },
  aadhaar: { pattern: /^\d{12}$/, message: 'rule.aadhaar' },
  nonNegativeNumber: { pattern: /^\d+(\.\d+)?$/, message: 'rule.nonNegativeNumber' },
  personName: { pattern: /^[A-Za-z][A-Za-z .'-]{1,99}$/, message: 'rule.personName' },
  designation: { pattern: /^[A-Za-z][A-Za-z0-9 &./()-]{1,99}$/, message: 'rule.designation' },
  chatName: { pattern: new RegExp(`^[\\p{L}\\p{M} ]{1,${CHAT_FORM_FIELD_MAX_CHARS}}$`, 'u'), message: 'rule.chatName' },
  chatEmail: {
    pattern: new RegExp(`^(?=.{1,${CHAT_FORM_FIELD_MAX_CHARS}}$)[^@\\s]+@[^@\\s.][^@\\s]*\\.[^@\\s]*$`),
    message: 'rule.chatEmail',
  },
  registrationOtp: { pattern: new RegExp(`^\\d{${REGISTRATION_OTP_DIGITS}}$`), message: 'rule.registrationOtp' },
} as const satisfies Record<string, PatternRule>;

export type RuleName = keyof typeof RULES;

/** True when `value` satisfies the named rule. */
export function checkRule(name: RuleName, value: string): boolean {
  return RULES[name].pattern.test(value);
}

export const PERCENTAGE_MIN = 0;
export const PERCENTAGE_MAX = 100;
export const YEAR_MIN = 1900;
