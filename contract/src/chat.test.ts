import { describe, expect, it } from 'vitest';
import { checkCallbackPart, joinCallbackRequest, looksLikeCallbackRequest, parseCallbackRequest } from './chat.ts';

describe('chat callback rules (spec section 5)', () => {
  it.each([
    ['name', 'Asha Verma', null],
    ['name', 'आशा वर्मा', null],
    ['name', 'A'.repeat(100), null],
    ['name', 'A'.repeat(101), 'rule.chatName'],
    ['name', 'Asha2', 'rule.chatName'],
    ['name', 'Asha-Verma', 'rule.chatName'],
    ['name', '  ', 'validation.required'],
    ['company', 'Verma Steel', null],
    ['company', 'Verma & Sons', 'rule.chatName'],
    ['mobile', '9876543210', null],
    ['mobile', '0876543210', 'rule.mobile'],
    ['mobile', '987654321', 'rule.mobile'],
    ['mobile', '98765432101', 'rule.mobile'],
    ['email', 'a@b.co', null],
    ['email', 'a@b.', null],
    ['email', '@b.co', 'rule.chatEmail'],
    ['email', 'a@.co', 'rule.chatEmail'],
    ['email', 'a@bco', 'rule.chatEmail'],
    ['email', 'a.b@co', 'rule.chatEmail'],
    ['email', `${'a'.repeat(95)}@b.co`, null],
    ['email', `${'a'.repeat(96)}@b.co`, 'rule.chatEmail'],
  ] as const)('%s %j → %s', (part, value, expected) => {
    expect(checkCallbackPart(part, value)).toBe(expected);
  });

  it('round-trips the four comma-joined parts and names the first wrong one', () => {
    const text = joinCallbackRequest({
      name: 'Asha Verma',
      company: 'Verma Steel',
      mobile: '9876543210',
      email: 'asha@verma.in',
    });
    expect(text).toBe('Asha Verma,Verma Steel,9876543210,asha@verma.in');
    expect(looksLikeCallbackRequest(text)).toBe(true);
    expect(parseCallbackRequest(text)).toEqual({
      ok: true,
      value: { name: 'Asha Verma', company: 'Verma Steel', mobile: '9876543210', email: 'asha@verma.in' },
    });
    expect(parseCallbackRequest('Asha,Verma Steel,12345,asha@verma.in')).toEqual({
      ok: false,
      part: 'mobile',
      message: 'rule.mobile',
    });
    expect(parseCallbackRequest('just text')).toMatchObject({ ok: false, part: 'message' });
    expect(looksLikeCallbackRequest('how, do, I, register')).toBe(false);
  });
});
