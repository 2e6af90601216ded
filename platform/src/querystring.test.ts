import { parse } from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { keptQuerystringParser } from './querystring.ts';

describe('the kept query parser', () => {
  it('parses as Fastify’s own parser does, decoded, with repeated names as lists', () => {
    const kept = keptQuerystringParser();
    for (const text of ['companyCode=1&searchTerm=Deshpande%20Steel&pageNo=1', 'a=1&a=2&b=x+y', '', 'q=%E0%A4%B8']) {
      expect({ ...kept(text) }).toEqual({ ...parse(text) });
    }
  });

  it('hands the same frozen object to every request with the same text, which no handler can change', () => {
    const kept = keptQuerystringParser();
    const first = kept('pageNo=2&tag=a&tag=b');
    expect(kept('pageNo=2&tag=a&tag=b')).toBe(first);
    expect(() => Object.assign(first, { pageNo: '999' })).toThrow(TypeError);
    expect(() => (first.tag as string[]).push('c')).toThrow(TypeError);
    expect({ ...kept('pageNo=2&tag=a&tag=b') }).toEqual({ pageNo: '2', tag: ['a', 'b'] });
    expect(kept('pageNo=3')).not.toBe(first);
  });

  it('keeps parsing correctly past the number of texts it keeps', () => {
    const kept = keptQuerystringParser();
    for (let n = 0; n < 3000; n++) expect(kept(`n=${n}`).n).toBe(String(n));
    expect(kept('n=7').n).toBe('7');
  });
});
