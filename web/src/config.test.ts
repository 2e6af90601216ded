import { describe, expect, it } from 'vitest';
import { IDLE_TIMEOUT_MS, WEB_BASE_PATH } from '@pp/contract';
import { readConfig } from './config.ts';

describe('the injected run-time settings', () => {
  it('take the values the server injected', () => {
    expect(readConfig('{"idleTimeoutMs":20000,"externalLoginUrl":"/PartnerMgmtApp/external-login"}')).toEqual({
      idleTimeoutMs: 20000,
      externalLoginUrl: '/PartnerMgmtApp/external-login',
    });
  });

  it('fall back to the defaults for what is missing, mistyped or unreadable', () => {
    const defaults = { idleTimeoutMs: IDLE_TIMEOUT_MS, externalLoginUrl: `${WEB_BASE_PATH}/group-sso` };
    expect(readConfig(null)).toEqual(defaults);
    expect(readConfig('not json')).toEqual(defaults);
    expect(readConfig('{"idleTimeoutMs":-5,"externalLoginUrl":""}')).toEqual(defaults);
    expect(readConfig('{"idleTimeoutMs":"20000"}')).toEqual(defaults);
  });
});
