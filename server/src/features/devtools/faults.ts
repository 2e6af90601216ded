import { HTTP_SESSION_IDLE, TEXTS, pathMatches, type FaultEffect, type Text } from '@pp/contract';

/** A fault rule as every instance keeps it in memory (its counters live in the database only). */
export interface FaultRule {
  id: number;
  method: string | null;
  pathPattern: string | null;
  operationId: string | null;
  userId: number | null;
  client: string | null;
  probability: number;
  seed: number;
  effect: FaultEffect;
}

/** What a request offers a rule to match. */
export interface RequestFacts {
  method: string;
  /** The path the server was asked for, without the query. */
  path: string;
  operationId: string | null;
  /** The caller's account, read from its token only when a rule asks for one. */
  userId: () => Promise<number | null>;
  client: string | null;
}

/** Whether a rule matches a request (the account last: it may need the token read). */
export async function matches(rule: FaultRule, facts: RequestFacts): Promise<boolean> {
  if (rule.method && rule.method !== facts.method) return false;
  if (rule.operationId && rule.operationId !== facts.operationId) return false;
  if (rule.client && rule.client !== facts.client) return false;
  if (rule.pathPattern && !pathMatches(rule.pathPattern, facts.path)) return false;
  if (rule.userId !== null && rule.userId !== (await facts.userId())) return false;
  return true;
}

/**
 * The n-th draw of a seeded sequence, in [0, 1): the same seed gives the same draws on every
 * instance, as n is the rule's count of matched requests, kept in the database.
 */
export function draw(seed: number, n: number): number {
  // mulberry32 over the seed mixed with n (a golden-ratio step keeps neighbouring n apart).
  let t = (seed ^ Math.imul(n, 0x9e3779b1)) >>> 0;
  t = (t + 0x6d2b79f5) >>> 0;
  let r = Math.imul(t ^ (t >>> 15), 1 | t);
  r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
  return ((r ^ (r >>> 14)) >>> 0) / 4_294_967_296;
}

/** How long a delay effect waits on the n-th request it fires on. */
export function delayOf(effect: FaultEffect, seed: number, n: number): number {
  switch (effect.kind) {
    case 'delayFixed':
      return effect.ms;
    case 'delayUniform':
      return Math.round(effect.minMs + draw(seed + 1, n) * (effect.maxMs - effect.minMs));
    case 'delayLogNormal': {
      // Box–Muller from two draws; the median of a log-normal is e^mu.
      const u = Math.max(draw(seed + 1, n), Number.EPSILON);
      const v = draw(seed + 2, n);
      const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
      return Math.min(120_000, Math.round(effect.medianMs * Math.exp(effect.sigma * z)));
    }
    default:
      return 0;
  }
}

/** The section 8 wording of a status the fault answers with. */
export function faultText(status: number): Text {
  if (status === 401) return TEXTS.authRequired;
  if (status === 403) return TEXTS.accessDenied;
  if (status === 404) return TEXTS.notFound;
  if (status === HTTP_SESSION_IDLE) return TEXTS.sessionIdle;
  if (status === 502) return TEXTS.serviceDown;
  if (status === 503) return TEXTS.serviceUnavailable;
  if (status >= 500) return TEXTS.internalError;
  return TEXTS.clientError(status);
}
