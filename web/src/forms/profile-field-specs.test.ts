import { describe, expect, it } from 'vitest';
import { onboardingLabelsEn } from '@pp/contract';
import { FIELD_SPECS } from './profile-field-specs.ts';

// Labels are looked up by keys made at run time (useTextByKey), which the compiler cannot check.
describe('the onboarding field specs', () => {
  it('name only fields the contract has a label for', () => {
    const missing = Object.entries(FIELD_SPECS).flatMap(([part, fields]) =>
      fields.map((f) => `field.${part}.${f.name}`).filter((key) => !Object.hasOwn(onboardingLabelsEn, key)),
    );
    expect(missing).toEqual([]);
  });
});
