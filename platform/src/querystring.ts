import { parse } from 'fast-querystring';

/** How many distinct query strings keep their parsed object (past it, all are parsed again). */
const PARSED_KEPT = 1024;

/** A query as parsed: each name's text, or texts when it is given more than once. */
export type ParsedQuery = Readonly<Record<string, string | readonly string[]>>;

/**
 * Fastify's query-string parser (fast-querystring, its default), remembering: the same few query
 * strings come again and again (a list's first page, a search being paged, a desk refreshed). The
 * object is frozen and handed to every request with the same text, so no handler can change what
 * the next one reads, and validation (`zodValidatorCompiler`) knows a query it has checked by the
 * object alone, without writing it out as a key.
 */
export function keptQuerystringParser(): (text: string) => ParsedQuery {
  const kept = new Map<string, ParsedQuery>();
  return (text) => {
    let parsed = kept.get(text);
    if (parsed === undefined) {
      const fields = parse(text) as Record<string, string | string[]>;
      for (const value of Object.values(fields)) if (Array.isArray(value)) Object.freeze(value);
      parsed = Object.freeze(fields);
      if (kept.size >= PARSED_KEPT) kept.clear();
      kept.set(text, parsed);
    }
    return parsed;
  };
}
