import { describe, expect, it } from 'vitest';
import { isAllowedOrigin, originListSchema, originOf, withLoopbackTwins } from './env.ts';

describe('origins of the voice WebSocket allowlist', () => {
  it.each([
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://LocalHost:8080/PartnerMgmtApp/', 'http://localhost:8080'],
    ['https://portal.example.com:443', 'https://portal.example.com'],
    ['http://portal.example.com:80/x', 'http://portal.example.com'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
    ['ftp://portal.example.com', null],
    ['localhost:8080', null],
    ['http://user@evil.example', null],
  ])('originOf(%s) is %s', (address, origin) => {
    expect(originOf(address)).toBe(origin);
  });

  it('parses a comma-separated setting and names a bad entry', () => {
    expect(originListSchema.parse(' http://localhost:8080/ ,https://a.example ')).toEqual([
      'http://localhost:8080',
      'https://a.example',
    ]);
    expect(originListSchema.safeParse('http://localhost:8080,nonsense').error?.issues[0]?.message).toBe(
      'nonsense is not an origin such as http://localhost:8080',
    );
  });

  it('allows exactly the listed origins and their loopback twins, never a missing or null one', () => {
    const allowed = withLoopbackTwins(['http://localhost:8090']);
    expect(allowed).toEqual(['http://localhost:8090', 'http://127.0.0.1:8090']);
    expect(isAllowedOrigin('http://127.0.0.1:8090', allowed)).toBe(true);
    for (const origin of [
      undefined,
      'null',
      'http://localhost:8091',
      'http://localhost:8090.evil.example',
      'https://localhost:8090',
    ]) {
      expect(isAllowedOrigin(origin, allowed)).toBe(false);
    }
  });
});
