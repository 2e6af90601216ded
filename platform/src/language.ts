import type { FastifyRequest } from 'fastify';
import { VOICE_LANGUAGE_PARAM, type Language } from '@pp/contract';

/**
 * The language a request asks its answer in: Hindi when Accept-Language prefers it to English
 * (the web sends the page's language), else English — the contract's language and the default.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string' || !header) return 'en';
  let best: { language: Language; quality: number } = { language: 'en', quality: 0 };
  for (const part of header.split(',', 20)) {
    const [tag = '', ...options] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0];
    if (primary !== 'hi' && primary !== 'en') continue;
    const q = options.map((o) => /^\s*q=([\d.]+)\s*$/.exec(o)?.[1]).find((v) => v !== undefined);
    const quality = q === undefined ? 1 : Number(q);
    if (quality > best.quality) best = { language: primary, quality };
  }
  return best.language;
}

/** The language of the voice socket: the page's, named on its address, else as requestLanguage reads it. */
export function socketLanguage(request: Pick<FastifyRequest, 'headers' | 'url'>): Language {
  const named = new URLSearchParams(request.url.split('?')[1] ?? '').get(VOICE_LANGUAGE_PARAM);
  return named === 'hi' || named === 'en' ? named : requestLanguage(request);
}

/** A name of reference data in the reader's language: its Hindi name where it has one. */
export const nameIn = (language: Language, name: string, nameHi: string | null | undefined): string =>
  language === 'hi' && nameHi ? nameHi : name;
