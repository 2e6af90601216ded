import { describe, expect, it } from 'vitest';
import { DEV_INTERNAL_TOKEN, DEV_JWT_SECRET, PUBLISHED_SECRETS } from '@pp/platform';
import { loadConfig } from './config.ts';

const base = { DATABASE_URL: 'postgresql://db/partner_portal', NODE_ENV: 'production' };
const OWN_SECRET = 'an-operator-chosen-secret-of-enough-length-0123';
const OWN_TOKEN = 'an-operator-chosen-internal-token-0123456789';

describe('production secrets', () => {
  it.each([...PUBLISHED_SECRETS, 'only-31-characters-long-secret!'])('refuses %j, naming the variable', (secret) => {
    expect(() => loadConfig({ ...base, JWT_SECRET: secret, INTERNAL_API_TOKEN: OWN_TOKEN })).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...base, JWT_SECRET: OWN_SECRET, INTERNAL_API_TOKEN: secret })).toThrow(/INTERNAL_API_TOKEN/);
  });

  it('refuses to start in production with no secrets set', () => {
    expect(() => loadConfig(base)).toThrow(/JWT_SECRET is a default published in the repository/);
  });

  it('accepts secrets of your own in production, and the defaults outside it', () => {
    expect(loadConfig({ ...base, JWT_SECRET: OWN_SECRET, INTERNAL_API_TOKEN: OWN_TOKEN }).jwtSecret).toBe(OWN_SECRET);
    const dev = loadConfig({ ...base, NODE_ENV: 'development' });
    expect([dev.jwtSecret, dev.internalApiToken]).toEqual([DEV_JWT_SECRET, DEV_INTERNAL_TOKEN]);
  });
});
