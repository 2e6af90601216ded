import { describe, expect, it } from 'vitest';
import { escapeRegExp, pathMatches, routeOf, routesMatching } from './path-patterns.ts';

describe('path patterns', () => {
  it('match a served path as the contract, the document and Fastify write it, with * and **', () => {
    expect(pathMatches('/api/partner/*', '/partner-api/api/partner/info')).toBe(true);
    expect(pathMatches('/api/partner/*', '/partner-api/api/partner/info/partnerId')).toBe(false);
    expect(pathMatches('/api/**', '/partner-api/api/partner/info/partnerId')).toBe(true);
    expect(pathMatches('/api/partner.info', '/partner-api/api/partner.info')).toBe(true);
    expect(pathMatches('/api/partner.info', '/partner-api/api/partnerXinfo')).toBe(false);
    expect(pathMatches('/partner-api/api/fileDownload/{id}', '/partner-api/api/fileDownload/abc')).toBe(true);
    expect(pathMatches('/api/fileDownload/:id', '/partner-api/api/fileDownload/abc')).toBe(true);
    expect(pathMatches('/api/fileDownload/{id}', '/partner-api/api/fileDownload/')).toBe(false);
    expect(pathMatches('/chatbot/api/bot', '/chatbot/api/bot')).toBe(true);
  });

  it('know which routes a pattern can meet', () => {
    for (const pattern of [
      '/**',
      '/api/*/info',
      '/partner-api/api/fileDownload/{id}',
      '/api/fileDownload/*.pdf',
      '**/info',
      // The chat gateway's, which the server forwards and the rules meet too.
      '/chatbot/api/bot',
      '/chatbot/**',
    ]) {
      expect(routesMatching(pattern).matching.length, pattern).toBeGreaterThan(0);
    }
    expect(routesMatching('/api/fileDownload/a/b').matching).toEqual([]);
    expect(routesMatching('/api/partnr/info').nearest.path).toBe('/partner-api/api/partner/info');
  });

  it('name the route a request went to, the most specific where a parameter could also match', () => {
    expect(routeOf('GET', '/partner-api/api/claimrequest/list')?.path).toBe('/partner-api/api/claimrequest/list');
    expect(routeOf('GET', '/partner-api/api/claimrequest/G-1')?.path).toBe('/partner-api/api/claimrequest/{grievanceNumber}');
    expect(routeOf('DELETE', '/partner-api/api/claimrequest/list')).toBeUndefined();
    expect(routeOf('GET', '/PartnerMgmtApp/home')).toBeUndefined();
  });

  it('escape text for a regular expression', () => {
    const text = 'a.b*c+d?(e)[f]{g}|h^i$j\\k';
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
    expect(new RegExp(escapeRegExp('a.b')).test('axb')).toBe(false);
  });
});
