import { gatewayApi } from './api/chat.ts';
import { api } from './api/index.ts';
import { PARTNER_API_PREFIX, type Endpoint } from './endpoint.ts';

/**
 * The path patterns of the fault rules and the journal's filter. A pattern may be written as the
 * contract writes paths (`/api/partner/info`) or as the OpenAPI document, the journal and HAR do
 * (`/partner-api/api/partner/info`); `*` stands for one segment's characters, `**` for anything,
 * and a parameter as the document or Fastify writes it (`{id}`, `:id`) for one whole segment.
 * Either way it is matched against the path the server was asked for. Shared: the server's fault
 * rules and journal filter use them, and the e2e fault sweep names the route of each read by them.
 */

type Token =
  | { kind: 'char'; char: string }
  /** One character other than `/`. */
  | { kind: 'one' }
  /** Any characters other than `/`, none too. */
  | { kind: 'segment' }
  /** Any characters. */
  | { kind: 'any' };

/** A pattern as written, as the path the server is asked for: the contract's `/api/…` gains the API's prefix. */
export function servedPattern(pattern: string): string {
  return pattern === '/api' || pattern.startsWith('/api/') ? `${PARTNER_API_PREFIX}${pattern}` : pattern;
}

/** Text that a regular expression matches as written. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PARAMETER = /^(\{[^/{}]+\}|:[A-Za-z_][A-Za-z0-9_]*)/;

function tokensOf(pattern: string): Token[] {
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length;) {
    const atSegmentStart = i === 0 || pattern[i - 1] === '/';
    const parameter = atSegmentStart ? PARAMETER.exec(pattern.slice(i)) : null;
    if (parameter) {
      tokens.push({ kind: 'one' }, { kind: 'segment' });
      i += parameter[0].length;
    } else if (pattern.startsWith('**', i)) {
      tokens.push({ kind: 'any' });
      i += 2;
    } else if (pattern[i] === '*') {
      tokens.push({ kind: 'segment' });
      i += 1;
    } else {
      tokens.push({ kind: 'char', char: pattern[i]! });
      i += 1;
    }
  }
  return tokens;
}

/**
 * A pattern's regular expression over the served path (no query), in the syntax JavaScript and
 * PostgreSQL share: the journal's filter runs it in SQL.
 */
export function patternSource(pattern: string): string {
  const parts = tokensOf(servedPattern(pattern)).map((t) =>
    t.kind === 'char' ? escapeRegExp(t.char) : t.kind === 'one' ? '[^/]' : t.kind === 'segment' ? '[^/]*' : '.*',
  );
  return `^${parts.join('')}$`;
}

const compiled = new Map<string, RegExp>();

/** Whether a served path (without its query) matches a pattern. */
export function pathMatches(pattern: string, path: string): boolean {
  let re = compiled.get(pattern);
  if (!re) compiled.set(pattern, (re = new RegExp(patternSource(pattern))));
  return re.test(path);
}

const accepts = (token: Token, char: string) =>
  token.kind === 'char' ? token.char === char : token.kind === 'any' || char !== '/';
const repeats = (token: Token) => token.kind === 'segment' || token.kind === 'any';

/**
 * Whether some path matches both token lists: a walk over pairs of positions, one character at a
 * time, over every character either names, `/`, and one that neither names.
 */
function overlap(a: Token[], b: Token[]): boolean {
  const alphabet = new Set(['/', '\u0001']);
  for (const t of [...a, ...b]) if (t.kind === 'char') alphabet.add(t.char);
  const seen = new Set<number>();
  const width = b.length + 1;
  const stack: [number, number][] = [[0, 0]];
  while (stack.length > 0) {
    const [i, j] = stack.pop()!;
    const key = i * width + j;
    if (seen.has(key)) continue;
    seen.add(key);
    if (i === a.length && j === b.length) return true;
    // A repeating token may also match nothing.
    if (i < a.length && repeats(a[i]!)) stack.push([i + 1, j]);
    if (j < b.length && repeats(b[j]!)) stack.push([i, j + 1]);
    if (i === a.length || j === b.length) continue;
    for (const char of alphabet) {
      if (!accepts(a[i]!, char) || !accepts(b[j]!, char)) continue;
      stack.push([repeats(a[i]!) ? i : i + 1, repeats(b[j]!) ? j : j + 1]);
    }
  }
  return false;
}

export interface Route {
  method: string;
  /** As the OpenAPI document writes it: `/partner-api/api/fileDownload/{id}`. */
  path: string;
  tokens: Token[];
  /** The characters that are not parameters: where two routes match a path, the one with more is meant. */
  literal: number;
}

const servedTemplate = (e: Endpoint) => `${e.prefix ?? PARTNER_API_PREFIX}${e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

let routes: readonly Route[] | undefined;

/**
 * Every route of the contract a rule can meet: the partner API's (but the controls' and the
 * mailbox's under /dev/, never faulted) and the chat gateway's, which the server forwards. Made on
 * first use: the web app imports the contract and never needs them.
 */
export function contractRoutes(): readonly Route[] {
  routes ??= [
    ...Object.values(api).flatMap((endpoints) => Object.values(endpoints as Record<string, Endpoint>)),
    ...Object.values(gatewayApi as Record<string, Endpoint>),
  ]
    .filter((e) => !e.path.startsWith('/dev/'))
    .map((e) => {
      const path = servedTemplate(e);
      const tokens = tokensOf(path);
      return { method: e.method, path, tokens, literal: tokens.filter((t) => t.kind === 'char').length };
    });
  return routes;
}

/** The route a request (its method, its served path without the query) went to: the most specific that matches. */
export function routeOf(method: string, path: string): Route | undefined {
  let found: Route | undefined;
  for (const route of contractRoutes()) {
    if (route.method !== method || !pathMatches(route.path, path)) continue;
    if (!found || route.literal > found.literal) found = route;
  }
  return found;
}

/** Edits from one text to the other (Levenshtein). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * The routes a pattern (and a method, when the rule names one) can match; when there are none, the
 * nearest route by spelling, to name in the refusal.
 */
export function routesMatching(pattern: string, method?: string): { matching: Route[]; nearest: Route } {
  const all = contractRoutes();
  const ofMethod = method ? all.filter((r) => r.method === method) : [];
  const candidates = ofMethod.length > 0 ? ofMethod : all;
  const tokens = tokensOf(servedPattern(pattern));
  const matching = candidates.filter((r) => overlap(tokens, r.tokens));
  const served = servedPattern(pattern);
  let nearest = candidates[0]!;
  let best = Infinity;
  for (const route of candidates) {
    const d = distance(served, route.path);
    if (d < best) [best, nearest] = [d, route];
  }
  return { matching, nearest };
}
