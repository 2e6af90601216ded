import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { logoutBodySchema } from './api/auth.ts';
import { signinBodySchema } from './api/auth-forms.ts';
import { decryptId, encryptId } from './crypto.ts';
import { en, hi } from './i18n/index.ts';
import { ruleSchema } from './rule-schemas.ts';
import { formatIssues, nulCharacterIssue } from './validation.ts';

const issuesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return result.error.issues;
};

describe('formatIssues', () => {
  it('names each field and says what is wrong, in English', () => {
    expect(formatIssues(issuesOf(signinBodySchema, { username: '' })).failureMessage).toBe(
      'username: This field is required; password: This field is required',
    );
  });

  it('speaks Hindi when asked', () => {
    const { fieldErrors } = formatIssues(issuesOf(z.object({ mobile: ruleSchema('mobile') }), { mobile: '0123' }), 'hi');
    expect(fieldErrors).toEqual([{ field: 'mobile', message: hi['rule.mobile'] }]);
  });

  it('treats a missing field of a union as required, and says what a wrong one should be', () => {
    const missing = formatIssues(issuesOf(logoutBodySchema, { loginAuditNumber: 'x', logoutTime: 1, logoutType: 'U' }));
    expect(missing.failureMessage).toBe('lastActionTime: This field is required');
    const wrong = formatIssues(
      issuesOf(logoutBodySchema, { lastActionTime: 'yesterday', loginAuditNumber: 'x', logoutTime: 1, logoutType: 'U' }),
    );
    expect(wrong.failureMessage).toBe('lastActionTime: Invalid ISO datetime');
  });

  it('asks for a choice not made, and names the values a wrong one may take', () => {
    const reason = z.object({ reason: z.enum(['DELAY', 'SHORT']) });
    expect(formatIssues(issuesOf(reason, { reason: '' })).fieldErrors).toEqual([
      { field: 'reason', message: en['validation.required'] },
    ]);
    expect(formatIssues(issuesOf(reason, {})).failureMessage).toBe('reason: This field is required');
    expect(formatIssues(issuesOf(reason, { reason: 'LATE' })).failureMessage).toBe('reason: Must be one of: DELAY, SHORT');
    expect(formatIssues(issuesOf(reason, { reason: 'LATE' }), 'hi').failureMessage).toBe(
      'reason: इनमें से एक होना चाहिए: DELAY, SHORT',
    );
    // A schema's own words for its value stand.
    const version = z.object({ version: z.literal('2026-04', { error: 'must be the code of conduct now in force' }) });
    expect(formatIssues(issuesOf(version, { version: '2025-04' })).failureMessage).toBe(
      'version: must be the code of conduct now in force',
    );
  });

  it('lists unknown fields', () => {
    expect(formatIssues(issuesOf(signinBodySchema, { username: 'a', password: 'b', role: 'ADMIN' })).failureMessage).toBe(
      'body: Unknown field: role',
    );
    // …named by the part of the request they came in.
    expect(formatIssues(issuesOf(signinBodySchema.partial(), { colour: 'red' }), 'en', 'query').failureMessage).toBe(
      'query: Unknown field: colour',
    );
  });
});

describe('messages', () => {
  it('has a Hindi text for every English key, each non-empty and different from the English', () => {
    expect(Object.keys(hi).sort()).toEqual(Object.keys(en).sort());
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(hi[key].trim()).not.toBe('');
      expect(hi[key]).not.toBe(en[key]);
    }
  });
});

describe('NUL characters', () => {
  it('are found in strings and keys at any depth, with the path to them', () => {
    expect(nulCharacterIssue({ a: 'fine', b: [1, 'x\u0000'] })?.path).toEqual(['b', 1]);
    expect(nulCharacterIssue({ 'k\u0000': 1 })?.path).toEqual(['k\u0000']);
    expect(nulCharacterIssue('\u0000')?.path).toEqual([]);
    expect(formatIssues([nulCharacterIssue({ user: { name: 'a\u0000' } })!]).failureMessage).toBe(
      'user.name: Must not contain a NUL character',
    );
  });

  it('are not reported where there are none, however deep the input nests', () => {
    expect(nulCharacterIssue({ a: 'fine', b: [1, null, true, { c: 'ok \u0001' }] })).toBeNull();
    expect(nulCharacterIssue(JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`))).toBeNull();
  });
});

describe('AES-CBC identifiers', () => {
  it('round-trip and produce base64 that differs from the plain text', () => {
    const cipher = encryptId('123456');
    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(cipher).not.toContain('123456');
    expect(decryptId(cipher)).toBe('123456');
  });

  it('decrypt to null, never throw, for text that is not ours', () => {
    for (const junk of ['', 'not-base64!', 'AAAA', encryptId('x').slice(0, -4)]) {
      expect(decryptId(junk)).toBeNull();
    }
  });
});
