import { describe, expect, it } from 'vitest';
import { onboardingText } from './labels.ts';

describe('onboarding texts for the server', () => {
  it('count with the plural form a number needs', () => {
    expect(onboardingText('onboarding.submitRefused', { count: 1 })).toBe(
      'The profile cannot be submitted yet: 1 mandatory item is missing',
    );
    expect(onboardingText('onboarding.submitRefused', { count: 3 })).toBe(
      'The profile cannot be submitted yet: 3 mandatory items are missing',
    );
  });
});
